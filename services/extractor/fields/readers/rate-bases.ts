import { CURRENCY_MARK } from '../values/currency.js';
import { toCents } from '../values/cents.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import type { ItemFinding } from './item-finding.js';
import { findDates } from '../values/parse-date.js';
import { findNumbers, withSpacedDecimalsJoined } from '../values/parse-number.js';

/** A tax rate the summary prints without its base: its value and the code items are marked with ("A", "B"). */
export interface RateWithoutBase {
  rate: number;
  /** The single capital letter the rate's line starts with ("A inkl. MwSt. 8.1%"), if any. */
  code: string | null;
}

/** What the item lines add up to per rate, in cents, keyed by rate. */
export type RateSums = Map<number, number>;

const blankDates = (text: string): string =>
  findDates(text).reduce((masked, date) => masked.slice(0, date.start) + ' '.repeat(date.end - date.start) + masked.slice(date.end), text);

/** "A inkl. MwSt. 8.1 %", "B dont TVA 2.6 %", "A 8.1%  13.46 …": a rate line opening with its tax code. */
export const taxCodeOf = (line: TextLine): string | null => /^\s*(\p{Lu})(?=\s)/u.exec(line.text)?.[1] ?? null;

/**
 * The amount an item line ends with and the tax code printed after it ("15.00 A", "3,50 B"), as tills
 * print them.
 */
const codedAmount = (text: string): { cents: number; code: string } | null => {
  const match = /(?<![\p{L}\d])(\p{Lu})\s*$/u.exec(text);
  if (!match) return null;
  const amount = findNumbers(text.slice(0, match.index))
    .filter((number) => !number.isPercentage && number.hasDecimals)
    .at(-1);
  if (!amount || text.slice(amount.end, match.index).replace(CURRENCY_MARK, '').trim() !== '') return null;
  return { cents: toCents(amount.value), code: match[1]! };
};

interface LineRates {
  /** The rates among the line's percentages, with where each ends in the line's text. */
  rates: { rate: number; end: number }[];
  /** Whether the line prints a percentage that is none of the rates. */
  otherPercentage: boolean;
  /** The amount the line ends with, in cents. */
  cents: number;
}

/** The rates a line prints and the amount it ends with; null for a line without both. */
const lineRates = (text: string, rates: readonly number[]): LineRates | null => {
  const numbers = findNumbers(withSpacedDecimalsJoined(blankDates(text)));
  const last = numbers.at(-1);
  if (!last || last.isPercentage || !last.hasDecimals) return null;
  const percentages = numbers.filter((number) => number.isPercentage);
  const rated = percentages.filter((number) => rates.includes(Number(number.value)));
  if (rated.length === 0) return null;
  return {
    rates: rated.map((number) => ({ rate: Number(number.value), end: number.end })),
    otherPercentage: rated.length < percentages.length,
    cents: toCents(last.value),
  };
};

/**
 * The amount of each item line and the rate in its rate column. A line printing one percentage, a rate, shows where
 * the column is; a line printing a discount beside its rate ("15 %   10 %", both rates of the region) takes the rate
 * nearest to that column (the lines' text keeps the page's columns), and without a line to show it, none.
 */
const ratedAmounts = (texts: readonly string[], rates: readonly number[]): { cents: number; rate: number }[] => {
  const lines = texts.flatMap((text) => lineRates(text, rates) ?? []);
  const columnEnds = lines
    .filter((line) => line.rates.length === 1 && !line.otherPercentage)
    .map((line) => line.rates[0]!.end)
    .sort((a, b) => a - b);
  const column = columnEnds[Math.floor(columnEnds.length / 2)];
  return lines.flatMap((line) => {
    if (line.rates.length === 1 && !line.otherPercentage) return [{ cents: line.cents, rate: line.rates[0]!.rate }];
    if (column === undefined) return [];
    const nearest = [...line.rates].sort((a, b) => Math.abs(a.end - column) - Math.abs(b.end - column))[0]!;
    return [{ cents: line.cents, rate: nearest.rate }];
  });
};

/**
 * The item amounts printed above the summary, summed per rate: lines that print one of the rates in a
 * rate column, or, on receipts, end in the tax code a rate line opens with (when every rate has a code).
 * A rate no item shows makes the sums unknown. The sums are only candidates: the caller must find them
 * adding up to the printed totals to the cent, as an item whose rate could not be told spoils them.
 */
