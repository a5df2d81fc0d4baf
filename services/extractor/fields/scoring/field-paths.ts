import type { ExtractedData } from '../../../../contracts/events/extracted-data.js';

/** The top-level names of evidence paths, as the data's properties. */
const ROOTS: Record<string, keyof ExtractedData> = {
  document_type: 'documentType',
  accounting_document: 'accountingDocument',
  sender_address: 'senderAddress',
  receiver_address: 'receiverAddress',
};

/** The value an evidence path (`accounting_document.items.0.title`) points at; undefined where there is none. */
export const valueAt = (data: ExtractedData, path: string): unknown => {
  const [root, ...rest] = path.split('.');
  const property = ROOTS[root ?? ''];
  if (!property) return undefined;
  let value: unknown = data[property];
  for (const step of rest) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
};

/**
 * The group a field belongs to for calibration: fields read the same way and checked the same way
 * share how far their readers' scores can be trusted.
 */
export type FieldGroup =
  | 'document_type'
  | 'date'
  | 'identifier'
  | 'amount'
  | 'currency'
  | 'payment'
  | 'item_number'
  | 'item_text'
  | 'party_name'
  | 'party_address'
  | 'party_id'
  | 'other';

export const FIELD_GROUPS: readonly FieldGroup[] = [
  'document_type',
  'date',
  'identifier',
  'amount',
  'currency',
  'payment',
  'item_number',
  'item_text',
  'party_name',
  'party_address',
  'party_id',
  'other',
];

const ITEM_NUMBERS = new Set(['amount_total', 'amount_unit', 'quantity', 'tax_rate', 'discount_rate']);

export const fieldGroupOf = (path: string): FieldGroup => {
  if (path === 'document_type') return 'document_type';
  const party = /^(sender|receiver)_address\.(\w+)/.exec(path);
  if (party) {
    const field = party[2]!;
    if (field === 'company_name' || field === 'contact_person_name') return 'party_name';
    if (field === 'vat_id' || field === 'company_id' || field === 'address_id') return 'party_id';
    return 'party_address';
  }
  const item = /^accounting_document\.items\.\d+(?:\.(\w+))?$/.exec(path);
  if (item) return item[1] === undefined || ITEM_NUMBERS.has(item[1]) ? 'item_number' : 'item_text';
  const field = path.split('.')[1] ?? '';
  if (['invoice_date', 'delivery_date', 'payment_conditions'].includes(field)) return 'date';
  if (['number', 'invoice_number', 'order_number', 'reference'].includes(field)) return 'identifier';
  if (['amount_total', 'amount_details', 'discount_total'].includes(field)) return 'amount';
  if (field === 'currency') return 'currency';
  if (['bank_accounts', 'es', 'esr'].includes(field)) return 'payment';
  return 'other';
};
