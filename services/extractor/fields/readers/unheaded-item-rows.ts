import type { DocumentText, TextLine } from '../layout/document-text.js';
import { toCents } from '../values/cents.js';
import { foundAt, spanOf } from '../values/finding.js';
import { findNumbers, type NumberToken } from '../values/parse-number.js';
import { emptyLineItemValue, type ItemFinding, type LineItemValue } from './item-finding.js';
import { itemTitleAt } from './item-title-misreads.js';
import { labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

/** Rows proven by their own arithmetic, but with no header to say what each figure is: below a header's reading. */
const CONFIDENCE = 0.75;
/** One such row may be chance (a line of figures that happens to multiply out); a table has rows. */
const MIN_ROWS = 2;
/** A tax rate is a percentage of this size at most. */
const MAX_RATE = 30;

/**
 * A name before the figures: the words a row starts with, less the marks OCR made of a cell border or a lost position
 * number; `upToGap` where letters OCR made of a lost figure may follow the name, a column apart ("Boîte  KA  € 14.0").
 */
const titleBefore = (text: string, upToGap = false): { title: string; start: number } | null => {
  const lead = /^[^\p{L}]*(?:\p{L}(?=\s)[^\p{L}]*)?/u.exec(text)![0];
  const named = text.slice(lead.length);
  const title = (upToGap ? named.replace(/(?:\s{2,}|\s*\|).*$/su, '') : named).replace(/[\s|[\]€$£]+$/u, '').trim();
  return /\p{L}{2}/u.test(title) && !/\s{2,}/.test(title) ? { title, start: lead.length } : null;
};

/** The figure as printed, and a tenth of it where it may have lost its decimal point ("200" for "20.0"). */
const readings = (printed: NumberToken): string[] =>
  !printed.hasDecimals && /0$/.test(printed.value) ? [printed.value, (Number(printed.value) / 10).toString()] : [printed.value];

const product = (quantity: string, price: string) => Math.round(Number(quantity) * Number(price) * 100);

/**
 * The count a figure stands for where OCR lost its decimal point ("330" for "33.0", the price 100.0 and the
 * amount 3300.0 beside it): the one the price multiplies out to the amount, as printed or a tenth of it.
 */
const countFor = (printed: NumberToken, price: string, amount: string): string | null =>
  printed.isPercentage || Number(printed.value) <= 0
    ? null
    : (readings(printed).find((count) => product(count, price) === toCents(amount)) ?? null);

/**
 * A rate among the figures after the amount that another of them confirms: the tax on the amount, or the amount
 * with it (a rate that lost its decimal point too, "200" for "20.0").
 */
const rateAfter = (figures: readonly NumberToken[], amount: string): { rate: NumberToken; value: string } | null => {
  const cents = toCents(amount);
  for (const rate of figures) {
    const value = readings(rate).find((reading) => {
      const share = Number(reading);
      if (share <= 0 || share > MAX_RATE) return false;
      const tax = Math.round((cents * share) / 100);
      return figures.some((other) => other !== rate && [tax, cents + tax].includes(toCents(other.value)));
    });
    if (value !== undefined) return { rate, value };
  }
  return null;
};

/** The rates, to a tenth of a per cent, that make this tax on the amount to the cent. */
const ratesMaking = (cents: number, tax: number): number[] =>
  Array.from({ length: MAX_RATE * 10 }, (_, tenth) => (tenth + 1) / 10).filter((rate) => Math.round((cents * rate) / 100) === tax);

/**
 * The tax on the amount among the figures after it, proven by the amount with it printed after that (each figure as
 * printed or a tenth of it), and the rates to a tenth of a per cent that make that tax to the cent: none where the
 * tax is no rate's, several where the amount is too small to tell them apart.
 */
const taxAfter = (figures: readonly NumberToken[], amount: string): { tax: NumberToken; rates: number[] } | null => {
  const cents = toCents(amount);
  for (const [index, tax] of figures.entries()) {
    const taxCents = readings(tax)
      .map(toCents)
      .find(
        (reading) =>
          reading > 0 &&
          figures.slice(index + 1).some((gross) =>
            readings(gross)
              .map(toCents)
              .includes(cents + reading),
          ),
      );
    if (taxCents !== undefined) return { tax, rates: ratesMaking(cents, taxCents) };
  }
  return null;
};

/**
 * The row's tax rate: one printed after the amount that its tax or gross confirms, else, where OCR lost or garbled it
 * ("ss" for 5.5), the one rate the tax and gross printed after the amount show (the tax's figure its evidence).
 */
const rateOf = (figures: readonly NumberToken[], amount: string): { rate: NumberToken; value: string } | null => {
  const printed = rateAfter(figures, amount);
  if (printed) return printed;
  const taxed = taxAfter(figures, amount);
  return taxed?.rates.length === 1 ? { rate: taxed.tax, value: String(taxed.rates[0]) } : null;
};

interface Row {
  line: TextLine;
  item: ItemFinding;
  /** Proven by its tax alone (the count or the price lost): a row only among rows proven by their product. */
  byTax: boolean;
}

/** The count and unit price of a row, with the figure the count was read or derived from. */
interface Counted {
  count: NumberToken;
  quantity: string;
  price: NumberToken;
}

/** The row's item: its name, the figures found for each field, and the rate the figures after the amount show. */
const rowItem = (
  line: TextLine,
  document: DocumentText,
  name: { title: string; start: number },
  counted: Counted | null,
  amount: NumberToken,
  after: readonly NumberToken[],
): Row => {
  const titleSpan = spanOf(line, name.start, name.start + name.title.length);
  const title = itemTitleAt(name.title, titleSpan, document.decimalMark, document.language);
  const rate = rateOf(after, amount.value);
  const value: LineItemValue = {
    ...emptyLineItemValue(title),
    quantity: counted?.quantity ?? null,
    amount_unit: counted?.price.value ?? null,
    amount_total: amount.value,
    tax_rate: rate?.value ?? null,
  };
  const fields: ItemFinding['fields'] = {
    title: foundAt(title, CONFIDENCE, [titleSpan]),
    amount_total: foundAt(amount.value, CONFIDENCE, [spanOf(line, amount.start, amount.end)]),
  };
  if (counted) {
    const { count, quantity, price } = counted;
    fields.quantity = foundAt(quantity, CONFIDENCE, [spanOf(line, count.start, count.end)]);
    fields.amount_unit = foundAt(price.value, CONFIDENCE, [spanOf(line, price.start, price.end)]);
  }
  if (rate) fields.tax_rate = foundAt(rate.value, CONFIDENCE, [spanOf(line, rate.rate.start, rate.rate.end)]);
  return { line, item: { value, fields }, byTax: false };
};

/**
 * A row of an item table whose header OCR lost: a name, then three figures side by side of which the first times
 * the second makes the third to the cent (quantity, unit price, amount; the price and amount printed as money),
 * and after them, where two more figures confirm it, the tax rate (the amount's tax, or the amount with it).
 */
const rowOf = (line: TextLine, document: DocumentText): Row | null => {
  const figures = findNumbers(line.text, document.decimalMark);
  for (let at = 0; at + 2 < figures.length; at++) {
    const [count, price, amount] = [figures[at]!, figures[at + 1]!, figures[at + 2]!];
    if (!price.hasDecimals || !amount.hasDecimals || price.isPercentage || amount.isPercentage || Number(amount.value) <= 0) continue;
    const quantity = countFor(count, price.value, amount.value);
    if (quantity === null) continue;
    const name = titleBefore(line.text.slice(0, count.start));
    if (name === null) return null;
    return rowItem(line, document, name, { count, quantity, price }, amount, figures.slice(at + 3));
  }
  return rowByItsTax(line, document, figures);
};

/** The currency sign printed right before a figure ("€ 910.0", "€100"), if any. */
const signBefore = (text: string, figure: NumberToken): string | null => /([€$£])\s?$/u.exec(text.slice(0, figure.start))?.[1] ?? null;

/**
 * The count a lone figure before the amount gives as its unit price: the whole count the price divides the amount
 * into (the price as printed or a tenth of it, "€100" for "€10.0", where only one divides it whole), the price printed
 * as the amount is, with the same currency sign or none (a count read where the price was lost, "20.0 | €s000 |
 * € 10000.0", is no price).
 */
const countedByPrice = (text: string, price: NumberToken, amount: NumberToken): Counted | null => {
  if (price.isPercentage || signBefore(text, price) !== signBefore(text, amount)) return null;
  const counts = readings(price).flatMap((reading) => {
    const count = Number(amount.value) / Number(reading);
    return Number(reading) > 0 && Number.isInteger(count) ? [{ reading, count }] : [];
  });
  if (counts.length !== 1) return null;
  const { reading, count } = counts[0]!;
  return { count: price, quantity: String(count), price: { ...price, value: reading } };
};

/**
 * A row whose count or price OCR lost or garbled into letters ("Boîte de rangement  KA  € 14.0  € 910.0  20.0
 * € 182.0  € 1092.0"): a name, then an amount printed as money that the figures after it prove (its tax at a rate to
 * a tenth of a per cent, and the amount with that tax). Where the one figure before the amount is its unit price,
 * the count is the one it divides the amount into (see `countedByPrice`; its evidence the price); else the row
 * gives its name, amount and rate only.
 */
const rowByItsTax = (line: TextLine, document: DocumentText, figures: readonly NumberToken[]): Row | null => {
  const at = figures.findIndex(
    (amount, index) =>
      amount.hasDecimals &&
      !amount.isPercentage &&
      Number(amount.value) > 0 &&
      (taxAfter(figures.slice(index + 1), amount.value)?.rates.length ?? 0) > 0,
  );
  if (at < 0) return null;
  const amount = figures[at]!;
  const name = titleBefore(line.text.slice(0, figures[0]!.start), true);
  if (name === null) return null;
  const counted = at === 1 ? countedByPrice(line.text, figures[0]!, amount) : null;
  return { ...rowItem(line, document, name, counted, amount, figures.slice(at + 1)), byTax: true };
};

/** A name wrapped onto the line after its figures: that line, without figures, closes the bracket the name opened. */
const withWrappedName = (row: Row, next: TextLine | undefined): ItemFinding => {
  const { title } = row.item.value;
  const rest = next?.text.trim() ?? '';
  if (!next || next.page !== row.line.page || !/\([^)]*$/.test(title) || !/^[^()\d]*\)$/.test(rest)) return row.item;
  const joined = `${title} ${rest}`;
  return {
    value: { ...row.item.value, title: joined },
    fields: { ...row.item.fields, title: { ...row.item.fields.title!, value: joined } },
  };
};

