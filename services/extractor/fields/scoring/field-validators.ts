import { isValidIBAN } from 'ibantools';
import type { ExtractedData, LineItem } from '../../../../contracts/events/extracted-data.js';
import { isValidCreditorReference } from '../../swiss-payments/creditor-reference.js';
import { endsWithModulo10RecursiveCheckDigit } from '../../swiss-payments/modulo-10-recursive.js';
import { isValidAustrianVatId, isValidGermanVatId, isValidSwissUid, passesLuhn } from '../readers/tax-ids.js';
import { toCents } from '../values/cents.js';

/** A validator's word on a value: 1 it confirms it, -1 it contradicts it, 0 no validator applies. */
export type Verdict = -1 | 0 | 1;

const compact = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
const cents = (value: string | null | undefined): number | null => (value === null || value === undefined ? null : toCents(value));
const sameCents = (a: number, b: number, tolerance = 1) => Math.abs(a - b) <= tolerance;
const DAY = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY;

const ibanVerdict = (iban: string | null | undefined): Verdict => (iban ? (isValidIBAN(compact(iban)) ? 1 : -1) : 0);

/** VAT ids of the countries whose check digits are public: CH, DE, AT, IT. */
const VAT_CHECKS: [RegExp, (digits: string) => boolean][] = [
  [/^CHE(\d{9})(?:MWST|TVA|IVA|VAT)?$/, isValidSwissUid],
  [/^DE(\d{9})$/, isValidGermanVatId],
  [/^ATU(\d{8})$/, isValidAustrianVatId],
  [/^IT(\d{11})$/, passesLuhn],
];
const vatVerdict = (vatId: string | null): Verdict => {
  if (!vatId) return 0;
  const id = compact(vatId);
  for (const [shape, check] of VAT_CHECKS) {
    const digits = shape.exec(id)?.[1];
    if (digits) return check(digits) ? 1 : -1;
  }
  return 0;
};

/** A Swiss QR reference (27 digits, modulo 10 recursive) or an ISO 11649 creditor reference (RF…). */
const referenceVerdict = (reference: string | null): Verdict => {
  if (!reference) return 0;
  const id = compact(reference);
  if (id.startsWith('RF')) return isValidCreditorReference(id) ? 1 : -1;
  if (/^\d{27}$/.test(id)) return endsWithModulo10RecursiveCheckDigit(id) ? 1 : -1;
  return 0;
};

/** Net + tax = gross, per rate and in total, and the total due is the gross: the totals hold together. */
const totalsVerdict = (document: ExtractedData['accountingDocument']): Verdict => {
  const details = document.amount_details;
  const total = cents(document.amount_total);
  if (!details) return total !== null && itemsVerdict(document.items, [total]) === 1 ? 1 : 0;
  const gross = cents(details.gross_amount_total);
  const net = cents(details.net_amount_total);
  const tax = cents(details.tax_amount_total);
  if (gross === null || net === null || tax === null) return 0;
  if (!sameCents(net + tax, gross)) return -1;
  if (total !== null && !sameCents(total, gross)) return -1;
  const parts = details.partial_amounts;
  if (parts.length > 0) {
    const sum = (pick: (part: (typeof parts)[number]) => string) => parts.reduce((all, part) => all + toCents(pick(part)), 0);
    if (
      !sameCents(
        sum((part) => part.net_amount),
        net,
        parts.length,
      ) ||
      !sameCents(
        sum((part) => part.tax_amount),
        tax,
        parts.length,
      )
    )
      return -1;
  }
  return 1;
};

/** The items add up to one of the totals (net or gross, as the prices are printed). */
const itemsVerdict = (items: readonly LineItem[], totals: readonly (number | null)[]): Verdict => {
  const amounts = items.map((item) => cents(item.amount_total));
  if (amounts.length === 0 || amounts.some((amount) => amount === null)) return 0;
  const sum = amounts.reduce((all: number, amount) => all + amount!, 0);
  return totals.some((total) => total !== null && sameCents(sum, total, items.length)) ? 1 : 0;
};

