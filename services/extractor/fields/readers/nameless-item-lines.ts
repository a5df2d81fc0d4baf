import type { DocumentText, TextLine } from '../layout/document-text.js';
import { spanOf } from '../values/finding.js';
import { parseDecimal } from '../values/parse-number.js';
import { checkedMultiplication, multiplicationIn, type Multiplication } from './receipt-multiplications.js';
import {
  ARTICLE_BEFORE_NAME,
  amountAtEnd,
  amountTokenOf,
  lineEndCode,
  taxCodeOf,
  type ItemLine,
  type Reading,
} from './receipt-item-lines.js';

/**
 * "2385038    105,99 b", "1893349 (3 x 2,99)=   8,97 b", "08001287   2*9,95   EUR  19,90", "   8,99 b": an amount after at
 * most an article's number and a multiplication.
 */
const FIGURES_ONLY =
  /^\s*(?:\d{4,14})?\s*(?:\((?<multiplication>[^()]*)\)\s*=?|(?<bare>\d{1,3}\s*[x×*]\s*\d+[.,]\d{2}))?\s*(?:€|EUR|CHF)?\s*$/u;

/**
 * An item line without a name, its amount after at most an article's number and its quantity times its price (or a
 * weight times its price per unit), named by the lines under it (an electronics chain's "2385038   105,99 b" over "RYZE"
 * / "162316 TELLO" / "414 SPIELZEUG") or above it; null for any other line.
 */
export const namelessItemLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
  const found = amountAtEnd(line, document, reading);
  if (!found) return null;
  const amount = amountTokenOf(found);
  // "1.84 lb @ 0.79/lb   1.45 F": a weight times its price per unit, and nothing else before the amount.
  const weighed = multiplicationIn(line, 0, document);
  if (
    weighed &&
    weighed.span.end < found.end.index &&
    /^\s*(?:€|EUR|CHF|\$)?\s*$/u.test(line.text.slice(weighed.span.end, found.end.index))
  )
    return { line, title: '', titleStart: 0, amount, code: lineEndCode(found), lead: weighed, trail: null };
  const figures = FIGURES_ONLY.exec(line.text.slice(0, found.end.index));
  if (!figures?.groups) return null;
  const lead =
    figures.groups.multiplication !== undefined
      ? multiplicationIn(line, line.text.indexOf('(') + 1, document)
      : figures.groups.bare !== undefined
        ? multiplicationIn(line, line.text.indexOf(figures.groups.bare), document)
        : null;
  return { line, title: '', titleStart: 0, amount, code: lineEndCode(found), lead, trail: null };
};

/** "1.000 STK", "2 Rolle": a quantity and its unit where an item line's name would be; the name is on the line above. */
const QUANTITY_FOR_NAME = /^(?<quantity>\d{1,4}(?:[.,]\d{1,3})?)\s*(?<unit>\p{L}{2,5}\.?)$/u;

/** "0,158     1,19     0,19": a weight, its price per unit and the amount, under the name of what was weighed. */
const WEIGHING = /^\s*(?<quantity>\d{1,3}[.,]\d{1,3})\s+(?<price>\d{1,4}[.,]\d{2})\s*$/u;

/** A line of a weighed item's weight, price per unit and amount, without a name, when they multiply out; else null. */
export const weighingLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
  const found = amountAtEnd(line, document, reading);
  const weighing = found && WEIGHING.exec(line.text.slice(0, found.end.index));
  const quantity = weighing?.groups && parseDecimal(weighing.groups.quantity!, document.decimalMark);
  const price = weighing?.groups && parseDecimal(weighing.groups.price!, document.decimalMark);
  if (!found || !weighing || !quantity || !price) return null;
  const priceStart = line.text.indexOf(weighing.groups!.price!, weighing.index + weighing.groups!.quantity!.length);
  const quantityStart = line.text.indexOf(weighing.groups!.quantity!);
  const multiplication = checkedMultiplication(
    {
      quantity,
      unit: null,
      price,
      span: spanOf(line, quantityStart, priceStart + weighing.groups!.price!.length),
      quantitySpan: spanOf(line, quantityStart, quantityStart + weighing.groups!.quantity!.length),
      priceSpan: spanOf(line, priceStart, priceStart + weighing.groups!.price!.length),
    },
    found.value,
    document.decimalMark,
  );
  if (!multiplication) return null;
  return { line, title: '', titleStart: 0, amount: amountTokenOf(found), code: null, lead: multiplication, trail: null };
};

