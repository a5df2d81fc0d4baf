import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { eventually } from '../support/eventually.js';
import { corpusFile, createBody, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

const XML = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';

const correction = (
  type: string,
  id: string,
  attributes: Record<string, unknown>,
  meta: Record<string, unknown> = { reason: 'misread', reviewer: 'Erika Muster' },
) => ({
  data: { type, id, attributes, meta },
});

describe('e2e: a reviewer corrects extracted fields', () => {
  const fixture = useKontor();
  let documentId: string;
  let documentPath: string;

  const etagOf = async () => (await fixture.api.get(documentPath)).headers.get('etag')!;
  const patch = (record: string, body: unknown, etag: string | null, path = `${documentPath}/${record}`) =>
    fixture.api.request('PATCH', path, { body, headers: etag === null ? {} : { 'If-Match': etag } });

  before(async function () {
    this.timeout(120_000);
    const xml = await readFile(corpusFile(XML));
    const created = await fixture.api.post(
      documentsPath(TENANT_A.id),
      createBody({ base64_files: [xml.toString('base64')], extract_line_items: true }),
    );
    documentId = created.body.data.id;
    documentPath = `${documentsPath(TENANT_A.id)}/${documentId}`;
    await fixture.api.waitUntilProcessed(documentPath);
  });

  it('given a processed document, then its read answers its stream revision as ETag', async () => {
    const read = await fixture.api.get(documentPath);

    expect(read.headers.get('etag')).to.match(/^"\d+"$/);
  });

  it('when several fields, a line item and a nested amount are corrected, then the answer shows them as manual, with a new ETag', async () => {
    const before = await etagOf();
    const item = { title: 'Beratung März', amount_total: 1100, tax_rate: 19, quantity: 11, unit: 'h', amount_unit: 100 };

    const answer = await patch(
      'accounting_document',
      correction('accounting_document', documentId, {
        invoice_number: 'RE-2026-0042',
        amount_total: 1309,
        items: [item],
        amount_details: { gross_amount_total: '1309.00' },
      }),
      before,
    );

    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.headers.get('etag')).to.equal(`"${Number(before.replace(/"/g, '')) + 1}"`);
    const attributes = answer.body.data.attributes;
    expect(attributes).to.include({ invoice_number: 'RE-2026-0042', amount_total: 1309 });
    expect(attributes.items).to.have.length(1);
    expect(attributes.items[0]).to.include({ title: 'Beratung März', amount_total: 1100, quantity: 11, article_number: null });
    expect(attributes.amount_details.gross_amount_total).to.equal('1309.00');
    expect(attributes.evidence['accounting_document.invoice_number'].source).to.include({
      kind: 'manual',
      reviewer: 'Erika Muster',
      reason: 'misread',
    });
    expect(attributes.evidence['accounting_document.amount_total'].source.machine_value).to.not.equal(1309);
  });

  it('then the document read shows the corrected values too, once projected', async () => {
    await eventually(async () => {
      const read = await fixture.api.get(`${documentPath}?include=accounting_document`);
      const record = read.body.included.find((entry: { type: string }) => entry.type === 'accounting_document');
      expect(record.attributes.invoice_number).to.equal('RE-2026-0042');
      expect(record.attributes.evidence['accounting_document.items'].source.kind).to.equal('manual');
    });
  });

  it('when an address is corrected (on its own endpoint, and in the /api/v1 form), then the read shows it', async () => {
    const answer = await patch(
      'sender_address',
      correction('sender_address', documentId, { vat_id: 'DE123456789', city_name: 'Berlin' }, { reason: 'VAT id missing a digit' }),
      await etagOf(),
      `/api${documentPath}/sender_address`,
    );

    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.data).to.include({ type: 'sender_address', id: documentId });
    expect(answer.body.data.attributes).to.include({ vat_id: 'DE123456789', city_name: 'Berlin' });
    await eventually(async () => {
      const read = await fixture.api.get(`${documentPath}/sender_address`);
      expect(read.body.data.attributes.vat_id).to.equal('DE123456789');
      expect(read.headers.get('etag')).to.equal(answer.headers.get('etag'));
    });
  });

  it('given a stale If-Match, then 412; given none, then 428; and nothing is recorded', async () => {
    const current = await etagOf();
    const body = correction('accounting_document', documentId, { number: 'X-1' });

    const stale = await patch('accounting_document', body, '"1"');
    const missing = await patch('accounting_document', body, null);

    expect(stale.status).to.equal(412);
    expect(stale.body.errors[0]).to.include({ code: 'stale_revision' });
    expect(missing.status).to.equal(428);
    expect(missing.body.errors[0].source).to.deep.equal({ header: 'If-Match' });
    expect(await etagOf()).to.equal(current);
  });

  it('given an unknown field, a wrong type, a read-only field or no reason, then 422 naming each', async () => {
    const etag = await etagOf();
    const answer = await patch(
      'accounting_document',
      correction('accounting_document', documentId, { invoice_numbr: 'A', amount_total: 'lots', type: 'receipts' }),
      etag,
    );
    const noReason = await patch('accounting_document', correction('accounting_document', documentId, { number: 'A' }, {}), etag);

    expect(answer.status).to.equal(422);
    const pointers = answer.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer);
    expect(pointers).to.include.members(['/data/attributes', '/data/attributes/amount_total', '/data/attributes/type']);
    expect(JSON.stringify(answer.body)).to.include('invoice_numbr');
    expect(noReason.status).to.equal(422);
    expect(noReason.body.errors[0].source.pointer).to.equal('/data/meta/reason');
  });

  it('given a token of another tenant, then 403 and nothing leaks; its own path does not know the document', async () => {
    const body = correction('accounting_document', documentId, { number: 'B-1' });

    const foreign = await fixture.apiB.request('PATCH', `${documentPath}/accounting_document`, { body, headers: { 'If-Match': '"1"' } });
    const ownPath = await fixture.apiB.request('PATCH', `${documentsPath(TENANT_B.id)}/${documentId}/accounting_document`, {
      body,
      headers: { 'If-Match': '"1"' },
    });

    expect(foreign.status).to.equal(403);
    expect(foreign.bytes.toString()).to.not.include('RE-2026-0042');
    expect(ownPath.status).to.equal(404);
  });

  it('given a document still processing, or finished without data, then 409', async () => {
    const processing = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ urls: [fixture.files.url('/aws.pdf')] }));
    const failedDownload = await fixture.api.post(documentsPath(TENANT_A.id), createBody({ urls: [fixture.files.url('/missing.pdf')] }));
    const processingPath = `${documentsPath(TENANT_A.id)}/${processing.body.data.id}`;
    const failedPath = `${documentsPath(TENANT_A.id)}/${failedDownload.body.data.id}`;

    const early = await patch(
      'accounting_document',
      correction('accounting_document', processing.body.data.id, { number: 'A' }),
      '"0"',
      `${processingPath}/accounting_document`,
    );
    const done = await fixture.api.waitUntilProcessed(failedPath);
    const empty = await patch(
      'accounting_document',
      correction('accounting_document', failedDownload.body.data.id, { number: 'A' }),
      done.headers.get('etag'),
      `${failedPath}/accounting_document`,
    );

    expect(early.status).to.equal(409);
    expect(early.body.errors[0].code).to.equal('document_processing');
    expect(empty.status).to.equal(409);
    expect(empty.body.errors[0].code).to.equal('no_extracted_data');
  });

  it('given a body for another record or document, then 409 as JSON:API asks; another method, 405', async () => {
    const etag = await etagOf();

    const wrongType = await patch('accounting_document', correction('sender_address', documentId, { vat_id: 'A' }), etag);
    const wrongId = await patch(
      'accounting_document',
      correction('accounting_document', '00000000-0000-4000-8000-000000000000', { number: 'A' }),
      etag,
    );
    const deleted = await fixture.api.request('DELETE', `${documentPath}/accounting_document`);

    expect(wrongType.status).to.equal(409);
    expect(wrongId.status).to.equal(409);
    expect(deleted.status).to.equal(405);
    expect(deleted.headers.get('allow')).to.equal('GET, PATCH');
  });
});