/** Quantity × unit price = line amount (a discount, where printed, taken off). */
const lineVerdict = (item: LineItem): Verdict => {
  if (item.quantity === null || item.amount_unit === null || item.amount_total === null) return 0;
  const discount = item.discount_rate === null ? 0 : Number(item.discount_rate) / 100;
  const expected = Number(item.quantity) * toCents(item.amount_unit) * (1 - discount);
  return sameCents(expected, toCents(item.amount_total), 2) ? 1 : -1;
};

/** A later date of the document that lies within a year after the invoice date confirms both; one before it contradicts. */
const datesVerdict = (invoiceDate: string | null, later: string | null): Verdict => {
  if (!invoiceDate || !later) return 0;
  const days = daysBetween(invoiceDate, later);
  return days >= 0 && days <= 366 ? 1 : -1;
};

/** Goods are delivered before or after they are invoiced, but within a year of it. */
const deliveryVerdict = (invoiceDate: string | null, deliveryDate: string | null): Verdict =>
  invoiceDate && deliveryDate ? (Math.abs(daysBetween(invoiceDate, deliveryDate)) <= 366 ? 1 : -1) : 0;

/** An item's own evidence (undefined: the whole line) and the numbers its line arithmetic checks. */
const LINE_NUMBERS = ['amount_total', 'amount_unit', 'quantity', undefined];

/**
 * What the validators say of the value at each evidence path: check digits of IBANs, VAT ids and payment
 * references, the tax arithmetic of the totals, line arithmetic and item sums, and dates that make sense
 * together (due and delivery within a year of the invoice date).
 */
export const validatorVerdict = (data: ExtractedData, path: string): Verdict => {
  const document = data.accountingDocument;
  const details = document.amount_details;
  const totals = [cents(document.amount_total), cents(details?.net_amount_total), cents(details?.gross_amount_total)];
  const account = /^accounting_document\.bank_accounts\.(\d+)(?:\.iban)?$/.exec(path);
  if (account) return ibanVerdict(document.bank_accounts[Number(account[1])]?.iban);
  const party = /^(sender|receiver)_address\.vat_id$/.exec(path);
  if (party) return vatVerdict((party[1] === 'sender' ? data.senderAddress : data.receiverAddress)?.vat_id ?? null);
  if (path === 'accounting_document.reference') return referenceVerdict(document.reference);
  if (path === 'accounting_document.es') return document.es ? ibanVerdict(document.es.es_iban) : 0;
  if (path === 'accounting_document.esr') return referenceVerdict(document.esr?.reference_esr ?? null);
  if (path === 'accounting_document.amount_total' || path.startsWith('accounting_document.amount_details')) return totalsVerdict(document);
  const item = /^accounting_document\.items\.(\d+)(?:\.(\w+))?$/.exec(path);
  if (item) {
    const line = document.items[Number(item[1])];
    // Arithmetic confirms an item's numbers, never how its title or other text is spelt.
    if (!line || !LINE_NUMBERS.includes(item[2])) return 0;
    const arithmetic = lineVerdict(line);
    return arithmetic === -1 ? -1 : arithmetic === 1 ? 1 : itemsVerdict(document.items, totals);
  }
  if (path === 'accounting_document.delivery_date') return deliveryVerdict(document.invoice_date, document.delivery_date);
  const condition = /^accounting_document\.payment_conditions\.(\d+)$/.exec(path);
  if (condition) return datesVerdict(document.invoice_date, document.payment_conditions[Number(condition[1])]?.date ?? null);
  if (path === 'accounting_document.invoice_date') {
    const verdicts = document.payment_conditions.map((later) => datesVerdict(document.invoice_date, later.date));
    return verdicts.includes(-1) ? -1 : verdicts.includes(1) ? 1 : 0;
  }
  return 0;
};
