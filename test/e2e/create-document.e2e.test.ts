import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { noisyScan } from '../support/noisy-scan.js';
import { corpusFile, createBody, documentsPath, TENANT_A, useKontor } from './kontor-fixture.js';

const MILLISECOND_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('e2e: creating a document', function () {
  this.timeout(60_000);
  const MAX_BODY_BYTES = 8 * 1024 * 1024;
  const fixture = useKontor({ MAX_BODY_BYTES: String(MAX_BODY_BYTES) });
  const collection = documentsPath(TENANT_A.id);
  let pdfBase64: string;

  before(async () => {
    pdfBase64 = (await readFile(corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf'))).toString('base64');
  });

  it('given a base64 file (newer variant), then 201 with the document in processing and everything echoed', async () => {
    const response = await fixture.api.post(
      collection,
      createBody({
        base64_files: [pdfBase64],
        custom_fields: { cost_center: 'CC-7', batch: 3 },
        document_type: 'invoice',
        extract_line_items: true,
      }),
    );

    expect(response.status).to.equal(201);
    const { data } = response.body;
    expect(data.type).to.equal('documents');
    expect(data.id).to.be.a('string').that.is.not.empty;
    expect(response.headers.get('location')).to.equal(`${fixture.kontor.baseUrl}${collection}/${data.id}`);
    expect(data.attributes).to.include({
      current_status: 'processing',
      status: 'pending',
      document_type: 'invoice',
      extraction_process: 'full-extraction',
      signed_pdf: null,
      enhanced_pdf: null,
      thumbnail: null,
      download_errors: null,
      urls: null,
    });
    expect(data.attributes.created_at).to.match(MILLISECOND_TIMESTAMP);
    expect(data.attributes.updated_at).to.match(MILLISECOND_TIMESTAMP);
    expect(data.attributes.custom_fields).to.deep.equal({ cost_center: 'CC-7', batch: 3 });
    expect(data.attributes.error_codes).to.deep.equal([]);
    expect(data.attributes.previews).to.deep.equal([]);
    expect(data.relationships).to.deep.equal({
      accounting_document: { meta: { included: false } },
      sender_address: { meta: { included: false } },
      receiver_address: { meta: { included: false } },
    });
    expect(response.body.jsonapi).to.deep.equal({ version: '1.0' });
    expect(response.headers.get('content-type')).to.contain('application/vnd.api+json');
  });

  it('given the older variant on the /api/v1 path with type "document", then it answers in kind', async () => {
    const response = await fixture.api.post(
      documentsPath(TENANT_A.id, 'api'),
      createBody({ urls: [fixture.files.url('/aws.pdf')], extraction_process: 'basic-extraction' }, 'document'),
    );

    expect(response.status).to.equal(201);
    expect(response.body.data.type).to.equal('document');
    expect(response.body.data.attributes).to.include({ extraction_process: 'basic-extraction', status: 'pending' });
    expect(response.body.data.attributes.urls).to.deep.equal([fixture.files.url('/aws.pdf')]);
    expect(response.headers.get('location')).to.contain(`/api/v1/${TENANT_A.id}/documents/`);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['neither source', {}, '/data/attributes'],
    ['an empty urls list and no files', { urls: [] }, '/data/attributes'],
    ['urls that is not an array', { urls: 'https://example.com/a.pdf' }, '/data/attributes/urls'],
    ['a URL that is not http(s)', { urls: ['ftp://example.com/a.pdf'] }, '/data/attributes/urls/0'],
    ['bad base64', { base64_files: ['not base64!!'] }, '/data/attributes/base64_files/0'],
    ['an empty base64 string', { base64_files: [''] }, '/data/attributes/base64_files/0'],
    [
      'an unknown extraction_process',
      { urls: ['https://example.com/a.pdf'], extraction_process: 'magic' },
      '/data/attributes/extraction_process',
    ],
    [
      'a non-boolean extract_line_items',
      { urls: ['https://example.com/a.pdf'], extract_line_items: 'yes' },
      '/data/attributes/extract_line_items',
    ],
    ['an unknown document_type', { urls: ['https://example.com/a.pdf'], document_type: 'poem' }, '/data/attributes/document_type'],
    ['custom_fields that is not an object', { urls: ['https://example.com/a.pdf'], custom_fields: [1] }, '/data/attributes/custom_fields'],
    ['an unknown attribute', { urls: ['https://example.com/a.pdf'], colour: 'red' }, '/data/attributes'],
  ];
  for (const [what, attributes, pointer] of invalid) {
    it(`given ${what}, then 422 naming ${pointer}`, async () => {
      const response = await fixture.api.post(collection, createBody(attributes));

      expect(response.status).to.equal(422);
      const pointers = response.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer);
      expect(pointers).to.include(pointer);
      expect(response.body.errors[0]).to.include.keys('status', 'code', 'title', 'detail', 'source');
    });
  }

  it('given a wrong resource type, then 422 at /data/type', async () => {
    const response = await fixture.api.post(collection, {
      data: { type: 'invoices', attributes: { urls: ['https://example.com/a.pdf'] } },
    });

    expect(response.status).to.equal(422);
    expect(response.body.errors[0].source.pointer).to.equal('/data/type');
  });

  it('given malformed JSON, then 400', async () => {
    const response = await fixture.api.request('POST', collection, { rawBody: '{"data": {' });

    expect(response.status).to.equal(400);
    expect(response.body.errors[0].code).to.equal('invalid_json');
  });

  it('given a body that is not JSON:API, then 415; given an Accept it cannot meet, then 406', async () => {
    const unsupported = await fixture.api.request('POST', collection, { rawBody: 'a,b', headers: { 'Content-Type': 'text/csv' } });
    const withParameter = await fixture.api.request('POST', collection, {
      rawBody: '{}',
      headers: { 'Content-Type': 'application/vnd.api+json; ext=bulk' },
    });
    const notAcceptable = await fixture.api.get(collection, { headers: { Accept: 'text/html' } });
    const utf16 = await fixture.api.request('POST', collection, {
      rawBody: Buffer.from('{"data":{}}', 'utf16le'),
      headers: { 'Content-Type': 'application/json; charset=utf-16' },
    });

    expect(utf16.status).to.equal(415);
    expect(utf16.body.errors[0].code).to.equal('unsupported_encoding');
    expect(unsupported.status).to.equal(415);
    expect(withParameter.status).to.equal(415);
    expect(notAcceptable.status).to.equal(406);
  });

  it('given a body over the configured limit, then 413 and the service keeps answering', async () => {
    const tooLarge = 'A'.repeat(MAX_BODY_BYTES + 1024);
    const response = await fixture.api.post(collection, createBody({ base64_files: [tooLarge] }));
    const after = await fixture.api.get(collection);

    expect(response.status).to.equal(413);
    expect(response.body.errors[0].code).to.equal('payload_too_large');
    expect(after.status).to.equal(200);
  });

  it('given a body of exactly MAX_BODY_BYTES holding a noisy 200-dpi scan, then 201; given one byte more, then 413', async () => {
    const scan = (await noisyScan()).toString('base64');
    const json = JSON.stringify(createBody({ base64_files: [scan] }));
    expect(json.length, 'the scan fits the limit').to.be.below(MAX_BODY_BYTES);
    const exactly = json.padEnd(MAX_BODY_BYTES, ' ');

    const created = await fixture.api.request('POST', collection, { rawBody: exactly });
    const tooLarge = await fixture.api.request('POST', collection, { rawBody: `${exactly} ` });

    expect(created.status).to.equal(201);
    expect(created.body.data.attributes.current_status).to.equal('processing');
    expect(tooLarge.status).to.equal(413);
    expect(tooLarge.body.errors[0]).to.include({ status: '413', code: 'payload_too_large' });
  });

  it('given custom fields holding nested JSON, then create and read echo them exactly', async () => {
    const customFields = { nested: { a: [1, 'x', null, { b: true }], empty: {} }, note: 'Grüße', '2': -0.5 };
    const created = await fixture.api.post(collection, createBody({ urls: [fixture.files.url('/aws.pdf')], custom_fields: customFields }));
    const read = await fixture.api.get(`${collection}/${created.body.data.id}`);

    expect(created.status).to.equal(201);
    expect(JSON.stringify(created.body.data.attributes.custom_fields)).to.equal(JSON.stringify(customFields));
    expect(JSON.stringify(read.body.data.attributes.custom_fields)).to.equal(JSON.stringify(customFields));
  });

  it('given custom fields nested too deeply, then 422 pointing at the place', async () => {
    const response = await fixture.api.post(
      collection,
      createBody({
        urls: ['https://example.com/a.pdf'],
        custom_fields: { deep: { a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } } },
      }),
    );

    expect(response.status).to.equal(422);
    expect(response.body.errors[0].source.pointer).to.equal('/data/attributes/custom_fields/deep/a/b/c/d/e/f/g/h');
  });

  for (const form of ['v1', 'api'] as const) {
    it(`given a path or query string that is not percent-encoded UTF-8 (${form} form), then 400 with a JSON:API error`, async () => {
      const base = documentsPath(TENANT_A.id, form);
      for (const path of [`${base}/%FF%FE`, `${base}?filter[custom_fields.a]=%FF`, `${base}/%E2%82`, `${base}?sort=%`]) {
        const response = await fixture.api.get(path);
        expect(response.status, path).to.equal(400);
        expect(response.headers.get('content-type')).to.equal('application/vnd.api+json');
        expect(response.body.errors[0]).to.include({ status: '400', code: 'invalid_url_encoding' });
      }
    });
  }

  it('given a body that is not UTF-8, then 400 and nothing is created', async () => {
    const before = (await fixture.api.get(collection)).body.meta.total;
    const latin1 = Buffer.from(
      JSON.stringify(createBody({ urls: ['https://example.com/a.pdf'], custom_fields: { name: 'Müller' } })),
      'latin1',
    );

    const response = await fixture.api.request('POST', collection, { rawBody: latin1 });

    expect(response.status).to.equal(400);
    expect(response.body.errors[0]).to.include({ status: '400', code: 'invalid_encoding' });
    expect((await fixture.api.get(collection)).body.meta.total).to.equal(before);
  });

  it('given JSON nested deeper than 64 levels or escaping a lone surrogate, then 400', async () => {
    const deep = await fixture.api.request('POST', collection, { rawBody: `${'['.repeat(100_000)}${']'.repeat(100_000)}` });
    const surrogate = await fixture.api.request('POST', collection, {
      rawBody: '{"data":{"type":"documents","attributes":{"urls":["https://example.com/\\ud800"],"custom_fields":{"a":"\ud800"}}}}',
    });

    expect(deep.status).to.equal(400);
    expect(deep.body.errors[0].code).to.equal('json_too_deep');
    expect(surrogate.status).to.equal(400);
    expect(surrogate.body.errors[0].code).to.equal('invalid_json');
  });

  it('given hostile inputs, then never a 500 and the service keeps answering', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { data: null },
      { data: [] },
      { data: { type: 'documents' } },
      { data: { type: 'documents', attributes: null } },
      { data: { type: 'documents', attributes: { urls: [null] } } },
      { data: { type: 'documents', attributes: { base64_files: [{}] } } },
      { data: { type: 'documents', attributes: { custom_fields: { 'a b': 1 }, urls: ['https://x.example/a'] } } },
      { data: { type: 'documents', id: 'mine', attributes: { urls: ['https://x.example/a'] } } },
    ];
    for (const body of bodies) {
      const response = await fixture.api.post(collection, body);
      expect(response.status, JSON.stringify(body)).to.be.oneOf([400, 422]);
    }
    for (const path of [
      `${collection}/%00`,
      `${collection}/..%2F..%2Fetc`,
      `${collection}?filter[=1`,
      `${collection}?page[size]=-1`,
      `${collection}/x/files/..%2F`,
    ]) {
      const response = await fixture.api.get(path);
      expect(response.status, path).to.be.within(400, 499);
    }
    expect((await fixture.api.get(collection)).status).to.equal(200);
  });
});
