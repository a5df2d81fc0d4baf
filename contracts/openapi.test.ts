import { expect } from 'chai';
import { DocumentErrorCodes, DocumentTypes, ExtractionProcesses, type StoredFile } from './events/common.js';
import type { DocumentEvent } from './events/document-events.js';
import type { ExtractedData } from './events/extracted-data.js';
import { buildDocumentView } from '../shared/read-model/build-document-view.js';
import { RELATIONSHIPS, renderDocument } from '../shared/read-model/render-document.js';
import { givenDocument, storedFile, submitted } from '../test/support/given-document.js';
import {
  compileOpenApiSchema,
  expectMatchesOpenApi,
  expectMatchesOpenApiSchema,
  findOperation,
  openApiDocument,
  resolvePointer,
} from '../test/support/openapi-validator.js';

type Json = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const BASE = 'http://localhost:8080/api/v1/acme';
const ID = '5b0f7c1e-8f7a-4d7e-9a59-3f1b2c4d5e6f';

const document = () => openApiDocument();
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const deref = (value: unknown): Json => {
  let current = value;
  while (isObject(current) && typeof current.$ref === 'string') current = resolvePointer(document(), current.$ref);
  return current as Json;
};

/** Every value in the document with its JSON pointer. */
const walk = (value: unknown, pointer: string, visit: (value: unknown, pointer: string) => void): void => {
  visit(value, pointer);
  if (Array.isArray(value)) value.forEach((entry, index) => walk(entry, `${pointer}/${index}`, visit));
  else if (isObject(value))
    for (const [key, entry] of Object.entries(value)) walk(entry, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, visit);
};

const operations = (): Array<{ where: string; operation: Json; pathItem: Json; other: boolean }> =>
  Object.entries(document().paths as Json).flatMap(([path, rawItem]) => {
    const pathItem = deref(rawItem);
    const described = HTTP_METHODS.filter((method) => isObject(pathItem[method])).map((method) => ({
      where: `${method.toUpperCase()} ${path}`,
      operation: pathItem[method] as Json,
      pathItem,
      other: false,
    }));
    const other = pathItem['x-other-methods'];
    return isObject(other) ? [...described, { where: `other methods ${path}`, operation: deref(other), pathItem, other: true }] : described;
  });

const jsonapi = { version: '1.0' };

const fileObject = (fileId: string, fileName: string, mimeType: string) => ({
  url: `${BASE}/documents/${ID}/files/${fileId}`,
  file_name: fileName,
  mime_type: mimeType,
});

/** A hand-written document resource as the query service renders a finished one. */
const documentResource = (overrides: Json = {}): Json => ({
  type: 'documents',
  id: ID,
  attributes: {
    created_at: '2026-03-12T10:00:00.000Z',
    updated_at: '2026-03-12T10:00:09.000Z',
    custom_fields: { customer_ref: 'K-1001', priority: 2, urgent: false, note: null },
    download_errors: null,
    error_codes: ['payment_credentials_unclear'],
    extraction_process: 'full-extraction',
    extract_line_items: true,
    urls: ['https://files.example.com/invoice.pdf'],
    current_status: 'done',
    status: 'done',
    document_type: 'receipt',
    tenant_id: 'acme',
    estimated_time_of_completion: '2026-03-12T10:00:09.000Z',
    source_files: [fileObject('source-0', 'invoice.pdf', 'application/pdf')],
    enhanced_pdf: [fileObject('enhanced-pdf', 'invoice-enhanced.pdf', 'application/pdf')],
    signed_pdf: null,
    previews: [fileObject('preview-1', 'preview-1.jpg', 'image/jpeg')],
    thumbnail: fileObject('thumbnail', 'thumbnail.jpg', 'image/jpeg'),
    ...overrides,
  },
  relationships: {
    accounting_document: { data: { type: 'accounting_document', id: ID } },
    sender_address: { data: { type: 'sender_address', id: ID } },
    receiver_address: { meta: { included: false } },
  },
  links: { self: `${BASE}/documents/${ID}` },
});

