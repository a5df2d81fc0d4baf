import { emptyAccountingData, emptyAddress } from '../../contracts/events/extracted-data.js';
import type { AccountingDocumentView, AddressView, DocumentAttributesView, DocumentView } from '../../shared/read-model/document-view.js';

export const TENANT = 'acme';
export const OTHER_TENANT = 'globex';

export interface ViewSpec {
  id: string;
  tenant_id?: string;
  position?: number;
  document?: Partial<DocumentAttributesView>;
  /** Omitted or null: the document has no such record yet. */
  accounting_document?: Partial<AccountingDocumentView> | null;
  sender_address?: Partial<AddressView> | null;
  receiver_address?: Partial<AddressView> | null;
}

const accountingDocument = (fields: Partial<AccountingDocumentView>): AccountingDocumentView => ({
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  type: 'receipts',
  ...emptyAccountingData(),
  extractor_version: null,
  // The view shows these as numbers; empty, they are null or empty either way.
  amount_total: null,
  discount_rate: null,
  discount_total: null,
  items: [],
  payment_conditions: [],
  evidence: {},
  ...fields,
});

const address = (type: AddressView['type'], fields: Partial<AddressView>): AddressView => ({
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  type,
  ...emptyAddress(),
  ...fields,
});

/** A complete, valid view with neutral defaults; a spec names only what a test is about. */
export const makeDocumentView = (spec: ViewSpec): DocumentView => {
  const tenantId = spec.tenant_id ?? TENANT;
  const createdAt = spec.document?.created_at ?? '2026-03-01T00:00:00.000Z';
  return {
    id: spec.id,
    tenant_id: tenantId,
    position: spec.position ?? 1,
    revision: spec.position ?? 1,
    document: {
      created_at: createdAt,
      updated_at: createdAt,
      custom_fields: {},
      download_errors: null,
      error_codes: [],
      extraction_process: 'full-extraction',
      extract_line_items: false,
      urls: null,
      current_status: 'done',
      status: 'done',
      document_type: 'receipt',
      tenant_id: tenantId,
      estimated_time_of_completion: createdAt,
      source_files: [],
      enhanced_pdf: null,
      signed_pdf: null,
      previews: [],
      thumbnail: null,
      ...spec.document,
    },
    accounting_document: spec.accounting_document ? accountingDocument(spec.accounting_document) : null,
    sender_address: spec.sender_address ? address('sender_address', spec.sender_address) : null,
    receiver_address: spec.receiver_address ? address('receiver_address', spec.receiver_address) : null,
  };
};

/**
 * Ten documents of one tenant and two of another. The other tenant's `doc-01` shares its id and
 * most values with the first tenant's, so any leak between tenants shows in results and counts.
 * doc-07 and doc-08 share created_at, so the default sort has a tie to break.
 */
