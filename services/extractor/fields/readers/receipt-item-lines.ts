import type { DocumentText, TextLine } from '../layout/document-text.js';
import { spanOf, type Span } from '../values/finding.js';
import { withoutAccents } from '../layout/labels.js';
import { parseDecimal, type DecimalMark, type NumberToken } from '../values/parse-number.js';
import { multiplicationAtEnd, multiplicationIn, type Multiplication } from './receipt-multiplications.js';

const MONEY = /^-?\d/;

export interface ItemLine {
  line: TextLine;
  title: string;
  titleStart: number;
  amount: NumberToken;
  /** A tax code printed after the amount ("15.00 A"). */
  code: string | null;
  /** "3 x 3,95" printed before the title. */
  lead: Multiplication | null;
  /** "3,29 x 2" printed between the title and the amount. */
  trail: Multiplication | null;
  /** Where the title is printed, when not on the amount's line (a name under an article's number and amount). */
  titleLine?: TextLine;
  /** The article's number printed before the name on its own line. */
  article?: string | null;
  /** The tax rate printed in a column between the name and the amount ("CAPPUCCINO   10%   1,60"). */
  rate?: string | null;
  /** A quantity and unit printed without a unit price ("1.000 STK"). */
  count?: { quantity: string; unit: string | null; span: Span } | null;
}

/**
 * The amount ending a receipt line, with the tax code after it, glued, a space or a small gap apart ("15.00 A", "14.55A",
 * "1,79  C" as discounters' tills print it), perhaps after a mark the till sets before it ("1,96xB", "-0,50*C": no
 * discount on the item), or the tax rate a hardware store's till prints for a code ("49.99 19"), and at most a stray mark
 * a scan left behind. Three digits after a digit and a space are the end of an amount grouped by
 * spaces ("65 838,00"), not an amount of their own.
 */
const LINE_END =
  /(?<![\p{L}\d.,'])(?!(?<=\d )\d{3}[.,]\d{2}(?!\d))(?<amount>-?\d{1,3}(?:['.,]\d{3})*[.,]\d{2}|-?\d+[.,]\d{2})(?:\s{0,3}[x*«»]?(?<code>\p{L}\d?|\*)|\s(?<lookalike>[0158])|\s{1,3}\d{2})?\s*(?:€|\$|£|CHF|EUR|USD|GBP)?\s*[^\p{L}\d\s]{0,2}\s*$/u;

/** A tax code a scan read as the digit it looks like ("6.31 8" for "6.31 B"): a lone digit never follows an amount. */
const CODE_LOOKALIKES: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B' };

/** A tax code as printed ("A", "b1"); a scan may add an accent ("À"). */
export const taxCodeOf = (printed: string | undefined): string | null => {
  const code = printed && withoutAccents(printed).toUpperCase();
  return code && /^[A-Z]\d?$/.test(code) ? code : null;
};

/**
 * How closely lines are read: as printed, or as a scan may have garbled them, both confirmed by the total; or as printed
 * and confirmed by their shape (see `findReceiptItems`).
 */
export type Reading = 'as-printed' | 'garbled' | 'by-shape';