const senderAddress = {
  type: 'sender_address',
  id: ID,
  attributes: {
    created_at: '2026-03-12T10:00:00.000Z',
    updated_at: '2026-03-12T10:00:09.000Z',
    address_id: null,
    type: 'sender_address',
    company_name: 'Muster AG',
    contact_person_name: '',
    street: 'Bahnhofstrasse',
    house_number: '1',
    post_office_box: null,
    postal_code: '8001',
    city_name: 'Zürich',
    country_code: 'CH',
    company_id: null,
    vat_id: 'CHE-123.456.789',
  },
  relationships: { document: { meta: { included: false } } },
};

const accountingDocument = {
  type: 'accounting_document',
  id: ID,
  attributes: {
    created_at: '2026-03-12T10:00:00.000Z',
    updated_at: '2026-03-12T10:00:09.000Z',
    type: 'receipts',
    invoice_date: '2026-03-01',
    delivery_date: null,
    number: 'R-2026-17',
    invoice_number: 'R-2026-17',
    order_number: null,
    currency: 'CHF',
    including_tax: true,
    additional_information: null,
    amount_total: 107.7,
    amount_details: {
      gross_amount_total: '107.70',
      tax_amount_total: '7.70',
      net_amount_total: '100.00',
      partial_amounts: [{ tax_rate: '7.7', net_amount: '100.00', tax_amount: '7.70', gross_amount: '107.70' }],
    },
    items: [
      {
        title: 'Consulting',
        amount_total: 100,
        tax_rate: 7.7,
        article_number: null,
        unit: 'h',
        quantity: 1,
        discount_rate: null,
        amount_unit: 100,
        order_number: null,
        delivery_note_number: null,
        delivery_date: null,
        nominal_account: null,
      },
    ],
    payment_conditions: [{ date: '2026-03-31', type: 'payment_condition', percentage: null, fixed_price: null, number_of_days: 30 }],
    bank_accounts: [{ iban: 'CH9300762011623852957', bic: null }],
    discount_rate: null,
    discount_total: null,
    payment_method: null,
    reference: null,
    esr: null,
    es: null,
    text: 'Muster AG\nRechnung R-2026-17',
    evidence: { 'accounting_document.amount_total': { confidence: 0.92, source: { kind: 'text', page: 1, box: [10, 20, 110, 40] } } },
  },
  relationships: { document: { meta: { included: false } } },
};

const singleDocumentBody = (resource: Json = documentResource()): Json => ({
  data: resource,
  included: [accountingDocument, senderAddress],
  meta: {},
  links: { self: `${BASE}/documents/${ID}` },
  jsonapi,
});

const errorBody = (status: string, code: string, extra: Json = {}): Json => ({
  errors: [{ status, code, title: 'Not found', detail: `no document ${ID} for this tenant`, ...extra }],
  jsonapi,
});

