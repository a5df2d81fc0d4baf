import type { DocumentText } from '../../layout/document-text.js';
import { findNumbers } from '../../values/parse-number.js';
import type { Cell } from './cells.js';
import { type NumberRead, numbersIn, adds } from './figures.js';

const isRate = (value: string) => Number(value) >= 0 && Number(value) <= 30;

/**
 * The tax rate of a row's tax column; where it reads as no rate ("81%"), the rate printed elsewhere on the
 * document that the figure is with the decimal mark a scan lost (8.1 % in the tax summary); where it reads as a
 * rate the summary under the table does not print ("26%"), the one it prints that the figure is so (2.6 %).
 */
export const rateFrom = (cells: Cell[], { printed, summarized }: Rates) => {
  const numbers = cells.flatMap((cell) => numbersIn(cell));
  const read = numbers.find(
    (number) => isRate(number.value) && (number.isPercentage || !number.hasDecimals || /^\d{1,2}\.\d{1,2}$/.test(number.value)),
  );
  if (read) return withSummarizedMark(read, summarized);
  for (const number of numbers.filter((candidate) => !candidate.hasDecimals && /^\d{2,3}$/.test(candidate.value))) {
    const restored = [10, 100].map((divisor) => String(Number(number.value) / divisor)).find((rate) => printed.has(rate));
    if (restored) return { ...number, value: restored };
  }
  return undefined;
};

/**
 * A rate of two digits that reads as a rate but is none the tax summary under the table prints, where the summary
 * prints it with the decimal mark a scan lost ("26%" in a row, 2.6 % in the summary beside its amounts).
 */
const withSummarizedMark = (read: NumberRead, summarized: ReadonlySet<string>): NumberRead => {
  if (read.hasDecimals || !/^\d{2}$/.test(read.value) || summarized.size === 0 || summarized.has(String(Number(read.value)))) return read;
  const restored = String(Number(read.value) / 10);
  return summarized.has(restored) ? { ...read, value: restored } : read;
};

/** Rates the document prints anywhere, and those the totals block under a table prints beside money. */
export interface Rates {
  printed: ReadonlySet<string>;
  summarized: ReadonlySet<string>;
}

// Lines under a table's totals line where a tax summary prints its rates.
const SUMMARY_LINES = 8;

/** The rates printed beside money under a table ("8.1%  140.00  11.34", "TVA 20 %  443,62"), as numbers: its tax summary's. */
export const ratesSummarizedFrom = (document: DocumentText, totalsAt: number | null): Set<string> => {
  if (totalsAt === null) return new Set();
  const page = document.lines[totalsAt]!.page;
  return new Set(
    document.lines
      .slice(totalsAt, totalsAt + SUMMARY_LINES)
      .filter((line) => line.page === page)
      .flatMap((line) => {
        const numbers = findNumbers(line.text, document.decimalMark);
        if (!numbers.some((number) => !number.isPercentage && number.hasDecimals)) return [];
        return numbers
          .filter((number) => number.isPercentage && isRate(number.value) && Number(number.value) > 0)
          .map((number) => String(Number(number.value)));
      }),
  );
};

/** Every per-cent figure a document prints that may be a tax rate, as a number ("8.1", "20"). */
export const ratesPrintedIn = (document: DocumentText): Set<string> =>
  new Set(
    document.lines.flatMap((line) =>
      findNumbers(line.text, document.decimalMark)
        .filter((number) => number.isPercentage && isRate(number.value) && Number(number.value) > 0)
        .map((number) => String(Number(number.value))),
    ),
  );

/**
 * Whether a row's amount is quantity × unit price with the row's tax on it ("40.0  €4500,00  20.0  €216 000,00"): a
 * table that prints each line's gross, whose count is then as printed, not the one the unit price divides the amount into.
 */
export const withItsTax = (quantity: NumberRead, price: NumberRead, amount: NumberRead, rate: NumberRead): boolean =>
  Number(rate.value) > 0 && adds(quantity.value, String(Number(price.value) * (1 + Number(rate.value) / 100)), amount.value, null);

/**
 * A rate that lost its decimal mark where no rate reads and the table prints each line's gross ("53.0  €876,00  55
 * €48 981,54"): the tenth or hundredth of a figure in the rate column with which quantity × unit price makes the amount.
 */
export const rateTaxingTheRow = (
  cells: Cell[],
  quantity: NumberRead | null,
  price: NumberRead | null,
  amount: NumberRead | null,
): NumberRead | undefined => {
  if (!quantity || !price || !amount) return undefined;
  return cells
    .flatMap((cell) => numbersIn(cell))
    .filter((number) => !number.hasDecimals && /^\d{2,3}$/.test(number.value))
    .flatMap((number) => [10, 100].map((divisor) => ({ ...number, value: String(Number(number.value) / divisor) })))
    .find((rate) => isRate(rate.value) && withItsTax(quantity, price, amount, rate));
};
