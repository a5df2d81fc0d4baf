import { toCents } from '../values/cents.js';
import { foundAt } from '../values/finding.js';
import type { ItemFinding } from '../readers/item-finding.js';
import type { TaxSummary } from '../readers/tax-summary.js';

/** How much less sure an item's rate is that the item does not print, read from the document's one rate. */
const FROM_THE_ONE_RATE = 0.85;

/**
 * The rate of items that print none (no rate column), on a document taxed at one rate: where the items' amounts add up
 * to that rate's base (its net, or its gross where the items are priced with tax), every item is at that rate, read
 * where the rate is printed. An item outside it (exempt, a disbursement, a deposit) would leave the base short of the
 * items' sum, so a sum off by more than a cent gives nothing; so does a summary of several rates or an item that prints
 * a rate of its own.
 */
export const itemsAtTheOneRate = (items: readonly ItemFinding[], summary: TaxSummary | null): ItemFinding[] | null => {
  const [part, ...others] = summary?.parts ?? [];
  if (!summary || !part || others.length > 0 || items.length === 0) return null;
  if (items.some((item) => item.value.tax_rate !== null || item.value.amount_total === null)) return null;
  const sum = items.reduce((cents, item) => cents + toCents(item.value.amount_total!), 0);
  if (Math.abs(sum - part.net) > 1 && Math.abs(sum - part.net - part.tax) > 1) return null;
  const rate = foundAt(String(Number(part.rate)), summary.confidence * FROM_THE_ONE_RATE, [part.span]);
  return items.map((item) => ({ value: { ...item.value, tax_rate: rate.value }, fields: { ...item.fields, tax_rate: rate } }));
};