export const itemSumsByRate = (
  document: DocumentText,
  rates: readonly RateWithoutBase[],
  before: TextLine,
  skipped: ReadonlySet<TextLine>,
): RateSums | null => {
  const values = rates.map((rate) => rate.rate);
  const codes = new Map(rates.flatMap((rate) => (rate.code ? [[rate.code, rate.rate] as const] : [])));
  const byCode = codes.size === rates.length && new Set(codes.values()).size === rates.length;
  const texts = document.lines.filter((line) => line.index < before.index && !skipped.has(line)).map((line) => line.text);
  const found = byCode
    ? texts.flatMap((text) => {
        const coded = codedAmount(text);
        const rate = coded ? codes.get(coded.code) : undefined;
        return coded && rate !== undefined ? [{ cents: coded.cents, rate }] : [];
      })
    : ratedAmounts(texts, values);
  const sums: RateSums = new Map(values.map((rate) => [rate, 0]));
  for (const { cents, rate } of found) sums.set(rate, sums.get(rate)! + cents);
  if (found.length === 0 || [...sums.values()].some((cents) => cents === 0)) return null;
  return sums;
};

// Items whose rate was not read, tried at each rate: beyond a few, some split would match the taxes by chance.
const MAX_ITEMS_WITHOUT_RATE = 2;

/**
 * What the line items read add up to per rate, in cents, keyed by rate: every item must carry an amount, and one of the
 * rates or none (a rate cell the scan lost), and every rate an item. One candidate for each way of giving the items
 * without a rate one of the rates (at most two such items); only candidates, as `itemSumsByRate`'s: the caller keeps
 * one only where it alone matches the taxes.
 */
export const sumsByRateOf = (items: readonly ItemFinding[], rates: readonly number[]): RateSums[] => {
  const amounts = items.map(({ value }) => ({ rate: value.tax_rate === null ? null : Number(value.tax_rate), amount: value.amount_total }));
  const rateless = amounts.filter((item) => item.rate === null).length;
  if (amounts.length === 0 || rateless > MAX_ITEMS_WITHOUT_RATE || amounts.some((item) => item.amount === null)) return [];
  if (amounts.some((item) => item.rate !== null && !rates.includes(item.rate))) return [];
  const assignments = amounts.reduce<(number | null)[][]>(
    (partial, item) => partial.flatMap((chosen) => (item.rate === null ? rates : [item.rate]).map((rate) => [...chosen, rate])),
    [[]],
  );
  return assignments.flatMap((assigned) => {
    const sums: RateSums = new Map(rates.map((rate) => [rate, 0]));
    assigned.forEach((rate, index) => sums.set(rate!, sums.get(rate!)! + toCents(amounts[index]!.amount!)));
    return [...sums.values()].some((cents) => cents === 0) ? [] : [sums];
  });
};

/**
 * The amount each item line above `before` ends with, on the page of `before`: receipt lines without tax
 * codes ("Cornetto   2.80"). A quantity line ending in its unit price ("10 x 1.50") is no item's amount.
 */
export const itemAmountsAbove = (document: DocumentText, before: TextLine): number[] =>
  document.lines
    .filter((line) => line.page === before.page && line.index < before.index)
    .flatMap((line) => {
      const text = blankDates(line.text).trimEnd();
      const last = findNumbers(text)
        .filter((number) => !number.isPercentage)
        .at(-1);
      if (!last || !last.hasDecimals || last.end !== text.length || /(?<!\p{L})x\s*$/iu.test(text.slice(0, last.start))) return [];
      return [toCents(last.value)];
    });

/** Whether `tax` is `base` at `rate` (a gross base includes it), rounded to the cent. */
const roundsTo = (base: number, rate: number, tax: number, gross: boolean): boolean =>
  Math.abs((base * rate) / (gross ? 100 + rate : 100) - tax) <= 0.5 + 1e-9;

// Assignments tried at most: every item to one of the rates.
const MAX_ASSIGNMENTS = 200_000;

/**
 * The items split among the rates so that each rate's tax is its items' sum at that rate, rounded to the
 * cent: each rate's sum, when exactly one split of sums does (several items may swap places without
 * changing any sum). The items must add up to `total` (the gross total when `gross`, else the net total).
 */
export const splitAmongRates = (
  amounts: readonly number[],
  rates: readonly { rate: number; tax: number }[],
  total: number,
  gross: boolean,
): number[] | null => {
  if (amounts.length === 0 || amounts.reduce((sum, cents) => sum + cents, 0) !== total) return null;
  if (rates.length ** amounts.length > MAX_ASSIGNMENTS) return null;
  const solutions = new Set<string>();
  const sums = rates.map(() => 0);
  const assign = (index: number): void => {
    if (solutions.size > 1) return;
    if (index === amounts.length) {
      if (rates.every(({ rate, tax }, which) => roundsTo(sums[which]!, rate, tax, gross))) solutions.add(sums.join('/'));
      return;
    }
    for (const which of rates.keys()) {
      sums[which]! += amounts[index]!;
      assign(index + 1);
      sums[which]! -= amounts[index]!;
    }
  };
  assign(0);
  if (solutions.size !== 1) return null;
  return [...solutions][0]!.split('/').map(Number);
};
