import type { DocumentText, TextLine } from '../layout/document-text.js';
import { toCents } from '../values/cents.js';
import { foundAt, spanOf, type Span } from '../values/finding.js';
import { labelPattern, withoutAccents } from '../layout/labels.js';
import type { ItemFinding, LineItemValue } from './item-finding.js';
import { itemTitleAt } from './item-title-misreads.js';
import { findNumbers, parseDecimal, type DecimalMark, type NumberToken } from '../values/parse-number.js';
import { checkedMultiplication, multiplicationAtEnd, multiplicationIn, type Multiplication } from './receipt-multiplications.js';
import { isArticleNumberLine, itemCountOn } from './receipt-item-notes.js';
import { withinReceiptColumn } from './receipt-column.js';
import { CONFIRMED_BY_SUM, itemsByShape, withOneDigitSetRight } from './unconfirmed-receipt-items.js';
import { termsFor } from '../vocabulary/terms.js';

/** The line that closes a receipt's items: what is to pay ("TOTAL", "Zu zahlen", "À payer", "Totale"). */
const TO_PAY = labelPattern(...termsFor('toPayLabel'));

/** A sum before what is to pay: the items add up to it, tax or tip comes on top ("Net amount", "Zwischensumme"). */
const SUBTOTAL = labelPattern(...termsFor('subtotalLabel'));

/** A tax total ("Taxes", "MwSt", "VAT"): a line of the totals block, no item. */
const TAX_TOTAL = labelPattern(...termsFor('taxTotalLabel'));

/** The words a line starts with, up to a column gap or its first figure ("Total HT", "Taxes"). */
const labelOf = (line: TextLine) => /^\s*(\P{N}*?)(?=\s{2,}|\s*[-\d€$£]|$)/u.exec(line.text)?.[1] ?? '';

/** A line of a totals block (a subtotal, what is to pay, the tax), by the label it starts with: no item. */
const isTotalsLine = (line: TextLine) => [TO_PAY, SUBTOTAL, TAX_TOTAL].some((pattern) => pattern.exec(labelOf(line))?.index === 0);

