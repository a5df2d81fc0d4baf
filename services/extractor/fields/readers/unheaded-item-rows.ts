import type { DocumentText, TextLine } from '../layout/document-text.js';
import { toCents } from '../values/cents.js';
import { foundAt, spanOf } from '../values/finding.js';
import { findNumbers, type NumberToken } from '../values/parse-number.js';
import { emptyLineItemValue, type ItemFinding, type LineItemValue } from './item-finding.js';
import { itemTitleAt } from './item-title-misreads.js';

/** Rows proven by their own arithmetic, but with no header to say what each figure is: below a header's reading. */
const CONFIDENCE = 0.75;
/** One such row may be chance (a line of figures that happens to multiply out); a table has rows. */
const MIN_ROWS = 2;
/** A tax rate is a percentage of this size at most. */
const MAX_RATE = 30;

/** A name before the figures: the words a row starts with, less the marks OCR made of a cell border or a lost position number. */
const titleBefore = (text: string): { title: string; start: number } | null => {
  const lead = /^[^\p{L}]*(?:\p{L}(?=\s)[^\p{L}]*)?/u.exec(text)![0];
  const title = text
    .slice(lead.length)
    .replace(/[\s|[\]€$£]+$/u, '')
    .trim();
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

interface Row {
  line: TextLine;
  item: ItemFinding;
}

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
    const titleSpan = spanOf(line, name.start, name.start + name.title.length);
    const title = itemTitleAt(name.title, titleSpan, document.decimalMark, document.language);
    const rate = rateAfter(figures.slice(at + 3), amount.value);
    const value: LineItemValue = {
      ...emptyLineItemValue(title),
      quantity,
      amount_unit: price.value,
      amount_total: amount.value,
      tax_rate: rate?.value ?? null,
    };
    const fields: ItemFinding['fields'] = {
      title: foundAt(title, CONFIDENCE, [titleSpan]),
      quantity: foundAt(quantity, CONFIDENCE, [spanOf(line, count.start, count.end)]),
      amount_unit: foundAt(price.value, CONFIDENCE, [spanOf(line, price.start, price.end)]),
      amount_total: foundAt(amount.value, CONFIDENCE, [spanOf(line, amount.start, amount.end)]),
    };
    if (rate) fields.tax_rate = foundAt(rate.value, CONFIDENCE, [spanOf(line, rate.rate.start, rate.rate.end)]);
    return { line, item: { value, fields } };
  }
  return null;
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

/**
 * The line items of a table whose header OCR lost (a grey header bar read as nothing): every row that proves
 * itself by its arithmetic (see `rowOf`), where at least two do. Read only where no table and no receipt's
 * lines were found.
 */
export const findUnheadedItemRows = (document: DocumentText): ItemFinding[] => {
  const rows = document.lines.flatMap((line) => rowOf(line, document) ?? []);
  if (rows.length < MIN_ROWS) return [];
  return rows.map((row) => withWrappedName(row, document.lines[row.line.index + 1]));
};
