import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import { compareFields, flattenExtracted, type ExpectedFields, type FieldComparison } from './compare-fields.js';

/**
 * compare-fields.ts judges the accounting data, parties and items; this adds the Swiss payment slips
 * (`es` of a QR-bill, `esr` of an orange slip), which it does not flatten, and turns a full ground truth
 * in the extracted data's shape into the fields to judge.
 */

const text = (value: string | null | undefined): string | null => (value === null || value === undefined || value === '' ? null : value);

export const flattenPaymentSlips = ({ accountingDocument: { es, esr } }: ExtractedData): Record<string, string | null> => ({
  'accounting_document.es.es_amount': text(es?.es_amount),
  'accounting_document.es.es_iban': text(es?.es_iban),
  'accounting_document.es.es_purpose': text(es?.es_purpose),
  'accounting_document.es.es_creditor': text(es?.es_creditor),
  'accounting_document.esr.amount_esr': text(esr?.amount_esr),
  'accounting_document.esr.account_esr': text(esr?.account_esr),
  'accounting_document.esr.reference_esr': text(esr?.reference_esr),
});

const alphanumeric = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
const words = (value: string) =>
  value
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** Amounts as numbers; accounts and references without spaces; names and messages word by word. */
const sameSlipValue = (field: string, expected: string, actual: string): boolean => {
  const name = field.split('.').at(-1)!;
  if (name.includes('amount')) return Math.abs(Number(expected) - Number(actual)) < 0.005;
  if (/iban|account|reference/.test(name)) return alphanumeric(expected) === alphanumeric(actual);
  return words(expected) === words(actual);
};

const compareSlips = (expected: ExpectedFields, data: ExtractedData): FieldComparison[] => {
  const actual = flattenPaymentSlips(data);
  return Object.entries(expected).flatMap(([field, value]): FieldComparison[] => {
    const want = value === null ? null : String(value);
    const got = actual[field] ?? null;
    if (want === null) return got === null ? [] : [{ field, outcome: 'extra', expected: null, actual: got }];
    if (got === null) return [{ field, outcome: 'missing', expected: want, actual: null }];
    return [{ field, outcome: sameSlipValue(field, want, got) ? 'right' : 'wrong', expected: want, actual: got }];
  });
};

/** QR-bill and ESR fields: machine data wherever they appear, held to 100 % in every corpus. */
export const isSlipField = (field: string): boolean =>
  field.startsWith('accounting_document.es.') || field.startsWith('accounting_document.esr.');

/** Every field the truth speaks about, compared: payment slips here, the rest by compare-fields.ts. */
export const compareAllFields = (expected: ExpectedFields, data: ExtractedData): FieldComparison[] => {
  const slips = Object.fromEntries(Object.entries(expected).filter(([field]) => isSlipField(field)));
  const others = Object.fromEntries(Object.entries(expected).filter(([field]) => !isSlipField(field)));
  return [...compareFields(others, data), ...compareSlips(slips, data)];
};

/**
 * Not judged: whether amounts include tax (a property of the price list, printed nowhere as such) and a
 * document-wide discount rate (the corpus has none; a cash discount is a payment condition).
 */
const NOT_JUDGED = new Set(['accounting_document.including_tax', 'accounting_document.discount_rate']);

/**
 * The fields to judge for a full ground truth: every field, null where the document has none (so a
 * value read there counts as extra), except item fields the document does not print (null in the
 * truth), which are left out rather than held against an extractor that derives them.
 */
export const expectedFieldsOf = (truth: ExtractedData): ExpectedFields => {
  const flat: Record<string, string | null> = { ...flattenExtracted(truth), ...flattenPaymentSlips(truth) };
  return Object.fromEntries(
    Object.entries(flat).filter(
      ([field, value]) => !NOT_JUDGED.has(field) && !(value === null && /^accounting_document\.items\.\d+\./.test(field)),
    ),
  );
};