// How many lines above the first or below the last row proven by its product a row proven by its tax alone may lie.
const TAX_ROW_REACH = 3;

// Names of a totals block's lines ("Sous-total", "TVA", "Net amount"), which add up to its total as items do.
const TOTAL_OR_TAX = labelPattern(...termsFor('itemTotalsWord'), ...termsFor('taxWord'));

/** A row of a name and one money figure, its last ("| Grande armoire  |  59520,00 € |"): the name and the figure. */
const namedAmount = (line: TextLine, document: DocumentText): { name: { title: string; start: number }; amount: NumberToken } | null => {
  const figures = findNumbers(line.text, document.decimalMark);
  const amount = figures.at(-1);
  if (figures.length !== 1 || !amount!.hasDecimals || amount!.isPercentage || Number(amount!.value) <= 0) return null;
  const name = titleBefore(line.text.slice(0, amount!.start));
  return name && !TOTAL_OR_TAX.test(name.title) && !/:$/.test(name.title) ? { name, amount: amount! } : null;
};

/**
 * The rows of a table whose header OCR lost that print a name and its amount alone ("Description … Prix"): lines right
 * after one another (blank lines aside), at least two, each a name and one money figure, closed by a line whose last
 * money figure is their sum to the cent (the total, "TOTAL: 402 682,26 €"). The sum proves them the items; none of
 * them names a total or a tax (a totals block adds up too). The first such run of the document.
 */