/** An amount whose decimal point a scan lost ("455" for 4.55), at a line's end. */
const POINTLESS_END = /(?<![\p{L}\d.,'])(?<amount>\d{3,5})(?:\s?(?<code>\p{L}\d?|\*))?\s*[^\p{L}\d\s]{0,2}\s*$/u;

/** A speck a scan read as a mark glued before an amount (".6,85"), taken for the space it stands in: same length. */
export const withoutSpeckBeforeAmount = (text: string) => text.replace(/(?<=\s)[.,'‘’`·](?=\d)/gu, ' ');

/** A speck a scan read as a mark between an amount's cents and its tax code ("2,00.B"), taken for a space. */
const withoutSpeckBeforeCode = (text: string) => text.replace(/(?<=\d[.,]\d{2})[.,'‘’`·](?=\p{L}\d?\s*$)/u, ' ');

/** A tax code read as the digit it looks like and glued to the cents ("3,158." for "3,15 B"): set apart. */
const withGluedCodeApart = (text: string) => text.replace(/(?<=\s\d{1,3}[.,]\d{2})(?=[0158][.,'`]?\s*$)/u, ' ');

/** An amount's decimal mark read as a colon ("2:27 A"), a time's mark: given the document's mark, if its money has one. */
const withColonAsDecimalMark = (text: string, decimalMark: DecimalMark) =>
  decimalMark === 'none' ? text : text.replace(/(?<=\s\d{1,3}):(?=\d{2}(?:\s?\p{L}\d?)?\s*$)/u, decimalMark ?? '.');

/** A speck after a tax code read as a letter glued to it ("3,49 BW"): dropped. */
const withoutLetterAfterCode = (text: string) => text.replace(/(?<=\d[.,]\d{2}\s{0,3}[x*]?\p{Lu})\p{L}(?=\s*$)/u, '');

/** A line as a scan may have garbled the amount at its end (see the marks above), for the total to confirm. */
const garbledLineEnd = (text: string, decimalMark: DecimalMark) =>
  withColonAsDecimalMark(withGluedCodeApart(withoutSpeckBeforeCode(withoutSpeckBeforeAmount(withoutLetterAfterCode(text)))), decimalMark);

/** The amount ending a line, as a number of the line. */
export const amountTokenOf = ({ end, value }: LineEnd): NumberToken => ({
  value,
  start: end.index,
  end: end.index + end.groups!.amount!.length,
  hasDecimals: true,
  isPercentage: false,
});

/** The tax code after a line's amount, or the letter a digit there stands for ("6.31 8"). */
export const lineEndCode = ({ end }: LineEnd): string | null => taxCodeOf(end.groups!.code ?? CODE_LOOKALIKES[end.groups!.lookalike ?? '']);

interface LineEnd {
  end: RegExpExecArray;
  value: string;
}

/** A minus printed before the currency sign ("-£0.75", "- €0,80"): moved after it, onto the amount, positions kept. */
const withMinusOnAmount = (text: string) => text.replace(/-(\s?)([€$£])(?=\s?\d)/u, '$2$1-');

export const amountAtEnd = (line: TextLine, document: DocumentText, reading: Reading): LineEnd | null => {
  const text = withMinusOnAmount(line.text);
  const end = LINE_END.exec(reading === 'garbled' ? garbledLineEnd(text, document.decimalMark) : text);
  const value = end?.groups ? parseDecimal(end.groups.amount!, document.decimalMark) : null;
  if (end && value !== null) return { end, value };
  const pointless = reading === 'garbled' && document.decimalMark !== 'none' ? POINTLESS_END.exec(line.text) : null;
  return pointless ? { end: pointless, value: (Number(pointless.groups!.amount) / 100).toFixed(2) } : null;
};

/** An article's number (EAN, the shop's own) before the name ("4006825607727 Spindelmaher"). */
export const ARTICLE_BEFORE_NAME = /^\s*(?<article>\d{8,14})\s+(?=\p{L})/u;

const RATE_COLUMN_AT_END = /\s{2,}(?<rate>\d{1,2}(?:[.,]\d{1,2})?) ?%$/u;

/** A whole count before an item's name: "2 Clam Chowder", "1 Grilled Salmon" (a name's own figures are glued or followed by a unit). */
const COUNT_BEFORE_NAME = /^(?<count>[1-9]\d?) (?=\p{Lu}\p{L}{2,}(?:\s|$))/u;

export const itemLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
  const found = amountAtEnd(line, document, reading);
  if (!found) return null;
  const amount = amountTokenOf(found);
  const lead = multiplicationIn(line, 0, document);
  const from = lead ? lead.span.end : 0;
  const trail = multiplicationAtEnd(line, line.text.slice(0, amount.start), document);
  const raw = line.text.slice(from, trail && trail.span.start > from ? trail.span.start : amount.start);
  // Marks a scan leaves around the name ("“Notebook A5", "*. Brot Halbweiss   -", "Tageszeitung    i").
  const title = raw
    .replace(/\s*(?:€|\$|£|CHF|EUR|USD|GBP)\s*$/, '')
    .replace(/\s{2,}\S{1,2}\s*$/u, '')
    .replace(/^[^\p{L}\d]+|[^\p{L}\d)\]%.]+$/gu, '')
    .replace(/[.\s]+$/u, (tail) => (/^\.$/.test(tail) ? tail : ''))
    .trim();
  // A rate in a column of its own before the amount ("CAPPUCCINO   10%   1,60", as Italian tills print it) is the item's.
  const rated = RATE_COLUMN_AT_END.exec(title);
  const titled = rated ? title.slice(0, rated.index) : title;
  if (!/\p{L}{2}/u.test(titled) || (MONEY.test(titled) && !/\p{L}{3}/u.test(titled))) return null;
  // Other figures a column gap apart from the name: a table's row, not a receipt's line.
  if (/\s{2,}\S*\d/.test(titled)) return null;
  // An article's number before the name ("662834502022     ZEISS BRILLENPUTZTUC") is the item's article number.
  const article = ARTICLE_BEFORE_NAME.exec(titled);
  // A count before the name, as restaurants print what a table had ("2 Clam Chowder   17.00"), where no multiplication is.
  const counted = !lead && !article ? COUNT_BEFORE_NAME.exec(titled) : null;
  const skipped = article?.[0].length ?? counted?.[0].length ?? 0;
  const name = titled.slice(skipped);
  const titleStart = from + raw.indexOf(titled) + skipped;
  const countStart = titleStart - skipped;
  return {
    line,
    title: name,
    titleStart,
    article: article?.groups!.article ?? null,
    rate: rated ? String(Number(rated.groups!.rate!.replace(',', '.'))) : null,
    count: counted
      ? { quantity: counted.groups!.count!, unit: null, span: spanOf(line, countStart, countStart + counted.groups!.count!.length) }
      : null,
    amount,
    code: lineEndCode(found),
    lead,
    trail: trail && trail.span.start > from ? trail : null,
  };
};
