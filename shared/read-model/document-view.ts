import type { Address } from '../../contracts/events/extracted-data.js';

/**
 * The read model of one document, as the projector stores it and the query service filters and renders it.
 * Attribute names are the API's, so a filter path (`accounting_document.invoice_date`) is a path in here.
 * Numbers the API shows as numbers are numbers; money inside `amount_details` stays a decimal string, as the API shows it.
 */
export interface FileEntry {
  /** Stable id inside the document, used in the file URL: `source-0`, `preview-1`, `thumbnail`, … */
  file_id: string;
  file_name: string;
  mime_type: string;
  blob_hash: string;
  size: number;
}

export interface DocumentAttributesView {
  created_at: string;
  updated_at: string;
  custom_fields: Record<string, unknown>;
  download_errors: Array<{ url: string; reason: string; detail: string; http_status: number | null }> | null;
  error_codes: string[];
  extraction_process: string;
  extract_line_items: boolean;
  urls: string[] | null;
  current_status: 'processing' | 'done' | 'failed';
  status: 'pending' | 'done' | 'failed';
  document_type: string | null;
  tenant_id: string;
  estimated_time_of_completion: string;
  source_files: FileEntry[];
  enhanced_pdf: FileEntry[] | null;
  signed_pdf: FileEntry | null;
  previews: FileEntry[];
  thumbnail: FileEntry | null;
}

export interface LineItemView {
  title: string;
  amount_total: number | null;
  tax_rate: number | null;
  article_number: string | null;
  unit: string | null;
  quantity: number | null;
  discount_rate: number | null;
  amount_unit: number | null;
  order_number: string | null;
  delivery_note_number: string | null;
  delivery_date: string | null;
  nominal_account: string | null;
}

export interface AccountingDocumentView {
  created_at: string;
  updated_at: string;
  type: string;
  invoice_date: string | null;
  delivery_date: string | null;
  number: string | null;
  invoice_number: string | null;
  order_number: string | null;
  currency: string | null;
  including_tax: boolean | null;
  additional_information: string | null;
  amount_total: number | null;
  amount_details: {
    gross_amount_total: string | null;
    tax_amount_total: string | null;
    net_amount_total: string | null;
    partial_amounts: Array<{ tax_rate: string; net_amount: string; tax_amount: string; gross_amount: string }>;
  } | null;
  items: LineItemView[];
  payment_conditions: Array<{
    date: string | null;
    type: string;
    percentage: number | null;
    fixed_price: number | null;
    number_of_days: number | null;
  }>;
  bank_accounts: Array<{ iban: string; bic: string | null }>;
  discount_rate: number | null;
  discount_total: number | null;
  payment_method: string | null;
  reference: string | null;
  esr: { amount_esr: string | null; account_esr: string | null; reference_esr: string | null; codingline_esr: string | null } | null;
  es: {
    es_amount: string | null;
    es_account: string | null;
    es_iban: string | null;
    es_purpose: string | null;
    es_creditor: string | null;
    es_ultimate_creditor: string | null;
  } | null;
  text: string | null;
  /** Per field: confidence and where the value was read, or who set it (`manual`). */
  evidence: Record<string, unknown>;
}

/** An address as extracted (its fields are the event contract's), with the record's own attributes. */
export type AddressView = Address & {
  created_at: string;
  updated_at: string;
  type: 'sender_address' | 'receiver_address';
};

export interface DocumentView {
  id: string;
  tenant_id: string;
  /** Global position of the last event applied; older events are ignored. */
  position: number;
  /** Revision of the document's stream the view shows: its ETag, which a correction's If-Match names. */
  revision: number;
  document: DocumentAttributesView;
  accounting_document: AccountingDocumentView | null;
  sender_address: AddressView | null;
  receiver_address: AddressView | null;
}
