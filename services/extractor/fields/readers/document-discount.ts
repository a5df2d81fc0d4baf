import type { DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findNumbers } from '../values/parse-number.js';

export interface DocumentDiscount {
  rate: Finding<string>;
  total: Finding<string>;
}

// An allowance on the whole document; a cash discount (Skonto, escompte) is a payment condition instead.
const DISCOUNT_WORD = /(?<!\p{L})(?:\p{L}*rabatt|\p{L}*nachlass|discount|remise|rabais|sconto(?! per pagamento))(?!\p{L})/iu;
const CASH_DISCOUNT = /(?<!\p{L})(?:skonto|escompte|cash discount)(?!\p{L})/iu;

/**
 * A discount on the whole document: a line naming a discount with its rate and its amount, the amount
 * being that rate of an amount printed beside it (its base) to the cent: "abzgl. Sondernachlass 10% von
 * 147,30   -14,73". Several such lines at one rate add up; lines at different rates give no single rate.
 */
export const findDocumentDiscount = (document: DocumentText): DocumentDiscount | null => {
  const found: { rate: string; cents: number; rateFinding: Finding<string>; amountSpan: ReturnType<typeof spanOf> }[] = [];
  for (const line of document.lines) {
    if (!DISCOUNT_WORD.test(line.text) || CASH_DISCOUNT.test(line.text)) continue;
    const numbers = findNumbers(line.text, document.decimalMark);
    const rate = numbers.find((number) => number.isPercentage && Number(number.value) > 0 && Number(number.value) < 100);
    if (!rate) continue;
    const amounts = numbers.filter((number) => !number.isPercentage && number.hasDecimals);
    for (const amount of amounts) {
      const base = amounts.find(
        (other) =>
          other !== amount &&
          Math.abs((Math.abs(Number(other.value)) * Number(rate.value)) / 100 - Math.abs(Number(amount.value))) <= 0.011,
      );
      if (!base) continue;
      found.push({
        rate: String(Number(rate.value)),
        cents: Math.round(Math.abs(Number(amount.value)) * 100),
        rateFinding: foundAt(String(Number(rate.value)), 0.85, [spanOf(line, rate.start, rate.end)]),
        amountSpan: spanOf(line, amount.start, amount.end),
      });
      break;
    }
  }
  if (found.length === 0 || new Set(found.map((discount) => discount.rate)).size > 1) return null;
  const cents = found.reduce((sum, discount) => sum + discount.cents, 0);
  const total = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return {
    rate: found[0]!.rateFinding,
    total: foundAt(
      total,
      0.85,
      found.map((discount) => discount.amountSpan),
    ),
  };
};
