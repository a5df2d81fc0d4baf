import { centsToDecimal, toCents } from '../values/cents.js';
import { foundAt, type Finding, type Span } from '../values/finding.js';
import type { ItemFinding } from './item-finding.js';

/** An item as a table row gave it, with what the row's own arithmetic says its amount is. */
export interface ReadItem {
  item: ItemFinding;
  /** Quantity × unit price, less the row's discount, in cents, where the row prints both; else null. */
  product: number | null;
  /** The unit price as printed, kept for an amount the totals confirm from the product. */
  price: string | null;
  /** Where quantity and unit price were read: the evidence of an amount taken from them. */
  productSpans: Span[];
}

// An amount taken from the row's arithmetic and the totals rather than read: less sure than one printed.
const RECONCILED_CONFIDENCE = 0.6;

const amountOf = ({ item }: ReadItem): number | null => (item.value.amount_total === null ? null : toCents(item.value.amount_total));

const isConfirmed = (read: ReadItem) => read.product !== null && read.product === amountOf(read);

const printsAmountAlone = ({ item }: ReadItem) =>
  item.value.quantity === null && item.value.amount_unit === null && item.value.tax_rate === null;

const withAmount = (read: ReadItem, cents: number): ItemFinding => {
  const amount = centsToDecimal(cents);
  const { value, fields } = read.item;
  return {
    value: { ...value, amount_total: amount, amount_unit: read.price ?? value.amount_unit },
    fields: {
      ...fields,
      amount_total: foundAt(amount, RECONCILED_CONFIDENCE, read.productSpans),
      ...(read.price ? { amount_unit: foundAt(read.price, RECONCILED_CONFIDENCE, read.productSpans.slice(-1)) } : {}),
    },
  };
};

/**
 * A table's items checked against the sums printed under it (subtotal, net, total): the items' amounts must
 * add up to one of them to the cent. Where they do not, the one reading of the rows that does is taken, if
 * there is exactly one kind of it: the single item without a readable amount gets its quantity × unit price;
 * else a single item whose printed amount its quantity × unit price contradicts gets the product; else a single
 * row printing an amount alone, no quantity, unit price or rate (a subtotal, carry-over or note read as an item), is no item. Items that add
 * up, or that no such change makes add up, stay as read; without sums nothing is checked.
 */
export const reconciledWithTotals = (read: readonly ReadItem[], sums: readonly number[]): ItemFinding[] => {
  const asRead = read.map((entry) => entry.item);
  if (sums.length === 0 || read.length === 0) return asRead;
  const adds = (total: number) => sums.includes(total);
  const missing = read.filter((entry) => amountOf(entry) === null);
  const sum = read.reduce((running, entry) => running + (amountOf(entry) ?? 0), 0);
  if (missing.length === 1) {
    const [gap] = missing;
    return gap!.product !== null && adds(sum + gap!.product)
      ? read.map((entry) => (entry === gap ? withAmount(entry, entry.product!) : entry.item))
      : asRead;
  }
  if (missing.length > 0 || adds(sum)) return asRead;
  const corrected = read.filter((entry) => entry.product !== null && !isConfirmed(entry) && adds(sum - amountOf(entry)! + entry.product!));
  if (corrected.length === 1) return read.map((entry) => (entry === corrected[0] ? withAmount(entry, entry.product!) : entry.item));
  // A sum, carry-over or note prints an amount alone; a row with a quantity or unit price is an item, whatever it adds.
  const surplus = read.filter((entry) => printsAmountAlone(entry) && adds(sum - amountOf(entry)!));
  if (surplus.length === 1 && read.length > 1) return read.filter((entry) => entry !== surplus[0]).map((entry) => entry.item);
  return asRead;
};

// The total as printed, its role (the gross) told by the items' sum rather than by a label.
const ITEM_SUM_DOUBT = 0.9;

/**
 * The gross of a document that prints its items and one total but no net or tax ("Description | Prix" rows over
 * "TOTAL: 169 966,00 €"): where every item's amount is read and they add up to the printed total to the cent, the
 * total is what the items cost in all, so the gross; net and tax stay unread (nothing says how much of it is tax).
 * Only for a document printing no tax summary (the caller's to check): a summary's gross is read from it.
 */
export const grossOfItemTotal = (items: readonly ItemFinding[], total: Finding<string> | null): Finding<string> | null => {
  if (total === null || items.length === 0 || items.some((item) => item.value.amount_total === null)) return null;
  const sum = items.reduce((running, item) => running + toCents(item.value.amount_total!), 0);
  return sum === toCents(total.value) ? { ...total, value: centsToDecimal(sum), confidence: total.confidence * ITEM_SUM_DOUBT } : null;
};