const RULE = /^[\s\-=_*.~#]+$/;
const SPACE_AFTER_DECIMAL_MARK = /(\d[.,]) (?=\d{2}(?!\d))/g;
const MONEY = /^-?\d/;

interface ItemLine {
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
  /** A quantity and unit printed without a unit price ("1.000 STK"). */
  count?: { quantity: string; unit: string; span: Span } | null;
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
const taxCodeOf = (printed: string | undefined): string | null => {
  const code = printed && withoutAccents(printed).toUpperCase();
  return code && /^[A-Z]\d?$/.test(code) ? code : null;
};

/**
 * How closely lines are read: as printed, or as a scan may have garbled them, both confirmed by the total; or as printed
 * and confirmed by their shape (see `findReceiptItems`).
 */
type Reading = 'as-printed' | 'garbled' | 'by-shape';

/** An amount whose decimal point a scan lost ("455" for 4.55), at a line's end. */
const POINTLESS_END = /(?<![\p{L}\d.,'])(?<amount>\d{3,5})(?:\s?(?<code>\p{L}\d?|\*))?\s*[^\p{L}\d\s]{0,2}\s*$/u;

/** A speck a scan read as a mark glued before an amount (".6,85"), taken for the space it stands in: same length. */
const withoutSpeckBeforeAmount = (text: string) => text.replace(/(?<=\s)[.,'‘’`·](?=\d)/gu, ' ');

/** A speck a scan read as a mark between an amount's cents and its tax code ("2,00.B"), taken for a space. */
const withoutSpeckBeforeCode = (text: string) => text.replace(/(?<=\d[.,]\d{2})[.,'‘’`·](?=\p{L}\d?\s*$)/u, ' ');

/** A tax code read as the digit it looks like and glued to the cents ("3,158." for "3,15 B"): set apart. */
const withGluedCodeApart = (text: string) => text.replace(/(?<=\s\d{1,3}[.,]\d{2})(?=[0158][.,'`]?\s*$)/u, ' ');

/** An amount's decimal mark read as a colon ("2:27 A"), a time's mark: given the document's mark. */
const withColonAsDecimalMark = (text: string, decimalMark: DecimalMark) =>
  text.replace(/(?<=\s\d{1,3}):(?=\d{2}(?:\s?\p{L}\d?)?\s*$)/u, decimalMark ?? '.');

/** A speck after a tax code read as a letter glued to it ("3,49 BW"): dropped. */
const withoutLetterAfterCode = (text: string) => text.replace(/(?<=\d[.,]\d{2}\s{0,3}[x*]?\p{Lu})\p{L}(?=\s*$)/u, '');

/** A line as a scan may have garbled the amount at its end (see the marks above), for the total to confirm. */
const garbledLineEnd = (text: string, decimalMark: DecimalMark) =>
  withColonAsDecimalMark(withGluedCodeApart(withoutSpeckBeforeCode(withoutSpeckBeforeAmount(withoutLetterAfterCode(text)))), decimalMark);

const amountAtEnd = (line: TextLine, document: DocumentText, reading: Reading): { end: RegExpExecArray; value: string } | null => {
  const end = LINE_END.exec(reading === 'garbled' ? garbledLineEnd(line.text, document.decimalMark) : line.text);
  const value = end?.groups ? parseDecimal(end.groups.amount!, document.decimalMark) : null;
  if (end && value !== null) return { end, value };
  const pointless = reading === 'garbled' ? POINTLESS_END.exec(line.text) : null;
  return pointless ? { end: pointless, value: (Number(pointless.groups!.amount) / 100).toFixed(2) } : null;
};

const itemLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
  const found = amountAtEnd(line, document, reading);
  if (!found) return null;
  const { end, value } = found;
  const start = end.index;
  const amount: NumberToken = { value, start, end: start + end.groups!.amount!.length, hasDecimals: true, isPercentage: false };
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
  if (!/\p{L}{2}/u.test(title) || (MONEY.test(title) && !/\p{L}{3}/u.test(title))) return null;
  // Figures a column gap apart from the name: a table's row, not a receipt's line.
  if (/\s{2,}\S*\d/.test(title)) return null;
  const titleStart = from + raw.indexOf(title);
  return {
    line,
    title,
    titleStart,
    amount,
    code: taxCodeOf(end.groups!.code ?? CODE_LOOKALIKES[end.groups!.lookalike ?? '']),
    lead,
    trail: trail && trail.span.start > from ? trail : null,
  };
};

/**
 * "2385038    105,99 b", "1893349 (3 x 2,99)=   8,97 b", "08001287   2*9,95   EUR  19,90", "   8,99 b": an amount after at
 * most an article's number and a multiplication.
 */
const FIGURES_ONLY =
  /^\s*(?:\d{4,14})?\s*(?:\((?<multiplication>[^()]*)\)\s*=?|(?<bare>\d{1,3}\s*[x×*]\s*\d+[.,]\d{2}))?\s*(?:€|EUR|CHF)?\s*$/u;

/**
 * An item line without a name, its amount after at most an article's number and its quantity times its price, named by
 * the lines under it (an electronics chain's "2385038   105,99 b" over "RYZE" / "162316 TELLO" / "414 SPIELZEUG"); null
 * for any other line.
 */
const namelessItemLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
  const found = amountAtEnd(line, document, reading);
  const figures = found && FIGURES_ONLY.exec(line.text.slice(0, found.end.index));
  if (!found || !figures?.groups) return null;
  const start = found.end.index;
  const amount: NumberToken = {
    value: found.value,
    start,
    end: start + found.end.groups!.amount!.length,
    hasDecimals: true,
    isPercentage: false,
  };
  const lead =
    figures.groups.multiplication !== undefined
      ? multiplicationIn(line, line.text.indexOf('(') + 1, document)
      : figures.groups.bare !== undefined
        ? multiplicationIn(line, line.text.indexOf(figures.groups.bare), document)
        : null;
  const code = taxCodeOf(found.end.groups!.code ?? CODE_LOOKALIKES[found.end.groups!.lookalike ?? '']);
  return { line, title: '', titleStart: 0, amount, code, lead, trail: null };
};

/** "1.000 STK", "2 Rolle": a quantity and its unit where an item line's name would be; the name is on the line above. */
const QUANTITY_FOR_NAME = /^(?<quantity>\d{1,4}(?:[.,]\d{1,3})?)\s*(?<unit>\p{L}{2,5}\.?)$/u;

/** "0,158     1,19     0,19": a weight, its price per unit and the amount, under the name of what was weighed. */
const WEIGHING = /^\s*(?<quantity>\d{1,3}[.,]\d{1,3})\s+(?<price>\d{1,4}[.,]\d{2})\s*$/u;

/** A line of a weighed item's weight, price per unit and amount, without a name, when they multiply out; else null. */
const weighingLine = (line: TextLine, document: DocumentText, reading: Reading): ItemLine | null => {
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
  );
  if (!multiplication) return null;
  const start = found.end.index;
  const amount: NumberToken = {
    value: found.value,
    start,
    end: start + found.end.groups!.amount!.length,
    hasDecimals: true,
    isPercentage: false,
  };
  return { line, title: '', titleStart: 0, amount, code: null, lead: multiplication, trail: null };
};

/** A nameless item line right under a line that can name it (no amount, words); null otherwise. */
const namelessAbove = (line: TextLine, index: number, document: DocumentText, reading: Reading): ItemLine | null => {
  const above = document.lines[index - 1];
  const read = above && above.page === line.page ? namelessItemLine(line, document, reading) : null;
  return read && namedAbove(read, above!, document) ? read : null;
};

/** "kg     EURO/kg     EURO": the heads of a weighing line's figures, between it and the name. */
const isUnitsHead = (line: TextLine) => /^(?:\s*(?:kg|g|l|m|stk|euro?|€|chf)(?:\/(?:kg|g|l|m|stk))?)+\s*$/iu.test(line.text);

/**
 * The name of a weighed item, perhaps with its tax code at the end ("BANANEN LOSE          C"), or of an article, perhaps
 * after its count ("2 * Atemschutzmaske Corona FFP 1St").
 */
const NAME_WITH_CODE = /^\s*(?:\d{1,3}\s*[x×*]\s+)?(?<name>.*?\p{L}.*?)(?:\s{2,}(?<code>\p{L}\d?))?\s*$/u;

/** An article's number before the name on its line ("4006825607727 Spindelmaher"). */
const ARTICLE_BEFORE_NAME = /^\s*(?<article>\d{8,14})\s+(?=\p{L})/u;

/**
 * The item line `read` whose name is a quantity and unit ("1.000 STK   49.99 19"), named by the line above it ("4006825607727
 * Spindelmaher": an article's number and the name); null where `read` prints its name, or `above` is no name.
 */
const namedAbove = (read: ItemLine, above: TextLine, document: DocumentText): ItemLine | null => {
  if (amountAtEnd(above, document, 'as-printed') || !/\p{L}{3}/u.test(above.text)) return null;
  if (read.title === '') {
    const name = NAME_WITH_CODE.exec(above.text)!.groups!;
    const titleStart = above.text.indexOf(name.name!.trim());
    return { ...read, title: name.name!.trim(), titleStart, titleLine: above, code: read.code ?? taxCodeOf(name.code) };
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
const namedBy = (read: ItemLine, below: readonly TextLine[]): ItemLine | null => {
  const first = below[0];
  if (!first) return null;
  const name = (line: TextLine) => line.text.trim();
  const title = name(first).length <= MAKER && below[1] ? `${name(first)} ${name(below[1])}` : name(first);
  return /\p{L}{2}/u.test(title) ? { ...read, title, titleStart: first.text.indexOf(name(first)), titleLine: first } : null;
};

/** A line a scan made of specks and smudges (";", "È", "~~"): neither item nor anything else. */
const isSpeck = (line: TextLine) => (line.text.match(/[\p{L}\d]/gu) ?? []).length <= 3;

/**
 * A note under an item, set as a bullet point without an amount ("- Feuerversicherung - Teil A § 2 62.000 MK1914" under
 * "Verbundene Wohngebäudeversicherung   1.000,00"): what the item covers, no item and no end of the list.
 */
const isBulletedNote = (line: TextLine, document: DocumentText, reading: Reading) =>
  /^\s*[-–•·]\s+\p{L}/u.test(line.text) && !itemLine(line, document, reading);

/** "A 8.1%", "A inkl. MwSt. 8.1%", "B 2.6%   7.46   0.19   7.65": the rate each tax code stands for. */
const taxCodes = (lines: readonly TextLine[]): Map<string, string> => {
  const codes = new Map<string, string>();
  for (const line of lines) {
    const match = /^\s*(?<code>[A-Z])(?:\s+|\s*=\s*)(?:[^\d%]{0,30}?)(?<rate>\d{1,2}(?:[.,]\d{1,2})?)\s?%/u.exec(line.text);
    if (!match?.groups) continue;
    const rate = String(Number(match.groups.rate!.replace(',', '.')));
    if (codes.has(match.groups.code!) && codes.get(match.groups.code!) !== rate) codes.set(match.groups.code!, '');
    else codes.set(match.groups.code!, rate);
  }
  return codes;
};

/**
 * The items of a shop receipt: the lines right above what is to pay, each a name with its amount at the
 * end (and perhaps a tax code), the quantity and unit price before the name or on the line below or
 * above it ("10 x 1.50"). A quantity and price that do not multiply out to the amount are left out; a block whose
 * amounts do not add up to the total is no item list at all. When the lines as printed do not add up, they
 * are read once more as a scan may have garbled them: an amount that lost its decimal point ("455"), a
 * short line of letters where a multiplication was ("TORSO"), specks around an amount; the total still has to confirm them.
 */
export const findReceiptItems = (document: DocumentText): ItemFinding[] => {
  // An uncropped scan's receipt is read within its column first, the marks its ground was read as left out.
  const readings = [withinReceiptColumn(document), document].flatMap((text) =>
    text === null ? [] : (['as-printed', 'garbled'] as const).map((reading) => () => readItems(text, reading)),
  );
  for (const read of readings) {
    const items = read();
    if (items.length > 0) return items;
  }
  for (const text of [withinReceiptColumn(document), document]) {
    const items = text === null ? [] : readItems(text, 'by-shape');
    if (items.length > 0) return items;
  }
  return [];
};

const UNIT_PRICE = labelPattern(...termsFor('unitPriceColumn'));

/** "Einzelpreis   EUR   9,95": the unit price of the item above, printed under it; no item. */
const isUnitPriceNote = (line: TextLine) => {
  const label = labelOf(line).replace(/\s*(?:€|EUR|CHF)$/u, '');
  return label !== '' && UNIT_PRICE.exec(label)?.[0].length === label.length;
};

/** A line of words without figures: among a till's items, the heading of those under it. */
const isHeading = (line: TextLine) => !/\d/.test(line.text) && /\p{L}{3}/u.test(line.text);

/** A short line without figures: a multiplication or note a scan turned into letters ("TORSO"). */
const isGarbled = (line: TextLine) => !/\d/.test(line.text) && line.text.trim().split(/\s+/).length <= 2 && line.text.trim().length <= 12;

const readItems = (document: DocumentText, reading: Reading): ItemFinding[] => {
  const lines = document.lines;
  // A scan may put a space after the decimal mark ("TOTAAL EUR  13, 99"); only the sum's value is taken from here.
  const amountOf = (line: TextLine) =>
    findNumbers(withoutSpeckBeforeAmount(line.text).replace(SPACE_AFTER_DECIMAL_MARK, '$1'), document.decimalMark)
      .filter((number) => number.hasDecimals)
      .at(-1) ?? null;
  const totalIndex = lines.findIndex((line) => (TO_PAY.test(labelOf(line)) || SUBTOTAL.test(labelOf(line))) && amountOf(line) !== null);
  if (totalIndex >= 0) {
    const totalLine = lines[totalIndex]!;
    // The items add up to the first sum below them, or to what is to pay a few lines further down.
    const sums = lines
      .slice(totalIndex, totalIndex + 4)
      .filter((line) => line.page === totalLine.page && (TO_PAY.test(labelOf(line)) || SUBTOTAL.test(labelOf(line))))
      .map((line) => toCents(amountOf(line)?.value ?? 'NaN'));
    const items = itemsAbove(document, reading, totalIndex, sums);
    if (items.length > 0 || reading === 'by-shape') return items;
  }
  // (Lines no sum confirms are taken above a labelled total only.)
  if (reading === 'by-shape') return [];
  // A total whose label a scan garbled ("Ä PAYER", "TOTALDUE"): the first line whose amount is the sum of the
  // several item lines right above it.
  for (const [index, line] of lines.entries()) {
    const amount = amountAtEnd(line, document, 'as-printed');
    if (!amount) continue;
    const items = itemsAbove(document, reading, index, [toCents(amount.value)]);
    if (items.length >= MIN_ITEMS_FOR_AN_UNLABELLED_TOTAL) return items;
  }
  return [];
};

// One line above another with the same amount is no sum: an unlabelled total must add up several items.
const MIN_ITEMS_FOR_AN_UNLABELLED_TOTAL = 2;

/** The item lines right above the total at `totalIndex`, when their amounts add up to one of `sums`; else none. */
const itemsAbove = (document: DocumentText, reading: Reading, totalIndex: number, sums: readonly number[]): ItemFinding[] => {
  const lines = document.lines;
  const totalLine = lines[totalIndex]!;

  // The block of item lines right above the total, up to a blank line or a rule.
  let index = totalIndex - 1;
  // Blank lines, specks, the till's count of articles and an article's number on its own line are no items and do not end them.
  const filler = (line: TextLine) =>
    line.text === '' ||
    (isSpeck(line) && !multiplicationIn(line, 0, document)) ||
    itemCountOn(line) !== null ||
    isUnitPriceNote(line) ||
    isArticleNumberLine(line) ||
    (reading === 'garbled' && isGarbled(line));
  while (index >= 0 && lines[index]!.page === totalLine.page && (filler(lines[index]!) || RULE.test(lines[index]!.text))) index--;
  // A heading of words between items ("Freizeit, Lernen, Mobilitaet": the till's department of the items under it).
  const itemLineAbove = (below: number) => {
    let above = below - 1;
    while (above >= 0 && lines[above]!.page === totalLine.page && filler(lines[above]!)) above--;
    return above >= 0 && lines[above]!.page === totalLine.page && itemLine(lines[above]!, document, reading) !== null;
  };
  const block: TextLine[] = [];
  // Lines without an amount right above the block: the name of a nameless item line above them, if one follows.
  let pending: TextLine[] = [];
  const named = new Map<TextLine, ItemLine>();
  for (; index >= 0 && lines[index]!.page === totalLine.page; index--) {
    const line = lines[index]!;
    if (RULE.test(line.text)) break;
    // Blank lines, specks and bulleted notes between items are passed over; anything else that is no item line ends the list.
    if (filler(line) || isBulletedNote(line, document, reading)) continue;
    // A subtotal or tax line above the sum ("Total HT", "Taxes" over "Montant à payer"): the items, if any, end above it.
    if (isTotalsLine(line)) break;
    const nameless = pending.length > 0 ? namelessItemLine(line, document, reading) : null;
    const read = nameless && namedBy(nameless, pending);
    const under = pending.length === 0 && block[0] ? (named.get(block[0]) ?? itemLine(block[0], document, reading)) : null;
    const nameToFind = under !== null && (under.title === '' || !named.has(block[0]!));
    const head = nameToFind && under.title === '' && isUnitsHead(line);
    const withName = nameToFind && !head ? namedAbove(under, line, document) : null;
    // A line of figures whose name is the line above: a weighed item's, or an article's number and multiplication.
    const weighed = pending.length === 0 ? (weighingLine(line, document, reading) ?? namelessAbove(line, index, document, reading)) : null;
    if (head) continue;
    else if (withName) named.set(block[0]!, withName);
    else if (weighed) {
      named.set(line, weighed);
      block.unshift(line);
    } else if (read) {
      named.set(line, read);
      block.unshift(line);
      pending = [];
    } else if (pending.length === 0 && (itemLine(line, document, reading) || multiplicationIn(line, 0, document))) block.unshift(line);
    else if (pending.length === 0 && block.length > 0 && isHeading(line) && itemLineAbove(index)) continue;
    else if (pending.length < MAX_NAME_LINES && !amountAtEnd(line, document, reading)) pending.unshift(line);
    else break;
  }

  const codes = taxCodes(lines.slice(totalIndex + 1));
  const items: ItemFinding[] = [];
  let sum = 0;
  let coded = 0;
  for (const [position, line] of block.entries()) {
    const read = named.get(line) ?? itemLine(line, document, reading);
    // (A weighing line no name was found above is no item.)
    if (!read || read.title === '') continue;
    const amount = read.amount.value;
    // The multiplication before the name, else on the line below, else on the line above ("4 x 2,32" over
    // "CAPPUCCINO  9,28"): the first that multiplies out to the amount.
    const besides = [block[position + 1], block[position - 1]].map((other) =>
      other && !itemLine(other, document, reading) ? multiplicationIn(other, 0, document) : null,
    );
    const multiplication =
      checkedMultiplication(read.lead, amount) ??
      checkedMultiplication(read.trail, amount) ??
      besides.reduce<Multiplication | null>((found, other) => found ?? checkedMultiplication(other, amount), null);
    const titleSpan = spanOf(read.titleLine ?? line, read.titleStart, read.titleStart + read.title.length);
    const amountSpan = spanOf(line, read.amount.start, read.amount.end);
    const rate = read.code ? codes.get(read.code) || null : null;
    const title = itemTitleAt(read.title, titleSpan, document.decimalMark, document.language);
    // A quantity printed without a unit price ("1.000 STK") counts the item all the same.
    const counted = multiplication ?? (read.count && { ...read.count, quantitySpan: read.count.span });
    const value: LineItemValue = {
      title,
      quantity: counted?.quantity ?? null,
      unit: counted?.unit ?? null,
      amount_unit: multiplication?.price ?? null,
      amount_total: amount,
      tax_rate: rate,
      discount_rate: null,
      article_number: read.article ?? null,
    };
    const fields: ItemFinding['fields'] = {
      title: foundAt(title, 0.85, [titleSpan]),
      amount_total: foundAt(amount, 0.85, [amountSpan]),
    };
    if (counted) fields.quantity = foundAt(counted.quantity, 0.85, [counted.quantitySpan]);
    if (counted?.unit) fields.unit = foundAt(counted.unit, 0.75, [counted.quantitySpan]);
    if (multiplication) fields.amount_unit = foundAt(multiplication.price, 0.85, [multiplication.priceSpan]);
    if (read.article) fields.article_number = foundAt(read.article, 0.75, [spanOf(read.titleLine ?? line, 0, read.titleStart)]);
    if (rate) fields.tax_rate = foundAt(rate, 0.7, [amountSpan]);
    items.push({ value, fields });
    sum += toCents(amount);
    if (read.code) coded++;
  }
  if (items.length === 0) return [];
  if (sums.includes(sum)) return items;
  if (reading === 'garbled') return withSpeckDropped(items, sum, sums) ?? [];
  if (reading === 'as-printed') return [];
  const printedCount =
    lines
      .slice(Math.max(0, totalIndex - COUNT_NEAR), totalIndex + COUNT_NEAR)
      .map(itemCountOn)
      .find((count) => count !== null) ?? null;
  return withOneDigitSetRight(items, sum, sums) ?? itemsByShape(items, { coded, printedCount }, sum, sums);
};

// How many lines under a nameless item line may name it (maker, model, the chain's category).
const MAX_NAME_LINES = 4;

// How many lines from the total a till prints its count of articles ("ANZAHL ARTIKEL 19" under the tax summary).
const COUNT_NEAR = 12;

/**
 * The amounts a speck may have garbled `amount` from: leading digits the speck was read as ("7507,85" for 7,85), or a
 * minus sign ("-1,90" for 1,90).
 */
const unspeckledAmounts = (amount: string): string[] => {
  const [whole, cents] = amount.split('.') as [string, string];
  if (whole.startsWith('-')) return [amount.slice(1)];
  return Array.from({ length: Math.max(0, whole.length - 1) }, (_, dropped) => `${whole.slice(dropped + 1)}.${cents}`).filter(
    (shorter) => !/^0\d/.test(shorter),
  );
};

/**
 * The items with an amount a speck garbled set right (see `unspeckledAmounts`): the one amount whose reading without the
 * speck makes the items add up to a sum. None where no amount or more than one does.
 */
const withSpeckDropped = (items: ItemFinding[], sum: number, sums: readonly number[]): ItemFinding[] | null => {
  const readings = items.flatMap((item, position) =>
    unspeckledAmounts(item.value.amount_total!)
      .filter((unspeckled) => sums.includes(sum - toCents(item.value.amount_total!) + toCents(unspeckled)))
      .map((unspeckled) => ({ position, unspeckled })),
  );
  if (readings.length !== 1) return null;
  const { position, unspeckled } = readings[0]!;
  return items.map((item, at) =>
    at === position
      ? {
          value: { ...item.value, amount_total: unspeckled },
          fields: { ...item.fields, amount_total: { ...item.fields.amount_total!, value: unspeckled, confidence: CONFIRMED_BY_SUM } },
        }
      : item,
  );
};