export const documentViewFixtures: DocumentView[] = [
  makeDocumentView({
    id: 'doc-01',
    document: {
      created_at: '2026-03-01T08:00:00.000Z',
      extract_line_items: true,
      custom_fields: { cost_center: 4711, project: 'Apollo', due_date: '2026-03-15' },
    },
    accounting_document: {
      invoice_date: '2026-02-27',
      amount_total: 119,
      currency: 'EUR',
      including_tax: true,
      number: 'R-2026-001',
      invoice_number: 'INV-1001',
      payment_method: 'card',
      text: 'Vielen Dank für Ihren Einkauf',
    },
    sender_address: {
      company_name: 'Müller GmbH',
      contact_person_name: 'Anna Schäfer',
      street: 'Hauptstraße',
      city_name: 'München',
      country_code: 'DE',
    },
    receiver_address: { company_name: 'Kontor Test GmbH' },
  }),
  makeDocumentView({
    id: 'doc-02',
    document: {
      created_at: '2026-03-01T23:59:59.999Z',
      document_type: 'invoice',
      extraction_process: 'basic-extraction',
      error_codes: ['payment_credentials_unclear'],
      custom_fields: { cost_center: 815, project: 'apollo 2', due_date: '2026-04-01' },
    },
    accounting_document: {
      invoice_date: '2026-03-01',
      amount_total: 50.5,
      currency: 'CHF',
      including_tax: true,
      number: 'R-2026-002',
      invoice_number: 'INV-1002',
      text: 'Rechnung aus Zürich',
    },
    sender_address: {
      company_name: 'Mueller AG',
      contact_person_name: '',
      street: 'Bahnhofstrasse',
      city_name: 'Zürich',
      country_code: 'CH',
    },
    receiver_address: { company_name: 'Kontor Test GmbH' },
  }),
  makeDocumentView({
    id: 'doc-03',
    document: {
      created_at: '2026-03-02T00:00:00.000Z',
      current_status: 'processing',
      status: 'pending',
      document_type: null,
      extract_line_items: true,
    },
  }),
  makeDocumentView({
    id: 'doc-04',
    document: {
      created_at: '2026-03-02T10:00:00.000Z',
      extraction_process: 'auto-accounting',
      error_codes: ['download_failed', 'payment_credentials_unclear'],
      custom_fields: { cost_center: '4711', note: '' },
    },
    accounting_document: {
      invoice_date: '2026-03-05',
      amount_total: 1000,
      currency: 'EUR',
      including_tax: false,
      number: 'A-77',
    },
    sender_address: {
      company_name: 'Strasse & Partner KG',
      contact_person_name: 'Max Mustermann',
      street: 'Ringstraße',
      city_name: 'Wien',
      country_code: 'AT',
    },
  }),
  makeDocumentView({
    id: 'doc-05',
    document: {
      created_at: '2026-03-03T09:30:00.000Z',
      current_status: 'failed',
      status: 'failed',
      document_type: null,
      extraction_process: 'basic-extraction',
      error_codes: ['download_failed'],
    },
  }),
  makeDocumentView({
    id: 'doc-06',
    document: {
      created_at: '2026-03-04T12:00:00.000Z',
      document_type: 'invoice',
      extract_line_items: true,
      custom_fields: { cost_center: 12000.5, project: 'Gemini' },
    },
    accounting_document: {
      invoice_date: '2026-03-31',
      amount_total: 99.99,
      currency: 'USD',
      including_tax: true,
      number: 'US-1',
      invoice_number: 'inv-2001',
      text: 'Thank you for your order',
    },
    sender_address: { company_name: 'Acme Supplies Inc.', street: 'Main Street', city_name: 'Springfield', country_code: 'US' },
  }),
  makeDocumentView({
    id: 'doc-07',
    document: {
      created_at: '2026-03-05T12:00:00.000Z',
      document_type: 'credit_note',
      custom_fields: { cost_center: null },
    },
    accounting_document: { amount_total: -20, currency: 'EUR', including_tax: true, number: 'CN-1' },
    sender_address: {
      company_name: 'Müller GmbH',
      contact_person_name: 'Anna Schäfer',
      street: 'Hauptstraße',
      city_name: 'München',
      country_code: 'DE',
    },
  }),
  makeDocumentView({
    id: 'doc-08',
    document: {
      created_at: '2026-03-05T12:00:00.000Z',
      document_type: 'invoice',
      custom_fields: { project: 'Apollo', note: 'rush order' },
    },
    accounting_document: {
      invoice_date: '2026-03-15',
      amount_total: 250,
      currency: 'EUR',
      including_tax: true,
      number: 'R-2026-003',
      invoice_number: 'INV-1003',
    },
    sender_address: {
      company_name: 'Café Crème',
      contact_person_name: 'Jean Dupont',
      street: 'Rue de la Paix',
      city_name: 'Paris',
      country_code: 'FR',
    },
  }),
  makeDocumentView({
    id: 'doc-09',
    document: {
      created_at: '2026-03-06T07:15:00.000Z',
      current_status: 'processing',
      status: 'pending',
      document_type: 'invoice',
    },
  }),
  makeDocumentView({
    id: 'doc-10',
    document: { created_at: '2026-03-07T16:45:00.000Z', extraction_process: 'basic-extraction' },
    accounting_document: { invoice_date: '2026-03-06' },
    sender_address: {
      company_name: 'Muller Brothers',
      contact_person_name: 'Tom Muller',
      city_name: 'Hamburg',
      country_code: 'DE',
    },
  }),
  makeDocumentView({
    id: 'doc-01',
    tenant_id: OTHER_TENANT,
    document: {
      created_at: '2026-03-01T09:00:00.000Z',
      custom_fields: { cost_center: 4711, project: 'Apollo' },
    },
    accounting_document: { invoice_date: '2026-02-27', amount_total: 119, currency: 'EUR', invoice_number: 'INV-1001' },
    sender_address: { company_name: 'Müller GmbH', country_code: 'DE' },
  }),
  makeDocumentView({
    id: 'doc-11',
    tenant_id: OTHER_TENANT,
    document: { created_at: '2026-03-02T11:00:00.000Z', document_type: 'invoice' },
    accounting_document: { amount_total: 5000, currency: 'EUR' },
    sender_address: { company_name: 'Mueller AG', country_code: 'CH' },
  }),
];