/** A nameless item line right under a line that can name it (no amount, words); null otherwise. */
export const namelessAbove = (line: TextLine, index: number, document: DocumentText, reading: Reading): ItemLine | null => {
  const above = document.lines[index - 1];
  const read = above && above.page === line.page ? namelessItemLine(line, document, reading) : null;
  return read && namedAbove(read, above!, document) ? read : null;
};

/** "kg     EURO/kg     EURO": the heads of a weighing line's figures, between it and the name. */
export const isUnitsHead = (line: TextLine) => /^(?:\s*(?:kg|g|l|m|stk|euro?|€|chf)(?:\/(?:kg|g|l|m|stk))?)+\s*$/iu.test(line.text);

/**
 * The name of a weighed item, perhaps with its tax code at the end ("BANANEN LOSE          C"), or of an article, perhaps
 * after its count ("2 * Atemschutzmaske Corona FFP 1St").
 */
const NAME_WITH_CODE = /^\s*(?:\d{1,3}\s*[x×*]\s+)?(?<name>.*?\p{L}.*?)(?:\s{2,}(?<code>\p{L}\d?))?\s*$/u;

/** "ORGANIC BANANAS       1.84 lb @ 0.79/lb": a weight times its price per unit ending a name's line, a column gap after the name. */
const weighingAtEnd = (line: TextLine, document: DocumentText): Multiplication | null => {
  const gap = [...line.text.matchAll(/\s{2,}(?=\d)/gu)].at(-1);
  const found = gap ? multiplicationIn(line, gap.index! + gap[0].length, document) : null;
  return found && line.text.slice(found.span.end).trim() === '' ? found : null;
};

/**
 * The item line `read` whose name is a quantity and unit ("1.000 STK   49.99 19"), named by the line above it ("4006825607727
 * Spindelmaher": an article's number and the name); null where `read` prints its name, or `above` is no name.
 */
export const namedAbove = (read: ItemLine, above: TextLine, document: DocumentText): ItemLine | null => {
  if (amountAtEnd(above, document, 'as-printed') || !/\p{L}{3}/u.test(above.text)) return null;
  if (read.title === '') {
    const weighed = read.lead ? null : weighingAtEnd(above, document);
    const name = NAME_WITH_CODE.exec(weighed ? above.text.slice(0, weighed.span.start) : above.text)!.groups!;
    const titleStart = above.text.indexOf(name.name!.trim());
    return {
      ...read,
      title: name.name!.trim(),
      titleStart,
      titleLine: above,
      code: read.code ?? taxCodeOf(name.code),
      lead: read.lead ?? weighed,
    };
  }
  const quantity = QUANTITY_FOR_NAME.exec(read.title);
  if (!quantity?.groups) return null;
  const article = ARTICLE_BEFORE_NAME.exec(above.text);
  const titleStart = article ? article[0].length : above.text.length - above.text.trimStart().length;
  const value = parseDecimal(quantity.groups.quantity!, document.decimalMark);
  const quantitySpan = spanOf(read.line, read.titleStart, read.titleStart + read.title.length);
  return {
    ...read,
    title: above.text.slice(titleStart).trim(),
    titleStart,
    titleLine: above,
    article: article?.groups?.article ?? null,
    count: value === null ? null : { quantity: String(Number(value)), unit: quantity.groups.unit!, span: quantitySpan },
  };
};

// A maker's name on a line of its own ("RYZE", "LOGIT:C") is the first part of the item's name; the next line is the rest.
const MAKER = 12;

/** The name the lines under a nameless item line print: the first, or a maker's name and the line after it. */
export const namedBy = (read: ItemLine, below: readonly TextLine[]): ItemLine | null => {
  const first = below[0];
  if (!first) return null;
  const name = (line: TextLine) => line.text.trim();
  const title = name(first).length <= MAKER && below[1] ? `${name(first)} ${name(below[1])}` : name(first);
  return /\p{L}{2}/u.test(title) ? { ...read, title, titleStart: first.text.indexOf(name(first)), titleLine: first } : null;
};
