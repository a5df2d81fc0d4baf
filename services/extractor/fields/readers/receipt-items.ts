import type { DocumentText, TextLine } from '../layout/document-text.js';
import { toCents } from '../values/cents.js';
import { foundAt, spanOf } from '../values/finding.js';
import { labelPattern } from '../layout/labels.js';
import type { ItemFinding, LineItemValue } from './item-finding.js';
import { itemTitleAt } from './item-title-misreads.js';
import { findNumbers } from '../values/parse-number.js';
import { checkedMultiplication, multiplicationIn, type Multiplication } from './receipt-multiplications.js';
import { isArticleNumberLine, itemCountOn } from './receipt-item-notes.js';
import { withinReceiptColumn } from './receipt-column.js';
import { amountAtEnd, itemLine, withoutSpeckBeforeAmount, type ItemLine, type Reading } from './receipt-item-lines.js';
import { isUnitsHead, namedAbove, namedBy, namelessAbove, namelessItemLine, weighingLine } from './nameless-item-lines.js';
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
    const match = /^\s*(?<code>[A-Z])\s*=?\s*(?:[^\d%]{0,30}?)(?<rate>\d{1,2}(?:[.,]\d{1,2})?)\s?%/u.exec(line.text);
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
      checkedMultiplication(read.lead, amount, document.decimalMark) ??
      checkedMultiplication(read.trail, amount, document.decimalMark) ??
      besides.reduce<Multiplication | null>((found, other) => found ?? checkedMultiplication(other, amount, document.decimalMark), null);
    const titleSpan = spanOf(read.titleLine ?? line, read.titleStart, read.titleStart + read.title.length);
    const amountSpan = spanOf(line, read.amount.start, read.amount.end);
    const rate = read.rate ?? (read.code ? codes.get(read.code) || null : null);
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
