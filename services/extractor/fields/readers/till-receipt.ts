import type { DocumentText } from '../layout/document-text.js';
import { TILL_MARKS } from '../vocabulary/till-receipt-terms.js';
import type { Party } from './parties.js';
import { findReceiptHeader } from './receipt-header.js';
import { findReceiptTotal, type ReceiptTotal } from './receipt-total.js';

export interface TillReceipt {
  /** The shop, from the receipt's header. */
  shop: Party | null;
  /** What was paid; confirmed when the till's arithmetic (cash − change, total + rounding) gives it. */
  total: ReceiptTotal | null;
}

// Two of the till's own lines (cashier, cash, change, rounding, thanks, no refunds) make a till receipt.
const MARKS_NEEDED = 2;

/** Whether the document is a till receipt: classified as a receipt, or printing what only tills print (a "TAX INVOICE" of a shop is one). */
export const isTillReceipt = (document: DocumentText, classifiedAsReceipt: boolean): boolean =>
  classifiedAsReceipt || TILL_MARKS.filter((mark) => document.lines.some((line) => mark.test(line.text))).length >= MARKS_NEEDED;

/** What a till receipt says beyond an invoice's fields: its shop from the header and its total from the till's arithmetic; null for other documents. */
export const readTillReceipt = (document: DocumentText, classifiedAsReceipt: boolean): TillReceipt | null => {
  if (!isTillReceipt(document, classifiedAsReceipt)) return null;
  return { shop: findReceiptHeader(document), total: findReceiptTotal(document) };
};
