import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

interface Listed {
  id: string;
  attributes: Record<string, unknown>;
}

describe('e2e: listing, filtering, sorting and paging documents', function () {
  this.timeout(240_000);
  const fixture = useKontor();
  const collection = documentsPath(TENANT_A.id, 'api');
  const ids: Record<string, string> = {};

  const list = async (query: string) => {
    const response = await fixture.api.get(`${collection}?${query}`);
    expect(response.status, `${query}: ${JSON.stringify(response.body?.errors)}`).to.equal(200);
    return response;
  };
  const idsOf = async (query: string) => {
    const response = await list(`${query}&page[size]=100`);
    return (response.body.data as Listed[]).map((document) => document.id).sort();
  };
  const named = (...names: string[]) => names.map((name) => ids[name]).sort();

  before(async () => {
    const aws = (await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf'))).toString('base64');
    const netpresse = (await readFile(corpusFile('invoice2data/tests/compare/NetpresseInvoice.pdf'))).toString('base64');
    const submit = async (name: string, attributes: Record<string, unknown>) => {
      const created = await fixture.api.post(collection, createBody(attributes));
      expect(created.status).to.equal(201);
      ids[name] = created.body.data.id;
    };
    await submit('aws', {
      base64_files: [aws],
      document_type: 'invoice',
      custom_fields: { project: 'alpha', priority: 1, po: '4711', order: { customer: { id: 7, name: 'Acme' } } },
    });
    await submit('netpresse', {
      base64_files: [netpresse],
      custom_fields: { project: 'beta', priority: 5, order: { customer: { id: 3 }, lines: [{ id: 7 }] } },
    });
    await submit('failed', {
      urls: [fixture.files.url('/gone.pdf')],
      document_type: 'receipt',
      custom_fields: { project: 'Gamma Müller AG' },
    });
    await submit('awsAgain', { urls: [fixture.files.url('/aws.pdf')], extraction_process: 'basic-extraction' });
    await fixture.apiB.post(documentsPath(TENANT_B.id), createBody({ base64_files: [aws], custom_fields: { project: 'alpha' } }));
    for (const id of Object.values(ids)) await fixture.api.waitUntilProcessed(`${collection}/${id}`);
  });

  it('lists only the tenant’s documents, newest first, with a total and links', async () => {
    const response = await list('');

    expect(response.body.meta.total).to.equal(4);
    expect((response.body.data as Listed[]).map((document) => document.id)).to.deep.equal([
      ids.awsAgain,
      ids.failed,
      ids.netpresse,
      ids.aws,
    ]);
    expect(response.body.links).to.include.keys('self', 'first', 'prev', 'next', 'last');
    expect(response.body.data[0].attributes).to.include({ tenant_id: TENANT_A.id });
    expect(response.body.data[0].attributes).to.include.keys('estimated_time_of_completion', 'source_files');
  });

  it('filters on document attributes with equals, _not and _blank', async () => {
    expect(await idsOf('filter[current_status]=done')).to.deep.equal(named('aws', 'netpresse', 'failed', 'awsAgain'));
    expect(await idsOf('filter[status]=done&filter[document_type]=receipt')).to.deep.equal(named('failed'));
    expect(await idsOf('filter[document_type_not]=receipt')).to.deep.equal(named('aws', 'netpresse', 'awsAgain'));
    expect(await idsOf('filter[error_codes]=download_failed')).to.deep.equal(named('failed'));
    expect(await idsOf('filter[error_codes_blank]=true')).to.deep.equal(named('aws', 'netpresse', 'awsAgain'));
    expect(await idsOf('filter[extraction_process]=basic-extraction')).to.deep.equal(named('awsAgain'));
  });

  it('filters on timestamps with _lt, _lte, _gt, _gte and _range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await idsOf(`filter[created_at_range]=${today}..${today}`)).to.have.length(4);
    expect(await idsOf('filter[created_at_range]=2000-01-01..2000-12-31')).to.deep.equal([]);
    expect(await idsOf(`filter[created_at_gte]=${today}`)).to.have.length(4);
    expect(await idsOf(`filter[created_at_lt]=${today}`)).to.deep.equal([]);
    expect(await idsOf('filter[created_at_gt]=2000-01-01&filter[created_at_lte]=2999-01-01')).to.have.length(4);
  });

  it('filters and sorts on values nested in custom fields by dotted path', async () => {
    expect(await idsOf('filter[custom_fields.order.customer.id_gt]=5')).to.deep.equal(named('aws'));
    expect(await idsOf('filter[custom_fields.order.customer.id]=3')).to.deep.equal(named('netpresse'));
    expect(await idsOf('filter[custom_fields.order.customer.name_fuzzy]=acme')).to.deep.equal(named('aws'));
    expect(await idsOf('filter[custom_fields.order.lines.id]=7'), 'arrays are not stepped into').to.deep.equal([]);
    expect(await idsOf('filter[custom_fields.order.customer_blank]=false'), 'an object is no scalar').to.deep.equal([]);
    const sorted = await list('sort=-custom_fields.order.customer.id&filter[custom_fields.order.customer.id_blank]=false');
    expect((sorted.body.data as Listed[]).map((document) => document.id)).to.deep.equal([ids.aws, ids.netpresse]);
  });

  it('filters on custom fields: equals (number or text), _contains, _fuzzy, comparisons, _blank', async () => {
    expect(await idsOf('filter[custom_fields.project]=alpha')).to.deep.equal(named('aws'));
    expect(await idsOf('filter[custom_fields.po]=4711')).to.deep.equal(named('aws'));
    expect(await idsOf('filter[custom_fields.project_contains]=MMA')).to.deep.equal(named('failed'));
    expect(await idsOf('filter[custom_fields.project_fuzzy]=gamma mueller')).to.deep.equal(named('failed'));
    expect(await idsOf('filter[custom_fields.priority_gt]=2')).to.deep.equal(named('netpresse'));
    expect(await idsOf('filter[custom_fields.priority_range]=1..5')).to.deep.equal(named('aws', 'netpresse'));
    expect(await idsOf('filter[custom_fields.project_blank]=true')).to.deep.equal(named('awsAgain'));
  });

  it('filters on the related records: accounting_document and sender_address', async () => {
    expect(await idsOf('filter[accounting_document.invoice_date_range]=2014-01-01..2014-12-31')).to.deep.equal(named('aws', 'awsAgain'));
    expect(await idsOf('filter[accounting_document.amount_total_gt]=50')).to.deep.equal(named('netpresse'));
    expect(await idsOf('filter[accounting_document.currency]=EUR')).to.deep.equal(named('netpresse'));
    expect(await idsOf('filter[accounting_document.number_contains]=4218')).to.deep.equal(named('aws', 'awsAgain'));
    expect(await idsOf('filter[accounting_document.amount_total_blank]=true')).to.deep.equal(named('failed'));

    const senders = await list('filter[sender_address.company_name_contains]=a&include=sender_address&page[size]=100');
    for (const record of senders.body.included) expect(String(record.attributes.company_name).toLowerCase()).to.contain('a');
    expect(senders.body.data).to.have.length(senders.body.included.length);
  });

  it('combines filters, sorts and includes the related records once each', async () => {
    const response = await list(
      'filter[current_status]=done&filter[custom_fields.project_not]=beta&sort=accounting_document.amount_total,-created_at&include=accounting_document',
    );
    const order = (response.body.data as Listed[]).map((document) => document.id);

    expect(order).to.deep.equal([ids.failed, ids.awsAgain, ids.aws]);
    expect(response.body.included.map((record: { id: string }) => record.id).sort()).to.deep.equal(named('aws', 'awsAgain'));
  });

  it('pages with page[number] and page[size], with prev/next/last links', async () => {
    const first = await list('page[size]=3');
    const second = await fixture.api.get(new URL(first.body.links.next).pathname + new URL(first.body.links.next).search);

    expect(first.body.data).to.have.length(3);
    expect(first.body.links.prev).to.equal(null);
    expect(first.body.meta).to.deep.include({ total: 4 });
    expect(second.body.data).to.have.length(1);
    expect(second.body.links.next).to.equal(null);
    expect(second.body.links.last).to.equal(second.body.links.self);
    expect(new Set([...first.body.data, ...second.body.data].map((document: Listed) => document.id)).size).to.equal(4);
  });

  const refused: Array<[string, string]> = [
    ['filter[colour]=red', 'filter[colour]'],
    ['filter[accounting_document.amount_total_gt]=lots', 'filter[accounting_document.amount_total_gt]'],
    ['filter[accounting_document.invoice_date]=12/03/2026', 'filter[accounting_document.invoice_date]'],
    ['filter[created_at_range]=2026-01-01', 'filter[created_at_range]'],
    ['filter[document_type_gt]=a', 'filter[document_type_gt]'],
    ['page[size]=101', 'page[size]'],
    ['page[number]=0', 'page[number]'],
    ['sort=colour', 'sort'],
    ['include=owner', 'include'],
    ['colour=red', 'colour'],
  ];
  for (const [query, parameter] of refused) {
    it(`refuses ${query} with 400 naming ${parameter}`, async () => {
      const response = await fixture.api.get(`${collection}?${query}`);

      expect(response.status).to.equal(400);
      expect(response.body.errors.map((error: { source: { parameter: string } }) => error.source.parameter)).to.include(parameter);
    });
  }
});
