import type { DocumentText, TextLine } from './document-text.js';
import { foundAt, spanOf, type Finding, type Span } from './finding.js';
import { findItemTables, type Column, type ColumnRole, type ItemTable } from './item-table.js';
import { labelPattern } from './labels.js';
import { findNumbers, type DecimalMark } from './parse-number.js';

/** The fields of a line item the text shows; the accounting fields (nominal account) come later. */
export interface LineItemValue {
  title: string;
  quantity: string | null;
  unit: string | null;
  amount_unit: string | null;
  amount_total: string | null;
  tax_rate: string | null;
  discount_rate: string | null;
  article_number: string | null;
}

export type ItemField = keyof LineItemValue;

export interface ItemFinding {
  value: LineItemValue;
  /** Per filled field, where it was read. */
  fields: Partial<Record<ItemField, Finding<string>>>;
}

interface Word {
  text: string;
  start: number;
  end: number;
}

interface Cell {
  role: ColumnRole | null;
  text: string;
  span: Span;
}

const wordsOf = (line: TextLine): Word[] => [...line.text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

const isNumeric = (text: string) => /^[-+]?[\d'.,]*\d[\d'.,]*%?$|^[-+]?\d[\d'.,]*[.,]-{1,2}$/.test(text);

const TEXT_ROLES: ColumnRole[] = ['description', 'article', 'unit'];

interface Zone {
  column: Column;
  from: number;
  to: number;
}

/**
 * The stretch of the line each column owns: a text column (description, article) runs on to the next
 * column, a figure column ends where its header ends (figures are right-aligned under it).
 */
const zonesOf = (columns: readonly Column[]): Zone[] => {
  const sorted = [...columns].sort((a, b) => a.start - b.start);
  const zones: Zone[] = [];
  for (const [index, column] of sorted.entries()) {
    const next = sorted[index + 1];
    const from = index === 0 ? 0 : zones.at(-1)!.to + 1;
    const to = next ? (TEXT_ROLES.includes(column.role) ? next.start - 2 : Math.max(column.end + 1, from)) : column.end + 8;
    zones.push({ column, from, to: Math.max(from, to) });
  }
  return zones;
};

const gap = (word: Word, column: Column) => Math.max(0, column.start - word.end, word.start - column.end);
const centerDistance = (word: Word, column: Column) => Math.abs((word.start + word.end - column.start - column.end) / 2);

/**
 * The column a word falls into. Figures go to the figure column nearest them (they sit under their header,
 * right- or left-aligned, often wider than it), unless they are part of a description's text ("16 GB");
 * words go to the figure column they are printed in (a unit after its quantity), else to the text column
 * whose stretch they start in.
 */
const columnFor = (zones: readonly Zone[], word: Word): Column | null => {
  const figures = zones.map((zone) => zone.column).filter((column) => !TEXT_ROLES.includes(column.role));
  const nearest = [...figures].sort((a, b) => gap(word, a) - gap(word, b) || centerDistance(word, a) - centerDistance(word, b))[0];
  const zone = zones.find((candidate) => word.start >= candidate.from && word.start <= candidate.to);
  if (isNumeric(word.text)) {
    const inText = zone !== undefined && TEXT_ROLES.includes(zone.column.role);
    if (nearest && gap(word, nearest) <= (inText ? 2 : 10)) return nearest;
    return inText ? zone.column : null;
  }
  // A unit after its quantity ("10 h"), a per cent sign after its rate.
  const attached = nearest && (nearest.role === 'quantity' || (nearest.role === 'tax_rate' && /^%/.test(word.text)));
  if (attached && word.start >= nearest.start - 1 && word.start <= nearest.end + 2) return nearest;
  return zone?.column ?? null;
};

/** A row's words grouped into cells by the column they fall into; words between columns keep no role. */
const cellsOf = (line: TextLine, columns: readonly Column[]): Cell[] => {
  const zones = zonesOf(columns);
  const cells: Cell[] = [];
  for (const word of wordsOf(line)) {
    const role = columnFor(zones, word)?.role ?? null;
    const last = cells.at(-1);
    if (last && last.role === role && word.start - last.span.end <= 2) {
      last.text += ` ${word.text}`;
      last.span = spanOf(line, last.span.start, word.end);
    } else {
      cells.push({ role, text: word.text, span: spanOf(line, word.start, word.end) });
    }
  }
  return cells;
};

interface NumberRead {
  value: string;
  span: Span;
  isPercentage: boolean;
  hasDecimals: boolean;
}

const numbersIn = (cell: Cell, decimalMark: DecimalMark = null): NumberRead[] =>
  findNumbers(cell.text, decimalMark).map((number) => ({
    value: number.value,
    isPercentage: number.isPercentage,
    hasDecimals: number.hasDecimals,
    span: spanOf(cell.span.line, cell.span.start + number.start, cell.span.start + number.end),
  }));

const ofRole = (cells: Cell[], role: ColumnRole) => cells.filter((cell) => cell.role === role);

const TOTALS = labelPattern(
  String.raw`\p{L}*summe`,
  'total',
  'totale',
  'subtotal',
  'sous-total',
  'netto',
  'brutto',
  'nettobetrag',
  'gesamtbetrag',
  'rechnungsbetrag',
  'übertrag',
  'mwst',
  'ust',
  'vat',
  'tva',
  'iva',
  'tax',
  'imponibile',
  'montant',
  String.raw`umsatzsteuer\p{L}*`,
  'carried forward',
  'report',
);
const DISCOUNT = /^(?:abzgl\.?|abzüglich|\.\/\.|-)?\s*(?:\d+(?:[.,]\d+)?\s?%\s*)?(?:rabatt|nachlass|skonto|discount|remise|rabais|sconto)/iu;

interface Row {
  line: TextLine;
  cells: Cell[];
  amount: NumberRead | null;
  description: Cell | null;
  quantity: NumberRead | null;
  price: NumberRead | null;
  /** A "label: value" note under an item ("Verpackung: Karton", "GTIN: 4012…", "Bruttopreis : 9,90"). */
  isNote: boolean;
}

const moneyIn = (cells: Cell[]) => cells.flatMap((cell) => numbersIn(cell)).filter((number) => !number.isPercentage && number.hasDecimals);
const hasWords = (cell: Cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text);

const readRow = (line: TextLine, columns: readonly Column[], decimalMark: DecimalMark): Row => {
  const cells = cellsOf(line, columns);
  const lastColumnEnd = Math.max(...columns.map((column) => column.end));
  // Without an amount column, the amount is what is printed right of every column.
  const amountCells = columns.some((column) => column.role === 'amount')
    ? ofRole(cells, 'amount')
    : cells.filter((cell) => cell.role === null && cell.span.start > lastColumnEnd);
  // A "#" column printing decimals ("1,00", "400,00") counts pieces, not positions.
  const hasQuantityColumn = columns.some((column) => column.role === 'quantity');
  const quantity =
    ofRole(cells, hasQuantityColumn ? 'quantity' : 'position')
      .flatMap((cell) => numbersIn(cell, decimalMark))
      .find((number) => !number.isPercentage && (hasQuantityColumn || number.hasDecimals)) ?? null;
  const described = ofRole(cells, 'description').filter(hasWords);
  const description = described[0] ?? (columns.some((column) => column.role === 'description') ? null : (cells.find((cell) => cell.role === null && hasWords(cell)) ?? null));
  const firstText = cells.find(hasWords)?.text ?? '';
  const amount = moneyIn(amountCells).at(-1) ?? null;
  return {
    line,
    cells,
    amount,
    description,
    quantity,
    price: ofRole(cells, 'unit_price').flatMap((cell) => numbersIn(cell, decimalMark)).filter((number) => !number.isPercentage && number.hasDecimals).at(-1) ?? null,
    isNote: (!amount && !quantity && /^[^:]{1,40}\s?:/.test(firstText)) || /^(?:gtin|ean|art\.?-?nr|sku)\b/i.test(firstText),
  };
};

const isTotalsLine = (row: Row) => {
  const first = row.cells.find((cell) => /\p{L}/u.test(cell.text));
  return first !== undefined && TOTALS.test(first.text) && !(row.quantity && row.price);
};

const textOf = (row: Row) => row.line.text.slice(row.cells.find(hasWords)?.span.start ?? 0).trim();

const isDiscountLine = (row: Row) => DISCOUNT.test(textOf(row)) && row.amount !== null && Number(row.amount.value) < 0;

// "zzgl. Versandkosten", "abzgl. Sondernachlass": charges and allowances on the whole document, no items.
const DOCUMENT_CHARGE = /^(?:zzgl\.?|zuzüglich|abzgl\.?|abzüglich|plus|less|moins|più|meno)\s/iu;

/**
 * A row that starts an item: a quantity, a unit price, or an amount with a description, and no note, total
 * or discount. A row with an amount alone finishes the item above it (the amount printed on the next line).
 */
const startsItem = (row: Row) =>
  (row.quantity !== null || row.price !== null || (row.amount !== null && row.description !== null)) &&
  !row.isNote &&
  !isTotalsLine(row) &&
  !isDiscountLine(row) &&
  !DOCUMENT_CHARGE.test(textOf(row));

const NOT_A_UNIT = /^(?:x|à|a|@|je|per|pro|zu)$/i;

/** "20 Stk", "1.00 kg", "8 Unit(s)", "3,00  m2": the unit printed after the quantity, or in its own column. */
const unitOf = (cells: Cell[], quantity: NumberRead | null): Cell | null => {
  const unitCell = ofRole(cells, 'unit').find((cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text));
  if (unitCell) return unitCell;
  if (!quantity) return null;
  const line = quantity.span.line;
  const match = /^\s*(\p{L}[\p{L}².³()/]*[23]?)(?=\s|$)/u.exec(line.text.slice(quantity.span.end, quantity.span.end + 16));
  const unit = match?.[1];
  if (!unit || unit.length > 12 || NOT_A_UNIT.test(unit)) return null;
  const start = quantity.span.end + match[0].length - unit.length;
  const inColumns = cells.some((cell) => (cell.role === 'quantity' || cell.role === 'unit' || cell.role === null) && cell.span.start <= start && start < cell.span.end);
  return inColumns ? { role: 'unit', text: unit, span: spanOf(line, start, start + unit.length) } : null;
};

const ARTICLE_IN_TITLE = /^\[(?<code>[^\]]{2,30})\]\s*/;
const ARTICLE = /^(?=[\p{L}\d._/-]*\d)[\p{L}\d][\p{L}\d._/-]{2,}$/u;

const toCents = (value: string) => Math.round(Number(value) * 100);
const rateFrom = (cells: Cell[]) =>
  cells.flatMap((cell) => numbersIn(cell)).find((number) => Number(number.value) >= 0 && Number(number.value) <= 30 && (number.isPercentage || !number.hasDecimals || /^\d{1,2}\.\d{1,2}$/.test(number.value)));

/** Whether quantity × unit price, less the discount, is the amount to the cent (or within the rounding of long unit prices). */
const adds = (quantity: string, price: string, amount: string, discount: string | null): boolean => {
  const expected = Number(quantity) * Number(price) * (1 - Number(discount ?? 0) / 100);
  return Math.abs(expected - Number(amount)) <= Math.max(0.011, Math.abs(Number(amount)) * 0.0005);
};

const MAX_WRAPPED_LINES = 4;

/**
 * The title: the description on the item's row, with the lines it wraps onto. A line wraps when its next
 * line's first word would not have fitted: past the description column's width, as its header and the
 * other items' descriptions show it ("Trennblätter" / "A4" in a narrow column, but not "Kunstrasen grün
 * 3m breit" / "300 cm x 100 cm" where the column is as wide as that name). A row without a description
 * takes the first one just below it.
 */
const titleOf = (block: Row[], columns: readonly Column[], otherWidths: number[]): Cell | null => {
  const first = block[0]!;
  const nearby = block.filter((row) => row.line.page === first.line.page && row.line.index - first.line.index <= 3);
  const description = first.description ?? nearby.find((row) => !row.isNote && row.description)?.description ?? null;
  if (!description) return null;
  const header = columns.find((candidate) => candidate.role === 'description');
  const limit = Math.max(header?.end ?? 0, ...otherWidths);
  let title = description;
  for (const row of block.slice(block.findIndex((candidate) => candidate.description === description) + 1, MAX_WRAPPED_LINES + 1)) {
    const next = row.description;
    const adjacent = row.line.page === title.span.line.page && row.line.index === title.span.line.index + 1;
    const firstWord = next?.text.split(' ')[0] ?? '';
    const fitted = title.span.end <= limit + 2;
    const wraps = next !== null && !row.isNote && Math.abs(next.span.start - description.span.start) <= 2 && fitted && title.span.end + 1 + firstWord.length > limit;
    // The line that carries the item's amount is part of its name ("Mineralwasser Medium" / "12 x 1,0l PET   109,80").
    const carriesAmount = next !== null && first.amount === null && row.amount !== null;
    if (!adjacent || !(wraps || carriesAmount)) break;
    // "Beamer-" / "Deckenhalterung": a word broken at its hyphen is one word.
    title = { ...title, text: `${title.text}${/-$/.test(title.text) ? '' : ' '}${next!.text}`, span: next!.span };
  }
  return { ...title, span: description.span };
};

const itemFrom = (block: Row[], columns: readonly Column[], otherWidths: number[]): ItemFinding | null => {
  const row = block[0]!;
  const amount = row.amount ?? block.slice(1).find((other) => other.amount && !other.quantity)?.amount ?? null;
  if (!amount) return null;
  const found: ItemFinding['fields'] = {};
  const read = (field: ItemField, value: string, span: Span, confidence: number) => {
    found[field] = foundAt(value, confidence, [span]);
    return value;
  };
  const titleCell = titleOf(block, columns, otherWidths);
  let title = titleCell?.text ?? null;
  const articleToken = block
    .flatMap((other) => ofRole(other.cells, 'article'))
    .flatMap((cell) => [...cell.text.matchAll(/\S+/g)].map((token) => ({ text: token[0], span: spanOf(cell.span.line, cell.span.start + token.index, cell.span.start + token.index + token[0].length) })))
    .find((token) => ARTICLE.test(token.text));
  let article = articleToken?.text ?? null;
  const bracketed = title ? ARTICLE_IN_TITLE.exec(title) : null;
  if (bracketed) {
    article ??= bracketed.groups!.code!;
    title = title!.slice(bracketed[0].length);
  }
  if (!title) return null;
  const unit = unitOf(row.cells, row.quantity);
  const rate = rateFrom(ofRole(row.cells, 'tax_rate'));
  const discount = ofRole(row.cells, 'discount').flatMap((cell) => numbersIn(cell)).find((number) => Number(number.value) > 0 && Number(number.value) < 100) ?? null;
  const { quantity, price } = row;
  const consistent = quantity && price ? adds(quantity.value, price.value, amount.value, discount?.value ?? null) : null;
  const confidence = consistent === true ? 0.9 : 0.75;
  const value: LineItemValue = {
    title,
    quantity: quantity ? read('quantity', quantity.value, quantity.span, confidence) : null,
    unit: unit ? read('unit', unit.text, unit.span, confidence * 0.9) : null,
    // A unit price that does not multiply out to the amount is per some other basis: not the unit price.
    amount_unit: price && consistent !== false ? read('amount_unit', price.value, price.span, confidence) : null,
    amount_total: read('amount_total', amount.value, amount.span, confidence),
    tax_rate: rate ? read('tax_rate', String(Number(rate.value)), rate.span, confidence) : null,
    discount_rate: discount ? read('discount_rate', String(Number(discount.value)), discount.span, confidence) : null,
    article_number: articleToken ? read('article_number', articleToken.text, articleToken.span, confidence) : article,
  };
  found.title = foundAt(title, confidence, [titleCell!.span]);
  return { value, fields: found };
};

/** "abzgl. 16,7% Rabatt   -2,00" under an item: its discount, taken off its amount. */
const applyDiscount = (item: ItemFinding, row: Row) => {
  const percentage = row.cells.flatMap((cell) => numbersIn(cell)).find((number) => number.isPercentage);
  const deduction = row.amount!;
  if (!percentage || !item.value.amount_total) return;
  item.value.discount_rate = String(Number(percentage.value));
  item.value.amount_total = ((toCents(item.value.amount_total) - Math.abs(toCents(deduction.value))) / 100).toFixed(2);
  item.fields.discount_rate = foundAt(item.value.discount_rate, 0.8, [percentage.span]);
  item.fields.amount_total = foundAt(item.value.amount_total, 0.75, [deduction.span]);
};

const LOOK_AHEAD = 3;

/** The rows of one table, from below its header to its totals (or the page's end, or the next header), as items. */
const itemsOf = (document: DocumentText, table: ItemTable, end: number): ItemFinding[] => {
  const rows: Row[] = [];
  for (let index = table.headerEnd + 1; index < end; index++) {
    // A table without totals on its page runs on over the next (a repeated header starts a table of its own).
    const line = document.lines[index]!;
    if (line.text === '') continue;
    const row = readRow(line, table.columns, document.decimalMark);
    // An intermediate subtotal is passed over when items with quantities follow; the totals block ends the table.
    if (isTotalsLine(row)) {
      const ahead = document.lines.slice(index + 1, index + 1 + LOOK_AHEAD).filter((next) => next.text !== '');
      if (!ahead.map((next) => readRow(next, table.columns, document.decimalMark)).some((next) => startsItem(next) && next.quantity !== null)) break;
      continue;
    }
    rows.push(row);
  }
  // Where items start: a row with an amount alone right under an item still without one completes it.
  const starts: number[] = [];
  for (const [index, row] of rows.entries()) {
    if (!startsItem(row)) continue;
    const open = starts.length > 0 ? starts.at(-1)! : null;
    const previous = open === null ? null : rows[open]!;
    const completes =
      previous !== null &&
      !rows.slice(open!, index).some((other) => other.amount) &&
      row.quantity === null &&
      row.price === null &&
      row.line.page === previous.line.page &&
      row.line.index - previous.line.index <= 2;
    if (!completes) starts.push(index);
  }
  const items: ItemFinding[] = [];
  const widths = starts.map((start) => rows[start]!.description?.span.end ?? 0);
  for (const [position, start] of starts.entries()) {
    const block = rows.slice(start, starts[position + 1] ?? rows.length);
    const item = itemFrom(block, table.columns, widths.filter((_, at) => at !== position));
    if (!item) continue;
    items.push(item);
    const discount = block.find(isDiscountLine);
    if (discount) applyDiscount(item, discount);
  }
  return items;
};

/**
 * The line items of the document's item tables: each row with an amount in the amount column (or on the
 * line below its description), with its quantity and unit, unit price, tax rate, discount and article
 * number where their columns show them. A unit price that does not multiply out to the amount is left out.
 */
export const findLineItems = (document: DocumentText): ItemFinding[] => {
  const tables = findItemTables(document);
  return tables.flatMap((table, index) => {
    const next = tables[index + 1];
    return itemsOf(document, table, next ? next.headerStart : document.lines.length);
  });
};
