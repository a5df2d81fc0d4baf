import { toCents } from '../values/cents.js';
import type { ItemFinding } from './item-finding.js';

/** An amount set right by the sum it has to add up to: below what arithmetic on the line itself confirms. */
export const CONFIRMED_BY_SUM = 0.6;

/** How much less sure items are that no sum confirms, only their lines' shape. */
const UNCONFIRMED = 0.6;

// Fewer lines than this are too few to tell item lines by their shape.
const MIN_SHAPED_ITEMS = 3;

const withAmount = (item: ItemFinding, amount: string, confidence: number): ItemFinding => ({
  value: { ...item.value, amount_total: amount },
  fields: { ...item.fields, amount_total: { ...item.fields.amount_total!, value: amount, confidence } },
});

/** The amounts one digit of `amount` changed makes ("1,89" → "1,99", "7,89", …). */
const oneDigitOff = (amount: string): string[] =>
  [...amount].flatMap((character, at) =>
    /\d/.test(character)
      ? [...'0123456789'].filter((digit) => digit !== character).map((digit) => amount.slice(0, at) + digit + amount.slice(at + 1))
      : [],
  );

/**
 * The items with the one amount set right whose one digit changed makes them add up to a sum (a digit OCR misread); null
 * where no such change or more than one does.
 */
export const withOneDigitSetRight = (items: readonly ItemFinding[], sum: number, sums: readonly number[]): ItemFinding[] | null => {
  // One line and a total a digit apart are as likely a total misread as an amount.
  if (items.length < 2) return null;
  const readings = items.flatMap((item, position) =>
    oneDigitOff(item.value.amount_total!)
      .filter((changed) => !/^-?0\d/.test(changed) && sums.includes(sum - toCents(item.value.amount_total!) + toCents(changed)))
      .map((changed) => ({ position, changed })),
  );
  if (readings.length !== 1) return null;
  const { position, changed } = readings[0]!;
  return items.map((item, at) => (at === position ? withAmount(item, changed, CONFIRMED_BY_SUM) : item));
};

/** A sum missed by one digit of one amount: the difference has one digit that is not zero (10 cents, 2 euros). */
const missesByOneDigit = (sum: number, sums: readonly number[]) => sums.some((total) => /^[1-9]0*$/.test(String(Math.abs(total - sum))));

export interface ItemLinesShape {
  /** How many of the item lines end in a tax code after their amount ("1,79  C"). */
  coded: number;
  /** The count of articles the till printed by the total ("ANZAHL ARTIKEL 19"), if any. */
  printedCount: number | null;
}

/**
 * Items no sum confirms, given for their lines' shape with less confidence: every line a name, an amount and a tax code,
 * and the sum missing the total by one misread digit or the till's count of articles the number of lines (or of
 * units). None otherwise.
 */
export const itemsByShape = (items: readonly ItemFinding[], shape: ItemLinesShape, sum: number, sums: readonly number[]): ItemFinding[] => {
  if (items.length < MIN_SHAPED_ITEMS) return [];
  const units = items.reduce((count, item) => count + (/^\d+$/.test(item.value.quantity ?? '') ? Number(item.value.quantity) : 1), 0);
  const counted = shape.printedCount !== null && [items.length, units].includes(shape.printedCount);
  if (shape.coded < items.length || !(counted || missesByOneDigit(sum, sums))) return [];
  return items.map((item) => ({
    value: item.value,
    fields: Object.fromEntries(
      Object.entries(item.fields).map(([field, found]) => [field, { ...found, confidence: found.confidence * UNCONFIRMED }]),
    ),
  }));
};
