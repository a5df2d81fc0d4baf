import type { DocumentText } from '../layout/document-text.js';
import { LEGAL_FORM, TILL_MARKS } from '../vocabulary/till-receipt-terms.js';
import type { Party } from './parties.js';
import { findReceiptHeader } from './receipt-header.js';
import { findReceiptTotal, printsChangeGiven, type ReceiptTotal } from './receipt-total.js';

export interface TillReceipt {
  /** The shop, from the receipt's header. */
  shop: Party | null;
  /** What was paid; confirmed when the till's arithmetic (cash − change, total + rounding) gives it. */
  total: ReceiptTotal | null;
}

// Two of the till's own lines (cashier, cash, change, rounding, thanks, no refunds) make a till receipt; so does the
// arithmetic of change given back, counted as one.
const MARKS_NEEDED = 2;

/** Whether the document is a till receipt: classified as a receipt, or printing what only tills print (a "TAX INVOICE" of a shop is one). */
export const isTillReceipt = (document: DocumentText, classifiedAsReceipt: boolean): boolean => {
  if (classifiedAsReceipt) return true;
  const marks = TILL_MARKS.filter((mark) => document.lines.some((line) => mark.test(line.text))).length;
  // (The change's arithmetic reads every total's lines: only where it decides.)
  return marks >= MARKS_NEEDED || (marks === MARKS_NEEDED - 1 && printsChangeGiven(document));
};

/** What a till receipt says beyond an invoice's fields: its shop from the header and its total from the till's arithmetic; null for other documents. */
export const readTillReceipt = (document: DocumentText, classifiedAsReceipt: boolean): TillReceipt | null => {
  if (!isTillReceipt(document, classifiedAsReceipt)) return null;
  return { shop: findReceiptHeader(document), total: findReceiptTotal(document) };
};

/**
 * A document no reader took for a till receipt whose party reader found no sender: the shop its header names where the
 * header reads as a till's (a registered legal form, or an address up to its postal code, at the top of the page). A
 * shop's "TAX INVOICE" that prints none of the till's own lines (a parking ticket, a pharmacy's bill) is one.
 */
export const headerShop = (document: DocumentText): Party | null => {
  const shop = findReceiptHeader(document);
  if (shop === null) return null;
  // (A postal code without the place's name is no address: a date's year, a version number.)
  const postalLine = shop.address.postal_code !== null && (shop.address.city_name ?? '') !== '';
  return postalLine || hasLegalForm(shop) ? shop : null;
};

const hasLegalForm = (party: Party): boolean => party.address.company_name !== null && LEGAL_FORM.test(party.address.company_name);

/**
 * A till receipt's sender: the party reader's, unless it knows no more than an id printed on the receipt (a VAT
 * number without a name or address), or the shop its header names is the registered company (a legal form)
 * printed over the same postal code where the party reader's name has none (an outlet's or brand's name, a line
 * of the address). The ids the party reader found, and the country they name, stay with the shop. Where the party
 * reader found the address but no name, and the header a registered company's name and no other address, the name is
 * the header's (a slip's name over an address whose lines its header reader does not read, "98bis Mill Lane" /
 * "Edinburgh" / "EH2 2ER").
 */
export const receiptSender = (party: Party | null, shop: Party | null): Party | null => {
  if (shop === null || party === null) return party ?? shop;
  const addressOnly = party.address.company_name === null && (party.address.postal_code !== null || party.address.street !== null);
  if (addressOnly && hasLegalForm(shop) && [null, party.address.postal_code].includes(shop.address.postal_code))
    return {
      address: { ...party.address, company_name: shop.address.company_name },
      evidence: { ...party.evidence, company_name: shop.evidence.company_name },
      reasons: [...party.reasons, ...shop.reasons],
    };
  const nameless = party.address.company_name === null && party.address.postal_code === null && party.address.street === null;
  const registeredShop =
    hasLegalForm(shop) &&
    !hasLegalForm(party) &&
    shop.address.postal_code !== null &&
    shop.address.postal_code === party.address.postal_code;
  if (!nameless && !registeredShop) return party;
  // The ids, and the country they name, that the party reader found and the header does not print.
  const ids = (['vat_id', 'company_id', 'country_code'] as const).filter(
    (field) => party.address[field] !== null && shop.address[field] === null,
  );
  return {
    address: { ...shop.address, ...Object.fromEntries(ids.map((field) => [field, party.address[field]])) },
    evidence: { ...shop.evidence, ...Object.fromEntries(ids.map((field) => [field, party.evidence[field]])) },
    reasons: [
      ...shop.reasons,
      ...(nameless ? party.reasons : [`sender: the registered company over the address, not "${party.address.company_name}"`]),
    ],
  };
};
