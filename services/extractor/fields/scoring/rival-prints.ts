import { findDates } from '../values/parse-date.js';
import { detectDecimalMark, findNumbers } from '../values/parse-number.js';
import { oneOrTwoApart } from '../values/ocr-confusions.js';
import type { FieldGroup } from './field-paths.js';

/** The amounts a document prints with decimals (no rates), in cents, and the dates it prints, as ISO dates. */
export interface Prints {
  cents: number[];
  dates: string[];
}

export const printsOf = (text: string): Prints => {
  const decimalMark = detectDecimalMark(text);
  const lines = text.split('\n');
  return {
    cents: lines.flatMap((line) =>
      findNumbers(line, decimalMark).flatMap((found) =>
        found.hasDecimals && !found.isPercentage ? [Math.round(Number(found.value) * 100)] : [],
      ),
    ),
    dates: lines.flatMap((line) => findDates(line).map((found) => found.iso)),
  };
};

/** A till rounds a total to the coins in use: a few cents (Malaysia 0.01–0.02, Switzerland up to 0.02). */
const ROUNDING_CENTS = 10;
/** Fewer digits than this and one digit apart is chance (an item's 2.50 beside a total of 3.50), not a misread. */
const FIGURE_DIGITS = 4;

const oneDigitApart = (a: string, b: string) =>
  oneOrTwoApart(a, b) && [...a].filter((character, index) => character !== b[index]).length === 1;

/**
 * Whether the document prints a rival of an amount or a date: another print that reads one digit otherwise (23/04 and
 * 23/08, 25.40 and 35.40: one of the two is a misread, the reader may have taken the wrong one) or, for an amount, a sum
 * a rounding apart (72.93 and 72.95: which of the two a receipt's reader is asked for, before or after the rounding, the
 * reading cannot tell). 1 where one is printed, else 0; 0 for every other field. `printed` is only read for amounts
 * and dates.
 */
export const rivalPrintOf = (group: FieldGroup, value: unknown, printed: () => Prints): 0 | 1 => {
  if (typeof value !== 'string') return 0;
  if (group === 'date') return printed().dates.some((date) => date !== value && oneDigitApart(date, value)) ? 1 : 0;
  if (group !== 'amount') return 0;
  const cents = Math.round(Number(value) * 100);
  if (!Number.isFinite(cents)) return 0;
  const figure = String(Math.abs(cents));
  return printed().cents.some(
    (other) =>
      other !== cents &&
      (Math.abs(other - cents) <= ROUNDING_CENTS || (figure.length >= FIGURE_DIGITS && oneDigitApart(String(Math.abs(other)), figure))),
  )
    ? 1
    : 0;
};