const summedRows = (document: DocumentText): ItemFinding[] => {
  let run: { line: TextLine; name: { title: string; start: number }; amount: NumberToken }[] = [];
  for (const line of document.lines) {
    if (line.text === '') continue;
    if (run.length > 0 && line.page !== run[0]!.line.page) run = [];
    const money = findNumbers(line.text, document.decimalMark).filter((number) => number.hasDecimals && !number.isPercentage);
    const sum = run.reduce((cents, row) => cents + toCents(row.amount.value), 0);
    if (run.length >= MIN_ROWS && money.length > 0 && toCents(money.at(-1)!.value) === sum)
      return run.map((row) => rowItem(row.line, document, row.name, null, row.amount, []).item);
    const row = namedAmount(line, document);
    run = row ? [...run, { line, ...row }] : [];
  }
  return [];
};

/**
 * The line items of a table whose header OCR lost (a grey header bar read as nothing): every row that proves
 * itself by its arithmetic (see `rowOf`), where at least two do by quantity × price, and the rows proven by their
 * tax alone (see `rowByItsTax`) among them or a few lines off (a tax summary's lines elsewhere are no items). Read
 * only where no table and no receipt's lines were found.
 */
export const findUnheadedItemRows = (document: DocumentText): ItemFinding[] => {
  const rows = document.lines.flatMap((line) => rowOf(line, document) ?? []);
  const products = rows.filter((row) => !row.byTax);
  if (products.length < MIN_ROWS) return summedRows(document);
  const [first, last] = [products[0]!.line, products.at(-1)!.line];
  const inTable = (row: Row) =>
    !row.byTax ||
    (row.line.page === first.page &&
      row.line.page === last.page &&
      row.line.index >= first.index - TAX_ROW_REACH &&
      row.line.index <= last.index + TAX_ROW_REACH);
  return rows.filter(inTable).map((row) => withWrappedName(row, document.lines[row.line.index + 1]));
};