describe('contracts/openapi.yaml', () => {
  describe('the document', () => {
    it('parses and is OpenAPI 3.1', () => {
      expect(document().openapi)
        .to.be.a('string')
        .and.match(/^3\.1\.\d+$/);
      expect(document().info).to.be.an('object');
    });

    it('lists exactly the enums the code knows: error codes, document types, extraction processes', () => {
      const schemas = (document().components as Json).schemas as Record<string, { enum: string[] }>;

      expect(schemas.DocumentErrorCode!.enum).to.have.members([...DocumentErrorCodes]);
      expect(schemas.DocumentType!.enum).to.have.members([...DocumentTypes]);
      expect(schemas.ExtractionProcess!.enum).to.have.members([...ExtractionProcesses]);
    });

    it('resolves every $ref', () => {
      const broken: string[] = [];
      walk(document(), '#', (value, pointer) => {
        if (isObject(value) && typeof value.$ref === 'string' && resolvePointer(document(), value.$ref) === undefined)
          broken.push(`${pointer}: ${value.$ref}`);
      });
      expect(broken).to.deep.equal([]);
    });

    it('compiles every component schema and every parameter, request and response schema with ajv 2020-12', () => {
      const schemas = (document().components as Json).schemas as Json;
      for (const name of Object.keys(schemas)) compileOpenApiSchema(`test schema ${name}`, { $ref: `#/components/schemas/${name}` });
      let count = 0;
      walk(document(), '#', (value, pointer) => {
        if (!isObject(value) || !isObject(value.schema) || pointer.startsWith('#/components/schemas')) return;
        compileOpenApiSchema(`test ${pointer}`, value.schema);
        count += 1;
      });
      expect(count).to.be.greaterThan(20);
    });

    it('gives every operation a unique operationId', () => {
      const ids = operations()
        .filter(({ other }) => !other)
        .map(({ operation }) => operation.operationId);
      expect(ids.every((id) => typeof id === 'string')).to.equal(true);
      expect(new Set(ids).size).to.equal(ids.length);
    });

    it('describes 401, 403 and 500 for every authenticated operation, and 405 for every other method', () => {
      const globalSecurity = document().security as unknown[];
      const authenticated = operations().filter(
        ({ operation }) => ((operation.security as unknown[] | undefined) ?? globalSecurity).length > 0,
      );
      expect(authenticated.length).to.be.greaterThanOrEqual(7);
      for (const { where, operation, other } of authenticated) {
        const statuses = Object.keys(operation.responses as Json);
        expect(statuses, where).to.include.members(['401', '403', '500']);
        if (other) expect(statuses, where).to.include('405');
        expect(deref((operation.responses as Json)['401']).headers, `${where} 401`).to.have.property('WWW-Authenticate');
      }
    });

    it('describes every JSON:API error response with the error document and application/vnd.api+json', () => {
      for (const { where, operation } of operations()) {
        for (const [status, raw] of Object.entries(operation.responses as Json)) {
          if (Number(status) < 400 || where.includes('readyz')) continue;
          const content = deref(raw).content as Json;
          expect(Object.keys(content), `${where} ${status}`).to.deep.equal(['application/vnd.api+json']);
        }
      }
    });

    it('serves the tenant operations under both path forms and the probes at the root', () => {
      for (const path of [
        '/v1/acme/documents',
        '/api/v1/acme/documents',
        '/v1/acme/documents/x',
        '/api/v1/acme/documents/x/files/source-0',
      ]) {
        expect(findOperation('GET', path), path).to.have.property('operation');
      }
      expect(findOperation('GET', '/healthz')).to.include({ template: '/healthz' });
      expect(findOperation('GET', '/v1/healthz')).to.have.property('problem');
      expect(findOperation('GET', '/v2/acme/documents')).to.have.property('problem');
    });
  });

  describe('expectMatchesOpenApi', () => {
    it('accepts a single document with included records', () => {
      expectMatchesOpenApi('GET', `/api/v1/acme/documents/${ID}?include=accounting_document,sender_address`, 200, singleDocumentBody());
      expectMatchesOpenApi(
        'GET',
        `/v1/acme/documents/${ID}`,
        200,
        JSON.stringify(singleDocumentBody()),
        'application/vnd.api+json; charset=utf-8',
      );
    });

    it('accepts a collection page', () => {
      const link = (number: number) => `${BASE}/documents?filter%5Bcurrent_status%5D=done&page%5Bnumber%5D=${number}&page%5Bsize%5D=25`;
      expectMatchesOpenApi('GET', '/api/v1/acme/documents?filter[current_status]=done', 200, {
        data: [documentResource()],
        included: [accountingDocument, senderAddress],
        meta: { total: 26, page: { number: 1, size: 25, total_pages: 2 } },
        links: { self: link(1), first: link(1), prev: null, next: link(2), last: link(2) },
        jsonapi,
      });
    });

    it('accepts the create response, with the singular type echoed', () => {
      const created = documentResource({
        current_status: 'processing',
        status: 'pending',
        document_type: null,
        error_codes: [],
        enhanced_pdf: null,
        previews: [],
        thumbnail: null,
      });
      (created.relationships as Json).accounting_document = { meta: { included: false } };
      (created.relationships as Json).sender_address = { meta: { included: false } };
      expectMatchesOpenApi('POST', '/v1/acme/documents', 201, { data: { ...created, type: 'document' }, meta: {}, jsonapi });
    });

    it('accepts error documents, 405 for other methods, and file bytes of any type', () => {
      expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 404, errorBody('404', 'not_found'));
      expectMatchesOpenApi('POST', '/v1/acme/documents', 422, {
        errors: [
          {
            status: '422',
            code: 'invalid_attribute',
            title: 'Invalid request document',
            detail: '/data/attributes/urls/0: bad',
            source: { pointer: '/data/attributes/urls/0' },
          },
          {
            status: '422',
            code: 'unknown_member',
            title: 'Invalid request document',
            detail: '/data: unknown member(s): x',
            source: { pointer: '/data' },
          },
        ],
        jsonapi,
      });
      expectMatchesOpenApi('PUT', `/api/v1/acme/documents/${ID}`, 405, errorBody('405', 'method_not_allowed'));
      expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}/files/preview-1`, 200, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
      expectMatchesOpenApi('GET', '/readyz', 503, { status: 'starting' }, 'application/json; charset=utf-8');
    });

    it('rejects a body without jsonapi', () => {
      const { jsonapi: _dropped, ...body } = singleDocumentBody();
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, body)).to.throw(/jsonapi/);
      const { jsonapi: _alsoDropped, ...error } = errorBody('404', 'not_found');
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 404, error)).to.throw(/jsonapi/);
    });

    it('rejects a status outside its enum, an unknown attribute and a money amount of the wrong type', () => {
      expect(() =>
        expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, singleDocumentBody(documentResource({ current_status: 'queued' }))),
      ).to.throw(/current_status/);
      expect(() =>
        expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, singleDocumentBody(documentResource({ colour: 'red' }))),
      ).to.throw(/additional/);
      const wrongMoney = structuredClone(singleDocumentBody());
      ((wrongMoney.included as Json[])[0]!.attributes as Json).amount_total = '107.70';
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, wrongMoney)).to.throw(/amount_total/);
    });

    it('rejects an error document whose status or code does not fit the response', () => {
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 404, errorBody('500', 'not_found'))).to.throw(/status/);
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 404, errorBody('404', 'gone'))).to.throw(/code/);
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 404, errorBody('404', 'not_found', { source: {} }))).to.throw();
    });

    it('rejects what the document does not describe: path, method, status, content type', () => {
      expect(() => expectMatchesOpenApi('GET', '/v1/acme/invoices', 200, {})).to.throw(/no path template/);
      expect(() => expectMatchesOpenApi('POST', '/healthz', 200, { status: 'ok' })).to.throw(/not described/);
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 418, errorBody('418', 'teapot'))).to.throw(/status 418/);
      expect(() => expectMatchesOpenApi('POST', '/v1/acme/documents', 404, errorBody('404', 'not_found'))).to.throw(/status 404/);
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, singleDocumentBody(), 'text/html')).to.throw(
        /content type/,
      );
      expect(() => expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, '<html>', 'application/vnd.api+json')).to.throw(/not JSON/);
    });
  });

  describe('the request schema', () => {
    it('accepts both create variants and refuses a document without files or with unknown members', () => {
      expectMatchesOpenApiSchema('CreateDocumentRequest', {
        data: {
          type: 'documents',
          attributes: { urls: ['https://files.example.com/a.pdf'], document_type: 'invoice', extract_line_items: true },
        },
      });
      expectMatchesOpenApiSchema('CreateDocumentRequest', {
        data: {
          type: 'document',
          attributes: { base64_files: ['JVBERi0xLjQK'], extraction_process: 'auto-accounting', custom_fields: { a: 1 } },
        },
      });
      expect(() =>
        expectMatchesOpenApiSchema('CreateDocumentRequest', { data: { type: 'documents', attributes: { urls: [] } } }),
      ).to.throw();
      expect(() =>
        expectMatchesOpenApiSchema('CreateDocumentRequest', {
          data: { type: 'documents', attributes: { urls: ['https://x.example'], extra: 1 } },
        }),
      ).to.throw();
      expect(() =>
        expectMatchesOpenApiSchema('CreateDocumentRequest', { data: { type: 'invoices', attributes: { urls: ['https://x.example'] } } }),
      ).to.throw();
    });
  });

  describe('the implementation', () => {
    const file = (name: string, mimeType: string, seed: string): StoredFile => ({
      blob: { hash: seed.repeat(64).slice(0, 64), size: 10 },
      fileName: name,
      mimeType,
    });
    const extracted: ExtractedData = {
      documentType: 'invoice',
      accountingDocument: {
        invoice_date: '2026-03-01',
        delivery_date: null,
        number: 'R-1',
        invoice_number: 'R-1',
        order_number: null,
        currency: 'EUR',
        including_tax: true,
        additional_information: null,
        amount_total: '119.00',
        amount_details: {
          gross_amount_total: '119.00',
          tax_amount_total: '19.00',
          net_amount_total: '100.00',
          partial_amounts: [{ tax_rate: '19', net_amount: '100.00', tax_amount: '19.00', gross_amount: '119.00' }],
        },
        items: [],
        payment_conditions: [{ date: '2026-03-31', type: 'payment_condition', percentage: '2', fixed_price: null, number_of_days: 30 }],
        bank_accounts: [{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }],
        discount_rate: null,
        discount_total: null,
        payment_method: 'bank_transfer',
        reference: null,
        esr: null,
        es: null,
        text: 'Rechnung R-1',
      },
      senderAddress: {
        address_id: null,
        company_name: 'Muster GmbH',
        contact_person_name: null,
        street: 'Hauptstraße',
        house_number: '5',
        post_office_box: null,
        postal_code: '10115',
        city_name: 'Berlin',
        country_code: 'DE',
        company_id: null,
        vat_id: 'DE123456789',
      },
      receiverAddress: null,
      errorCodes: [],
      evidence: { 'accounting_document.amount_total': { confidence: 0.9, source: { kind: 'derived', from: ['amount_details'] } } },
    };
    const finished: DocumentEvent[] = [
      submitted({ documentId: ID, tenantId: 'acme', customFields: { ref: 'x' }, documentType: null, extractLineItems: true }),
      storedFile(0),
      {
        type: 'DocumentConverted',
        data: {
          pages: [
            {
              pageNumber: 1,
              sourceIndex: 0,
              sourcePage: 1,
              image: file('page-1.png', 'image/png', 'b'),
              preview: file('preview-1.jpg', 'image/jpeg', 'c'),
              widthPx: 100,
              heightPx: 140,
              showsOnlyText: false,
            },
          ],
          thumbnail: file('thumbnail.jpg', 'image/jpeg', 'd'),
          failures: [],
        },
      },
      {
        type: 'TextRecognized',
        data: { pages: [{ pageNumber: 1, text: 'Rechnung R-1', method: 'text_layer', confidence: null, words: null }] },
      },
      { type: 'DataExtracted', data: extracted },
      { type: 'DocumentSigned', data: { enhancedPdf: file('invoice-enhanced.pdf', 'application/pdf', 'e'), signedPdf: null } },
      { type: 'ProcessingCompleted', data: { completedAt: '2026-03-12T10:00:09.000Z' } },
    ];
    const render = (events: DocumentEvent[], include: ReadonlySet<(typeof RELATIONSHIPS)[number]>) =>
      renderDocument(buildDocumentView(givenDocument(...events), 7, { estimatedSecondsPerFile: 5 }), { tenantBaseUrl: BASE, include });

    it('renders a finished document, with every relationship included, as the document describes', () => {
      const { resource, included } = render(finished, new Set(RELATIONSHIPS));
      expect(included).to.have.length(2);
      expectMatchesOpenApi('GET', `/api/v1/acme/documents/${ID}?include=accounting_document,sender_address,receiver_address`, 200, {
        data: resource,
        included,
        meta: {},
        links: { self: resource.links.self },
        jsonapi,
      });
    });

    it('renders a just-submitted and a failed-download document as the document describes', () => {
      const fresh = render(finished.slice(0, 1), new Set());
      expectMatchesOpenApi('POST', '/api/v1/acme/documents', 201, { data: fresh.resource, meta: {}, jsonapi });
      const failed = render(
        [
          finished[0]!,
          {
            type: 'DownloadFailed',
            data: { sourceIndex: 0, url: 'https://files.example.com/invoice.pdf', reason: 'http_status', detail: '404', httpStatus: 404 },
          },
          { type: 'ProcessingFailed', data: { code: 'processing_failed', stage: 'download', detail: 'no file' } },
        ],
        new Set(RELATIONSHIPS),
      );
      expectMatchesOpenApi('GET', `/v1/acme/documents/${ID}`, 200, {
        data: failed.resource,
        included: failed.included,
        meta: {},
        links: { self: failed.resource.links.self },
        jsonapi,
      });
    });
  });
});
