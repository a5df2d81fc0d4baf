import type { AccountingData, Address, LineItem, PaymentCondition } from '../../contracts/events/extracted-data.js';

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

/** Decimal strings of the events that the API shows as JSON numbers. */
type AsNumbers<T, Key extends keyof T> = Omit<T, Key> & { [Field in Key]: number | null };

export type LineItemView = AsNumbers<LineItem, 'amount_total' | 'tax_rate' | 'quantity' | 'discount_rate' | 'amount_unit'>;

/** The accounting data as extracted (its fields are the event contract's), with the record's own attributes. */
export type AccountingDocumentView = AsNumbers<
  Omit<AccountingData, 'items' | 'payment_conditions'>,
  'amount_total' | 'discount_rate' | 'discount_total'
> & {
  created_at: string;
  updated_at: string;
  type: string;
  /** The code that made the reading shown; null for readings recorded before versions were kept. */
  extractor_version: string | null;
  items: LineItemView[];
  payment_conditions: Array<AsNumbers<PaymentCondition, 'percentage' | 'fixed_price'>>;
  /** Per field: confidence and where the value was read, or who set it (`manual`). */
  evidence: Record<string, unknown>;
};

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
