import type { DocumentText, TextLine } from '../layout/document-text.js';
import type { Language } from '../layout/document-locale.js';
import { toCents } from '../values/cents.js';
import { foundAt, spanOf, spansOverlap, type Span } from '../values/finding.js';
import { columnsPerPageWidth, findItemTables, type Column, type ColumnRole, type ItemTable } from '../layout/item-table.js';
import { labelPattern } from '../layout/labels.js';
import { findNumbers, type DecimalMark } from '../values/parse-number.js';
import type { ItemField, ItemFinding, LineItemValue } from './item-finding.js';
import { reconciledWithTotals, type ReadItem } from './item-totals.js';
import { isRecognized, itemTitleAt } from './item-title-misreads.js';
import { unitAsPrinted } from './item-units.js';
import { accentLanguagesOf } from '../values/spelling-accents.js';
import { withArticleCodesAsPrinted } from './article-codes.js';
import { findReceiptItems } from './receipt-items.js';
import { findUnheadedItemRows } from './unheaded-item-rows.js';
import { withSplitRowsJoined } from './split-table-rows.js';
import { termsFor } from '../vocabulary/terms.js';

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

const wordsOf = (line: TextLine): Word[] =>
  [...line.text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

const isNumeric = (text: string) => /^[-+]?[\d'.,]*\d[\d'.,]*%?$|^[-+]?\d[\d'.,]*[.,]-{1,2}$/.test(text);

const TEXT_ROLES: ColumnRole[] = ['description', 'article', 'unit'];

const gap = (word: Word, column: Column) => Math.max(0, column.start - word.end, word.start - column.end);
const centerDistance = (word: Word, column: Column) => Math.abs((word.start + word.end - column.start - column.end) / 2);
/** How far a word reaches under a header; figures, right-aligned, may stick out a character or two further. */
const overlap = (word: Word, column: Column) => {
  const slack = TEXT_ROLES.includes(column.role) ? 1 : 2;
  return Math.min(word.end, column.end + slack) - Math.max(word.start, column.start - slack);
};

/**
 * The column a word is printed under: the header it overlaps most (figures sit right- or left-aligned
 * under their header), else a text column whose stretch it starts in (a description runs on to the next
 * column), else the figure column nearest to it, at most a few characters away.
 */
const columnFor = (columns: readonly Column[], word: Word): Column | null => {
  const sorted = [...columns].sort((a, b) => a.start - b.start);
  // Under two headers at once (a figure right-aligned up to the next column): a figure goes with the figure column, a word with the text column.
  // A figure of four digits or more counts no running position: under a position and an article header at once
  // ("3    3580" shifted left by a photo), it is the article's code.
  const figure = isNumeric(word.text);
  const ofItsKind = (column: Column) =>
    TEXT_ROLES.includes(column.role) !== figure && !(column.role === 'position' && !POSITION.test(word.text));
  const kindFirst = (column: Column) => (ofItsKind(column) ? 1 : 0);
  const best = sorted
    .filter((column) => overlap(word, column) > 0)
    .sort((a, b) => kindFirst(b) - kindFirst(a) || overlap(word, b) - overlap(word, a))[0];
  if (best) return best;
  const stretch = sorted.find(
    (column, index) =>
      TEXT_ROLES.includes(column.role) && word.start >= column.start - 1 && word.start < (sorted[index + 1]?.start ?? Infinity) - 1,
  );
  if (stretch) return stretch;
  const nearest = [...sorted].sort((a, b) => gap(word, a) - gap(word, b) || centerDistance(word, a) - centerDistance(word, b))[0];
  return nearest && gap(word, nearest) <= 4 ? nearest : null;
};

// Characters a figure may stand left of where it is printed before it is placed by its word box.
const MAX_DRIFT = 2;

/**
 * A row's figures that the layout set a single space apart ("624 21% 106,08": a photo narrowed the gaps between the
 * unit price, rate and amount, one piece of the line) run left of where they are printed, further with each figure,
 * so they no longer stand under their headers. Such a run of figures alone is placed where its words are printed,
 * on the page's scale of characters (as a header set so is, see placedAsPrinted); words keep their places.
 */
const figuresAsPrinted = (line: TextLine, words: Word[], scale: number | null): Word[] => {
  if (scale === null || words.length < 2 || !words.every((word) => isNumeric(word.text))) return words;
  const placed = words.map((word) => {
    const box = line.words.find((candidate) => candidate.start === word.start)?.box;
    if (!box) return word;
    const start = Math.round(box[0] * scale);
    return { ...word, start, end: Math.max(start + 1, Math.round(box[2] * scale)) };
  });
  return placed.some((word, index) => Math.abs(word.start - words[index]!.start) > MAX_DRIFT) ? placed : words;
};

/**
 * A row's words grouped into cells by the column they fall into. A piece of the line (words a single
 * space apart) under one column is that column's cell as a whole ("Kabel NYM-J 3x1.5 mm2" however far it
 * runs); a piece spanning several headers ("12 h" under "Quantity Unit") is split word by word, words
 * under no header going with the word before them.
 */
const cellsOf = (line: TextLine, columns: readonly Column[], scale: number | null): Cell[] => {
  const cells: Cell[] = [];
  const push = (role: ColumnRole | null, word: Word, joined: boolean) => {
    const last = cells.at(-1);
    if (last && joined && last.role === role) {
      last.text += ` ${word.text}`;
      last.span = spanOf(line, last.span.start, word.end);
    } else cells.push({ role, text: word.text, span: spanOf(line, word.start, word.end) });
  };
  const pieces = line.segments.map((segment) => {
    const words = wordsOf({ ...line, text: ' '.repeat(segment.start) + segment.text });
    const printed = figuresAsPrinted(line, words, scale);
    const placed = words.map((word, index) => ({
      word,
      column: columnFor(columns, printed[index]!),
      overlapping: columns.filter((column) => overlap(printed[index]!, column) > 0),
    }));
    const headers = new Set(placed.flatMap((entry) => entry.overlapping));
    const whole = headers.size <= 1 ? ([...headers][0] ?? placed[0]!.column) : null;
    return { placed, whole, described: whole === null && placed[0]!.column?.role === 'description' };
  });
  // Figure columns a piece of their own fills: a description's figures ("A4, 500 sheets") are not theirs.
  const claimed = new Set(
    pieces.flatMap((piece) =>
      piece.whole ? [piece.whole] : piece.described ? [] : piece.placed.flatMap((entry) => (entry.column ? [entry.column] : [])),
    ),
  );
  for (const { placed, whole, described } of pieces) {
    // A description's words run on under other headers ("Livre : Comptabilité pratique") up to a figure
    // printed under a column no other piece fills ("Carta per fotocopie A4 20 pz").
    let split = described
      ? placed.findIndex(
          (entry) =>
            isNumeric(entry.word.text) && entry.column !== null && !TEXT_ROLES.includes(entry.column.role) && !claimed.has(entry.column),
        )
      : 0;
    if (split < 0) split = placed.length;
    let previous: Column | null = null;
    for (const [index, entry] of placed.entries()) {
      const column: Column | null =
        whole ?? (index < split ? placed[0]!.column : entry.overlapping.length > 0 ? entry.column : (previous ?? entry.column));
      push(column?.role ?? null, entry.word, index > 0);
      previous = column;
    }
  }
  return cells;
};

interface NumberRead {
  value: string;
  span: Span;
  isPercentage: boolean;
  hasDecimals: boolean;
  /** Not printed legibly but what the row's arithmetic makes it (a count the unit price divides the amount into). */
  derived?: boolean;
}

/** A figure column's text with the space OCR puts after a decimal mark closed ("482, 30"). */
const figureText = (cell: Cell) =>
  cell.role !== null && !TEXT_ROLES.includes(cell.role) ? cell.text.replace(/(\d[.,]) (?=\d{2}(?!\d))/g, '$1') : cell.text;

const numbersIn = (cell: Cell, decimalMark: DecimalMark = null): NumberRead[] =>
  findNumbers(figureText(cell), decimalMark).map((number) => ({
    value: number.value,
    isPercentage: number.isPercentage,
    hasDecimals: number.hasDecimals,
    span: spanOf(cell.span.line, cell.span.start + number.start, cell.span.start + number.end),
  }));

const ofRole = (cells: Cell[], role: ColumnRole) => cells.filter((cell) => cell.role === role);

const TOTALS = labelPattern(...termsFor('itemTotalsWord'));
const DISCOUNT =
  /^(?:abzgl\.?|abzüglich|\.\/\.|-)?\s*(?:\d+(?:[.,]\d+)?\s?%\s*)?(?:rabatt|nachlass|skonto|discount|remise|rabais|sconto)/iu;

interface Row {
  line: TextLine;
  cells: Cell[];
  amount: NumberRead | null;
  description: Cell | null;
  quantity: NumberRead | null;
  price: NumberRead | null;
  /** Words in an article column that also names the description (see namesDescriptionToo): a name on an item's second line. */
  articleName: Cell | null;
  /** A "label: value" note under an item ("Verpackung: Karton", "GTIN: 4012…", "Bruttopreis : 9,90"). */
  isNote: boolean;
  /** A row naming a total that the table's arithmetic shows is an item (see isPricedItem). */
  pricedItem?: boolean;
}

const moneyIn = (cells: Cell[]) => cells.flatMap((cell) => numbersIn(cell)).filter((number) => !number.isPercentage && number.hasDecimals);
const hasWords = (cell: Cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text);

const QUANTITY_BEFORE_UNIT = /^(\d[\d.,]*)\s*\p{L}/u;
// "I ore", "l Stk": OCR's letter for a quantity of one before its unit.
const ONE_READ_AS_LETTER = /^[Il|](?=\s+\p{L})/u;

/** A quantity of one OCR read as a letter, taken only where the unit price is the amount. */
const oneReadAsLetter = (cells: Cell[], price: NumberRead | null, amount: NumberRead | null): NumberRead | null => {
  if (!price || !amount || price.value !== amount.value) return null;
  const cell = [...ofRole(cells, 'quantity'), ...ofRole(cells, 'unit')].find((candidate) => ONE_READ_AS_LETTER.test(candidate.text));
  return cell
    ? { value: '1', isPercentage: false, hasDecimals: false, span: spanOf(cell.span.line, cell.span.start, cell.span.start + 1) }
    : null;
};

/**
 * Figures under no header (its words misread by OCR, or a wording no vocabulary knows), standing alone or
 * in the stretch of the description column (a piece of their own right of its words): with the quantity
 * or unit price the row has, the one that multiplies out to the amount is the other; without either, the
 * first pair left to right that multiplies out is quantity and unit price (a unit price has decimals).
 */
const multipliedOut = (
  cells: Cell[],
  quantity: NumberRead | null,
  price: NumberRead | null,
  amount: NumberRead,
  decimalMark: DecimalMark,
  priceCells: Cell[] = [],
): { quantity: NumberRead | null; price: NumberRead | null } | null => {
  if (quantity && price) return null;
  const unplaced = cells
    .filter((cell) => (cell.role === null || cell.role === 'description') && isNumeric(cell.text) && cell.span.end <= amount.span.start)
    .flatMap((cell) => numbersIn(cell, decimalMark))
    .filter((number) => !number.isPercentage && Number(number.value) > 0);
  if (quantity) {
    const found = unplaced.find((number) => number.hasDecimals && adds(quantity.value, number.value, amount.value, null));
    return found ? { quantity: null, price: found } : null;
  }
  if (price) {
    const found = unplaced.find((number) => number.span.end <= price.span.start && adds(number.value, price.value, amount.value, null));
    return found ? { quantity: found, price: null } : null;
  }
  for (const [index, first] of unplaced.entries()) {
    const second = unplaced.slice(index + 1).find((number) => number.hasDecimals && adds(first.value, number.value, amount.value, null));
    if (second) return { quantity: first, price: second };
  }
  // The count beside the name and a unit price printed without its decimal mark ("Kabelgoot 40x60   17   624   106,08").
  const restored = withoutDecimals(priceCells).filter((figure) => figure.hasDecimals);
  for (const count of unplaced.filter((number) => !number.hasDecimals)) {
    const found = restored.find((figure) => adds(count.value, figure.value, amount.value, null));
    if (found) return { quantity: count, price: found };
  }
  return null;
};

/** The row's discount in per cent, from its discount column. */
const discountIn = (cells: Cell[]): NumberRead | null =>
  ofRole(cells, 'discount')
    .flatMap((cell) => numbersIn(cell))
    .find((number) => Number(number.value) > 0 && Number(number.value) < 100) ?? null;

/**
 * Whole figures of a figure column as they may be meant: as printed ("57"), or with the decimal mark a scan
 * lost before their last two digits ("4991" for 49,91). Only arithmetic may choose between them.
 */
const withoutDecimals = (cells: Cell[]): NumberRead[] =>
  cells
    .flatMap((cell) => numbersIn(cell))
    .filter((number) => !number.isPercentage && !number.hasDecimals && /^\d+$/.test(number.value))
    .flatMap((number) => [
      number,
      ...(number.value.length >= 3 ? [{ ...number, value: (Number(number.value) / 100).toFixed(2), hasDecimals: true }] : []),
    ]);

/**
 * A unit price read with a minus where the row's amount is positive ("-23,32" in a boxed grid): a grid's rule or a
 * speck before the figure, as an item charged is never priced below zero. Its amount decides: a credit's is negative too.
 */
const withoutStrayMinus = (price: NumberRead | null, amount: NumberRead | null): NumberRead | null =>
  price && amount && Number(price.value) < 0 && Number(amount.value) > 0 ? { ...price, value: price.value.replace(/^-/, '') } : price;

/**
 * A unit price and amount both printed without their decimal marks ("257" and "4626" for 2,57 and 46,26): the pair,
 * marks restored, that quantity × unit price (less the discount) confirms. As printed they may multiply out too
 * (20 × 257 less 10 % is 4626), but money carries cents.
 */
const withBothMarksLost = (
  quantity: NumberRead,
  priceCells: Cell[],
  amountCells: Cell[],
  discount: string | null,
): { price: NumberRead; amount: NumberRead } | null => {
  const restored = (cells: Cell[]) => withoutDecimals(cells).filter((figure) => figure.hasDecimals);
  for (const amount of restored(amountCells)) {
    const price = restored(priceCells).find((figure) => adds(quantity.value, figure.value, amount.value, discount));
    if (price) return { price, amount };
  }
  return null;
};

/**
 * A row whose amount no header named ("Qté  Taux  Prix" over "77,00  78,00  6 006,00", an amount header OCR cut short):
 * its last figure is the amount where the quantity times another figure of the row makes it, and that figure is the
 * unit price, whatever column it stands in. Arithmetic decides, so a rate or a count is never taken for either.
 */
const productInLastFigure = (
  cells: Cell[],
  quantity: NumberRead,
  discount: string | null,
  decimalMark: DecimalMark,
): { price: NumberRead; amount: NumberRead } | null => {
  const figures = cells
    .filter((cell) => cell.role === null || !TEXT_ROLES.includes(cell.role))
    .flatMap((cell) => numbersIn(cell, decimalMark))
    .filter(
      (number) => number.hasDecimals && !number.isPercentage && Number(number.value) > 0 && number.span.start !== quantity.span.start,
    );
  const amount = figures.at(-1);
  const price = amount && figures.slice(0, -1).find((figure) => adds(quantity.value, figure.value, amount.value, discount));
  return amount && price ? { price, amount } : null;
};

/**
 * An amount printed without its decimal mark in a row whose count OCR lost ("ART4242  Ouvrage : Droit fiscal  70.02
 * 133038"): the figure, its mark restored, that the unit price divides into a count (whole or with one decimal) to the
 * cent. A price of cents seldom divides a figure so by chance, and money carries cents.
 */
const countedOut = (price: NumberRead, figures: NumberRead[]): NumberRead | undefined =>
  Number(price.value) > 0
    ? figures.find((figure) => {
        if (!figure.hasDecimals) return false;
        const count = Math.round((Number(figure.value) / Number(price.value)) * 10) / 10;
        return count > 0 && Math.abs(count * Number(price.value) - Number(figure.value)) < 0.005;
      })
    : undefined;

/**
 * The count of a row in a table with a quantity column whose figure OCR garbled ("is." for 15, "'1m ." for 1m) or lost:
 * the count the unit price divides the amount into to the cent, where it is printed (the garbled cell) or else at the
 * unit price. Derived, so less sure than a count read.
 */
const countIn = (cell: Cell | null, price: NumberRead, amount: NumberRead): NumberRead | null => {
  // A one read as a letter ("I ore") is one or nothing (oneReadAsLetter).
  if (countedOut(price, [amount]) === undefined || (cell !== null && ONE_READ_AS_LETTER.test(cell.text))) return null;
  const count = Math.round((Number(amount.value) / Number(price.value)) * 10) / 10;
  return {
    value: String(count),
    span: cell?.span ?? price.span,
    isPercentage: false,
    hasDecimals: !Number.isInteger(count),
    derived: true,
  };
};

const LONE_LETTER = /^[^\p{L}\d]*\p{L}[^\p{L}\d]*$/u;

const DESCRIPTION_HEADER = labelPattern(...termsFor('descriptionColumn'));

/**
 * An article column whose header names the description on a line of its own ("Art-Nr-Lieferant" over
 * "Artikelbezeichnung") in a table with no description column: each item prints its code on its figures'
 * line and its name, words apart, on the line under them in that column.
 */
const namesDescriptionToo = (columns: readonly Column[]) =>
  columns.some(
    (column) =>
      column.role === 'article' && / /.test(column.header) && DESCRIPTION_HEADER.test(column.header.slice(column.header.indexOf(' '))),
  );

/**
 * The name an item prints under its figures in the article column: the article cell that holds a word (not a code),
 * with the words a single space after it ("Mischpalette Joghurt Karton 3 x 20": its figures are part of the name,
 * whatever header they reach under).
 */
const nameInArticleColumn = (line: TextLine, cells: Cell[]): Cell | null => {
  const name = ofRole(cells, 'article').find((cell) => cell.text.split(' ').some((word) => /\p{L}{2}/u.test(word) && !ARTICLE.test(word)));
  if (!name) return null;
  const segment = line.segments.find((candidate) => candidate.start <= name.span.start && name.span.start < candidate.end);
  if (!segment) return name;
  const end = segment.end;
  return { ...name, text: line.text.slice(name.span.start, end).trim(), span: spanOf(line, name.span.start, end) };
};

const PER_CENT = /(?<![\d.,])\d{1,2}(?:[.,]\d{1,2})?\s?%/;

/**
 * A rate printed a little left of its tax column's header ("2 Stk 19 % VAT (S)" under "Menge … Steuer"): a per
 * cent figure counts no pieces and names no unit, so in a table with a tax-rate column it goes there, with what
 * follows it, out of the quantity or unit cell it fell into.
 */
const withRatesInTheirColumn = (cells: Cell[], columns: readonly Column[]): Cell[] => {
  if (!columns.some((column) => column.role === 'tax_rate')) return cells;
  const out: Cell[] = [];
  for (const [index, cell] of cells.entries()) {
    const next = cells[index + 1];
    const counts = cell.role === 'quantity' || cell.role === 'unit';
    // "2 Stk 19" and "% VAT (S)": the figure before the per cent sign its rate cell starts with.
    const before = counts && next?.role === 'tax_rate' && next.text.startsWith('%') ? /\s(\d{1,2}(?:[.,]\d{1,2})?)$/.exec(cell.text) : null;
    const rate = before ? { index: before.index + 1 } : counts ? PER_CENT.exec(cell.text) : null;
    if (!rate) {
      out.push(cell);
      continue;
    }
    const at = cell.span.start + rate.index;
    const kept = cell.text.slice(0, rate.index).trimEnd();
    if (kept) out.push({ ...cell, text: kept, span: spanOf(cell.span.line, cell.span.start, cell.span.start + kept.length) });
    out.push({ role: 'tax_rate', text: cell.text.slice(rate.index), span: spanOf(cell.span.line, at, cell.span.end) });
  }
  return out;
};

/** Whether a figure is printed right after a label's colon ("Abschlag : 0,67"; not "Reference book:   3 pcs", a column apart). */
const isLabelled = (line: TextLine, number: NumberRead) => /: ?$/.test(line.text.slice(0, number.span.start));

// A whole number ending in a hyphen: the first part of a compound broken onto the next line ("4-Fahrten-Karte").
const BROKEN_NUMBER = /^\d{1,3}-$/;

const readRow = (line: TextLine, columns: readonly Column[], decimalMark: DecimalMark, scale: number | null = null): Row => {
  const cells = withRatesInTheirColumn(cellsOf(line, columns, scale), columns);
  const lastColumnEnd = Math.max(...columns.map((column) => column.end));
  // Without an amount column, the amount is what is printed right of every column.
  const amountCells = columns.some((column) => column.role === 'amount')
    ? ofRole(cells, 'amount')
    : cells.filter((cell) => cell.role === null && cell.span.start > lastColumnEnd);
  // A "#" column printing decimals ("1,00", "400,00") counts pieces, not positions.
  const hasQuantityColumn = columns.some((column) => column.role === 'quantity');
  const counted =
    ofRole(cells, hasQuantityColumn ? 'quantity' : 'position')
      .flatMap((cell) => numbersIn(cell, decimalMark))
      .find((number) => !number.isPercentage && (hasQuantityColumn || number.hasDecimals)) ??
    // "4 pcs" read a little to the right, under the unit's header, or "2h" glued by a scan: the quantity before its unit.
    [...ofRole(cells, 'quantity'), ...ofRole(cells, 'unit')].flatMap((cell) => {
      const number = QUANTITY_BEFORE_UNIT.exec(cell.text)?.[1];
      return number ? numbersIn({ ...cell, text: number }, decimalMark) : [];
    })[0] ??
    null;
  // "Bruttopreis : 4,00  Abschlag : 0,67": a figure right after a label's colon is that label's value, no count or price.
  const quantity = counted && !isLabelled(line, counted) ? counted : null;
  // A letter standing alone in the description column is a speck, no name ("a" where a photo blurred a mark).
  // A number broken at its hyphen ("4-" over "Fahrten-Karte") starts a name as a word does.
  const described = ofRole(cells, 'description').filter(
    (cell) => (hasWords(cell) && !LONE_LETTER.test(cell.text)) || BROKEN_NUMBER.test(cell.text),
  );
  const description =
    described[0] ??
    (columns.some((column) => column.role === 'description')
      ? nameBesideCode(cells)
      : (cells.find((cell) => cell.role === null && hasWords(cell)) ?? null));
  const firstText = cells.find((cell) => hasWords(cell) && cell.role !== 'article' && cell.role !== 'position')?.text ?? '';
  const discount = discountIn(cells)?.value ?? null;
  const readAmount = moneyIn(amountCells).at(-1) ?? null;
  const readPrice = withoutStrayMinus(
    ofRole(cells, 'unit_price')
      .flatMap((cell) => numbersIn(cell, decimalMark))
      .filter((number) => !number.isPercentage && number.hasDecimals && !isLabelled(line, number))
      .at(-1) ?? null,
    readAmount,
  );
  const product = quantity && !readAmount ? productInLastFigure(cells, quantity, discount, decimalMark) : null;
  // A figure without its decimal mark ("4991" for 49,91; "481" for 4,81): as the other two multiply it out.
  const bothLost =
    quantity && !readAmount && !readPrice ? withBothMarksLost(quantity, ofRole(cells, 'unit_price'), amountCells, discount) : null;
  const amount =
    readAmount ??
    product?.amount ??
    bothLost?.amount ??
    (!quantity && readPrice ? countedOut(readPrice, withoutDecimals(amountCells)) : undefined) ??
    (quantity && readPrice
      ? withoutDecimals(amountCells).find((figure) => adds(quantity.value, readPrice.value, figure.value, discount))
      : undefined) ??
    null;
  const printedPrice =
    product?.price ??
    readPrice ??
    bothLost?.price ??
    (quantity && amount
      ? withoutDecimals(ofRole(cells, 'unit_price')).find((figure) => adds(quantity.value, figure.value, amount.value, discount))
      : undefined) ??
    null;
  const multiplied = amount ? multipliedOut(cells, quantity, printedPrice, amount, decimalMark, ofRole(cells, 'unit_price')) : null;
  const price = printedPrice ?? multiplied?.price ?? null;
  return {
    line,
    cells,
    amount,
    description,
    quantity:
      quantity ??
      multiplied?.quantity ??
      oneReadAsLetter(cells, price, amount) ??
      (hasQuantityColumn && description && price && amount ? countIn(ofRole(cells, 'quantity')[0] ?? null, price, amount) : null),
    price,
    articleName: description === null && namesDescriptionToo(columns) ? nameInArticleColumn(line, cells) : null,
    // A "label: value" line under its own position number is an item's name ("4   Reference book: Tax law"); a code's
    // label starts a note under an item, but not a row with its figures ("1   GTIN   1,00   -5 Stk   -5,00": the
    // description starts with the code it wraps onto). A label starts with a letter: "(Stunde):" under "Künstlerische
    // Gestaltung" is the name's bracketed end, wrapped.
    isNote:
      (!amount && !quantity && !isNumbered(cells) && /^\p{L}[^:]{0,39}\s?:/u.test(firstText)) ||
      (/^(?:gtin|ean|art\.?-?nr|sku)\b/i.test(firstText) && !(amount && quantity)),
  };
};

/**
 * A name printed left of a centred description header, in the stretch of the article column before it ("FURN_8855
 * Tiroir" under "Réference … Désignation", the name too short to reach under its header): the article column holds
 * one code a row, so a second piece of words after the code (a word with a digit) is the row's description.
 */
const nameBesideCode = (cells: Cell[]): Cell | null => {
  const [code, name] = ofRole(cells, 'article');
  return code && name && /\d/.test(code.text) && hasWords(name) && !LONE_LETTER.test(name.text) && !ARTICLE.test(name.text) ? name : null;
};

/** Whether a row prints a running number in the position column. */
const isNumbered = (cells: Cell[]) => ofRole(cells, 'position').some((cell) => POSITION.test(cell.text));

/**
 * A row that starts with a code of its own: its position number, or an article code ("ART611248") before its
 * description, in the article column or one whose header OCR garbled. A name wrapped onto the next line carries neither.
 */
const isCoded = (cells: Cell[]) => {
  if (isNumbered(cells)) return true;
  const description = ofRole(cells, 'description')[0];
  return cells.some(
    (cell) =>
      (cell.role === 'article' || cell.role === null) &&
      (description === undefined || cell.span.end <= description.span.start) &&
      (ARTICLE.test(cell.text.trim().split(/\s+/)[0] ?? '') ||
        // A running number a column apart before the description, under a header OCR garbled ("Ne" for "Nr").
        (cell.role === null && description !== undefined && POSITION.test(cell.text) && cell.span.end < description.span.start - 1)),
  );
};

/**
 * A row whose first words, or the words of a later cell, name a total, a subtotal or a tax: no item. A row under
 * its position number is an item whatever its name says ("4   Reference book: Tax law"): totals are not numbered.
 */
const isTotalsLine = (row: Row) => {
  const [first, ...others] = row.cells.filter((cell) => /\p{L}/u.test(cell.text));
  // A later cell names a total on a line of words alone (a totals block's header) or beside money; on a line with a
  // count but no money it is a note wrapped in its column ("Preisbasismenge:  1 Stk  …  Umsatzsteuer bei").
  const laterNames =
    (moneyIn(row.cells).length > 0 || !row.cells.some((cell) => /\d/.test(cell.text))) &&
    others.some((cell) => TOTALS.exec(cell.text)?.index === 0);
  const names = first !== undefined && (TOTALS.test(first.text) || laterNames);
  return names && !(row.quantity && row.price) && !isNumbered(row.cells) && row.pricedItem !== true;
};

/**
 * A line between items that names a total ("Reference book: Tax law  is.  58.46  5%  876.90", its count misread) but is
 * an item: its amount is no sum of the items above it, and its unit price divides its amount into a count to the
 * cent (a subtotal prints no unit price that does so).
 */
const isPricedItem = (row: Row, above: readonly Row[]): boolean => {
  if (!row.description || !row.price || !row.amount) return false;
  const sum = above.filter(startsItem).reduce((running, other) => running + (other.amount ? toCents(other.amount.value) : 0), 0);
  return toCents(row.amount.value) !== sum && countedOut(row.price, [row.amount]) !== undefined;
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
  // A count garbled and derived (countIn): the word after the garbled figure in its cell ("11:5 m", "'1m .", "I pausch.").
  if (quantity?.derived) {
    const cell = [...ofRole(cells, 'quantity'), ...ofRole(cells, 'unit')].find((candidate) => /\S\s+\p{L}|\d\p{L}/u.test(candidate.text));
    const word = cell ? /(?:^\S+\s+|(?<=\d))(\p{L}[\p{L}.²³]*)/u.exec(cell.text) : null;
    if (cell && word) {
      const start = cell.span.start + word.index + word[0].length - word[1]!.length;
      return { role: 'unit', text: word[1]!, span: spanOf(cell.span.line, start, start + word[1]!.length) };
    }
  }
  const unitCell = ofRole(cells, 'unit').find((cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text));
  const leading =
    unitCell && quantity && quantity.span.start === unitCell.span.start ? /^\S+\s+|^\d[\d.,]*(?=\p{L})/u.exec(unitCell.text) : null;
  if (unitCell && leading) {
    const start = unitCell.span.start + leading[0].length;
    return { ...unitCell, text: unitCell.text.slice(leading[0].length), span: spanOf(unitCell.span.line, start, unitCell.span.end) };
  }
  if (unitCell) return unitCell;
  if (!quantity) return null;
  const line = quantity.span.line;
  const match = /^\s*(\p{L}[\p{L}².³()/]*[23]?)(?=\s|$)/u.exec(line.text.slice(quantity.span.end, quantity.span.end + 16));
  const unit = match?.[1];
  if (!unit || unit.length > 12 || NOT_A_UNIT.test(unit)) return null;
  const start = quantity.span.end + match[0].length - unit.length;
  const inColumns = cells.some(
    (cell) => (cell.role === 'quantity' || cell.role === 'unit' || cell.role === null) && cell.span.start <= start && start < cell.span.end,
  );
  return inColumns ? { role: 'unit', text: unit, span: spanOf(line, start, start + unit.length) } : null;
};

const ARTICLE_IN_TITLE = /^\[(?<code>[^\]]{2,30})\]\s*/;
const ARTICLE = /^(?=[\p{L}\d._/-]*\d)[\p{L}\d][\p{L}\d._/-]{2,}$/u;

const isRate = (value: string) => Number(value) >= 0 && Number(value) <= 30;

/**
 * The tax rate of a row's tax column; where it reads as no rate ("81%"), the rate printed elsewhere on the
 * document that the figure is with the decimal mark a scan lost (8.1 % in the tax summary); where it reads as a
 * rate the summary under the table does not print ("26%"), the one it prints that the figure is so (2.6 %).
 */
const rateFrom = (cells: Cell[], { printed, summarized }: Rates) => {
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
interface Rates {
  printed: ReadonlySet<string>;
  summarized: ReadonlySet<string>;
}

// Lines under a table's totals line where a tax summary prints its rates.
const SUMMARY_LINES = 8;

/** The rates printed beside money under a table ("8.1%  140.00  11.34", "TVA 20 %  443,62"), as numbers: its tax summary's. */
const ratesSummarizedFrom = (document: DocumentText, totalsAt: number | null): Set<string> => {
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
const ratesPrintedIn = (document: DocumentText): Set<string> =>
  new Set(
    document.lines.flatMap((line) =>
      findNumbers(line.text, document.decimalMark)
        .filter((number) => number.isPercentage && isRate(number.value) && Number(number.value) > 0)
        .map((number) => String(Number(number.value))),
    ),
  );

/** Quantity × unit price, less the discount in per cent. */
const discountedProduct = (quantity: string, price: string, discount: string | null): number =>
  Number(quantity) * Number(price) * (1 - Number(discount ?? 0) / 100);

/** Whether quantity × unit price, less the discount, is the amount to the cent (or within the rounding of long unit prices). */
const adds = (quantity: string, price: string, amount: string, discount: string | null): boolean => {
  const expected = discountedProduct(quantity, price, discount);
  return Math.abs(expected - Number(amount)) <= Math.max(0.011, Math.abs(Number(amount)) * 0.0005);
};

const MAX_WRAPPED_LINES = 4;

// A line under the title set this much smaller is a note about the item ("500 sheets / ream"), not more title.
const SMALLER_TYPE = 0.88;

// Words whose letters reach the capitals' height and none below the line ("Brochures", "250", "4-kleuren"): their
// boxes measure the type, where a word with descenders ("pages", "copies,") is taller than its type and one of
// small letters ("see") shorter.
const REACHES_UP = /[\p{Lu}\dbdfhkl]/u;
const REACHES_DOWN = /[gjpqyQ,;(){}[\]|@$§µ]/u;
const measuresType = (text: string) => REACHES_UP.test(text) && !REACHES_DOWN.test(text);

const wordsIn = ({ line, start, end }: Span) => line.words.filter((word) => word.start < end && start < word.end);
const tallest = (words: TextLine['words']) => Math.max(...words.map((word) => word.box[3] - word.box[1]));

/**
 * The type sizes of two spans, measured alike: from the words whose boxes show the type where both have such,
 * else from every word's box (its tallest: a capital or an ascender, so that short lower-case words do not shrink it).
 */
const typeSizesOf = (span: Span, than: Span): [number, number] | null => {
  const [words, reference] = [wordsIn(span), wordsIn(than)];
  if (words.length === 0 || reference.length === 0) return null;
  const textOf = (word: TextLine['words'][number], of: Span) => of.line.text.slice(word.start, word.end);
  const [measuring, measuringReference] = [
    words.filter((word) => measuresType(textOf(word, span))),
    reference.filter((word) => measuresType(textOf(word, than))),
  ];
  if (measuring.length > 0 && measuringReference.length > 0) return [tallest(measuring), tallest(measuringReference)];
  // Else, on a line with no word reaching both up and down, words of one shape in both ("copie" and "g", small
  // letters reaching below the line): boxes of one shape measure the type alike, where a word with a descender is
  // taller than one reaching only up ("Papier" over "A4"). A word reaching both ways ("Subscription") is measured by
  // the tallest, as brackets and descenders blur such boxes.
  const shapeOf = (text: string) => `${REACHES_UP.test(text)} ${REACHES_DOWN.test(text)}`;
  const shapes = new Set(words.map((word) => shapeOf(textOf(word, span))));
  if (shapes.has('true true')) return [tallest(words), tallest(reference)];
  const shared = reference.filter((word) => shapes.has(shapeOf(textOf(word, than)))).map((word) => shapeOf(textOf(word, than)))[0];
  if (shared === undefined) return [tallest(words), tallest(reference)];
  return [
    tallest(words.filter((word) => shapeOf(textOf(word, span)) === shared)),
    tallest(reference.filter((word) => shapeOf(textOf(word, than)) === shared)),
  ];
};

// Boxes of one type size measured on a scan differ by a rounding: "no taller" allows for it.
const SAME_HEIGHT = 1.01;

// A scan's word boxes blur heights (a note's ascenders and descenders may reach the title's), but not the advance
// of its letters: a line whose letters are this much narrower, and no taller, is smaller type too.
const NARROWER_LETTERS = 0.82;
// Letters needed in each span before their widths say something: a few letters' shapes vary too much.
const LETTERS_FOR_WIDTH = 8;

/** The mean width of a span's characters, as a fraction of the page width; null for too few letters or no boxes. */
const letterWidthOf = (span: Span): number | null => {
  const words = wordsIn(span);
  const characters = words.reduce((sum, word) => sum + (word.end - word.start), 0);
  if (characters < LETTERS_FOR_WIDTH) return null;
  return words.reduce((sum, word) => sum + (word.box[2] - word.box[0]), 0) / characters;
};

const isSmallerType = (span: Span, than: Span): boolean => {
  const sizes = typeSizesOf(span, than);
  if (sizes === null) return false;
  const [size, reference] = sizes;
  if (size < SMALLER_TYPE * reference) return true;
  const [width, referenceWidth] = [letterWidthOf(span), letterWidthOf(than)];
  return size <= reference * SAME_HEIGHT && width !== null && referenceWidth !== null && width < NARROWER_LETTERS * referenceWidth;
};

// A count in a name ("Abrechnungskreis 1", "2 Nächte"): a whole number of a few digits, no price.
// A name that starts with a code's label ("GTIN", "Art-Nr"): the item's record printed whole in its description cell.
const CODE_LABEL = /^(?:gtin|ean|art\.?-?nr|sku)\b/i;
// A code's digits (a GTIN, an article number) printed alone under its label: no figure, too long for a count.
const CODE_DIGITS = /^\d{6,14}$/;
// Lines a record's cell may wrap onto: its codes, name, packaging and unit, each wrapped in a narrow column.
const MAX_RECORD_LINES = 12;
const COUNT_IN_NAME = /^\d{1,3}$/;

/**
 * What a row continues an item's name with: its description. On a line without figures, also a code without letters
 * ("20/0500") or a count ("1") in the description column, words starting where the name starts though under the article
 * column's header ("zur" under "Lebensgefährte/in", the header "Art-Nr-Kunde" reaching over it), and a count printed
 * right before the description, one space apart ("2 Nächte" wrapped under "Übernachtung.", the "2" reaching left of the
 * description's header).
 */
const wrappedNameIn = (row: Row, nameStart: number, codeLed = false): Cell | null => {
  if (hasFigures(row)) return row.description;
  const next =
    row.description ??
    // A figure alone on its line in the description column: the end of the name wrapped ("Eau minerale" / "0,751").
    ofRole(row.cells, 'description').find(
      (cell) =>
        !isNumeric(cell.text) || COUNT_IN_NAME.test(cell.text) || row.cells.length === 1 || (codeLed && CODE_DIGITS.test(cell.text)),
    ) ??
    ofRole(row.cells, 'article').find((cell) => hasWords(cell) && Math.abs(cell.span.start - nameStart) <= 2) ??
    null;
  if (!next) return null;
  const before = row.cells[row.cells.indexOf(next) - 1];
  if (!before || !COUNT_IN_NAME.test(before.text) || next.span.start - before.span.end !== 1) return next;
  return { ...next, text: `${before.text} ${next.text}`, span: spanOf(row.line, before.span.start, next.span.end) };
};

/**
 * The title: the description on the item's row, with the lines it wraps onto: the lines right below
 * that print nothing but more description, starting where it starts, in the same type ("Website maintenance" /
 * "(monthly)"; a smaller line under it is a note).
 * A row without a description takes the first one just below it.
 */
const titleOf = (block: Row[]): Cell | null => {
  const first = block[0]!;
  const below = block[1];
  const description =
    first.description ??
    (below && below.line.index === first.line.index + 1 && !below.isNote && below.amount === null
      ? (below.description ?? below.articleName)
      : null);
  if (!description) return null;
  // A name printed under its item's figures in the article column is the item's second line: the lines under it are notes on it.
  if (description === below?.articleName) return description;
  let title = description;
  let last = description.span.line;
  let wrapped = 0;
  // A name that starts with a code's label is the item's record as its software prints it in the description cell
  // ("GTIN" / "4123…" / "Art-Nr-" / "Lieferant" / "ZS99" / "Zitronensäure" / "Verpackung:" / "Flasche"): every line
  // of the cell down to the next row or a blank line, its "label: value" lines too, is part of it.
  const codeLed = CODE_LABEL.test(description.text);
  for (const row of block.slice(block.findIndex((candidate) => candidate.description === description) + 1)) {
    // A code without letters wrapped under the name ("Bierbrau Pils" / "20/0500") on a line without figures: more of it.
    const next = wrappedNameIn(row, description.span.start, codeLed);
    const adjacent = row.line.page === last.page && row.line.index === last.index + 1;
    const aligned = next !== null && Math.abs(next.span.start - description.span.start) <= 2;
    const onlyText = row.cells.every(
      (cell) =>
        (next !== null && cell.span.start >= next.span.start && cell.span.end <= next.span.end) ||
        cell.role === 'article' ||
        cell.role === 'position',
    );
    // The line that carries the item's amount is part of its name ("Mineralwasser Medium" / "12 x 1,0l PET   109,80").
    const carriesAmount = first.amount === null && row.amount !== null && row.quantity === null;
    // A line closing the bracket the name left open ("Architecte Principal (Facturation sur" / "Feuilles de Temps)") is
    // the rest of it, however OCR boxed its words (a box drawn over two lines makes the name's type look larger).
    const closesBracket = next !== null && openBrackets(title.text) > 0 && openBrackets(title.text) + openBrackets(next.text) === 0;
    if (
      !adjacent ||
      !aligned ||
      (row.isNote && !codeLed) ||
      !(onlyText || carriesAmount) ||
      (isSmallerType(next.span, description.span) && !closesBracket)
    )
      break;
    if (++wrapped > (codeLed ? MAX_RECORD_LINES : MAX_WRAPPED_LINES)) break;
    // "Beamer-" / "Deckenhalterung": a word broken at its hyphen is one word, "4-" / "Fahrten-" / "Karte" a compound;
    // so is one broken after its slash ("Obermonteur/" / "Monteur").
    title = { ...title, text: `${title.text}${/[\p{L}\d][-/]$/u.test(title.text) ? '' : ' '}${next.text}`, span: next.span };
    last = row.line;
  }
  return { ...title, span: description.span };
};

/**
 * A quantity whose decimal mark a scan lost ("35" for 3,5): read with one or two decimals where only that
 * multiplies out to the amount with the unit price; else as read.
 */
const withLostDecimalMark = (quantity: NumberRead, price: NumberRead, amount: NumberRead, discount: NumberRead | null): NumberRead => {
  const discounted = discount?.value ?? null;
  if (quantity.hasDecimals || !/^\d{2,}$/.test(quantity.value) || adds(quantity.value, price.value, amount.value, discounted))
    return quantity;
  const decimal = [10, 100]
    .map((divisor) => String(Number(quantity.value) / divisor))
    .find((candidate) => adds(candidate, price.value, amount.value, discounted));
  return decimal ? { ...quantity, value: decimal, hasDecimals: true } : quantity;
};

// The litre's l read as a bar or an exclamation mark after a figure ("0,75 |", "5|", "0,75 !"), or as 1 or I after a
// volume with decimals ("0,75 1").
const LITRE_MISREAD = /(?<=\d ?)[|¦!](?=$|\s+\p{L})|(?<=\d[.,]\d{1,3} )[1I](?=$|\s+\p{L})/u;

/**
 * A row printed over two lines by a tilted photo: its figures (unit price and amount, no description) on the
 * line above, its description (with quantity or unit, but no price or amount) on the line right under them.
 */
const describesFiguresAbove = (figures: Row, below: Row): boolean =>
  figures.description === null &&
  figures.amount !== null &&
  figures.price !== null &&
  (below.description ?? below.articleName) !== null &&
  below.amount === null &&
  below.price === null &&
  below.line.page === figures.line.page &&
  below.line.index === figures.line.index + 1;

/**
 * A code printed left of the row's description under a header no vocabulary names ("Art.-NQ", OCR's "Art.-Nr."): the
 * item's article number, as an article column would hold it. One word with a digit, no running number.
 */
const codeUnderGarbledHeader = (row: Row): { text: string; span: Span } | undefined => {
  const description = row.description;
  if (!description || row.cells.some((cell) => cell.role === 'article')) return undefined;
  const cell = row.cells.find(
    (candidate) =>
      candidate.role === null &&
      candidate.span.end <= description.span.start &&
      !/\s/.test(candidate.text) &&
      ARTICLE.test(candidate.text) &&
      !POSITION.test(candidate.text),
  );
  return cell && { text: cell.text, span: cell.span };
};

/**
 * Whether a row's amount is quantity × unit price with the row's tax on it ("40.0  €4500,00  20.0  €216 000,00"): a
 * table that prints each line's gross, whose count is then as printed, not the one the unit price divides the amount into.
 */
const withItsTax = (quantity: NumberRead, price: NumberRead, amount: NumberRead, rate: NumberRead): boolean =>
  Number(rate.value) > 0 && adds(quantity.value, String(Number(price.value) * (1 + Number(rate.value) / 100)), amount.value, null);

/**
 * A rate that lost its decimal mark where no rate reads and the table prints each line's gross ("53.0  €876,00  55
 * €48 981,54"): the tenth or hundredth of a figure in the rate column with which quantity × unit price makes the amount.
 */
const rateTaxingTheRow = (
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

// A count the row's arithmetic gives, not read: as sure as an amount the totals set right.
const DERIVED_CONFIDENCE = 0.6;

const itemFrom = (block: Row[], rates: Rates, decimalMark: DecimalMark, language: Language | null): ReadItem | null => {
  const row = block[0]!;
  const amount = row.amount ?? block.slice(1).find((other) => other.amount && !other.quantity)?.amount ?? null;
  // A row with its name, quantity and price but an amount too blurred to read is still an item (the ones after it keep their places).
  if (!amount && !(row.description && row.quantity && row.price)) return null;
  const found: ItemFinding['fields'] = {};
  const read = (field: ItemField, value: string, span: Span, confidence: number) => {
    found[field] = foundAt(value, confidence, [span]);
    return value;
  };
  const titleCell = titleOf(block);
  // Marks a scan leaves before a name ("| Unterhaltsreinigung", "“Hotel", "- Bürostuhl") or standing after it
  // ("Fachbuch Steuerrecht >") are no part of it; a litre's l OCR read as a bar, 1 or I ("Mineralwasser 0,75 |")
  // is set right.
  let title =
    titleCell?.text
      .replace(/^[|“”"'.,;:_~•·-]+\s*(?=\p{L})/u, '')
      .replace(/\s+[<>~_•·]+$/u, '')
      // A colon closing the name is the separator before a description left empty ("Heiße Luft pro Liter:").
      .replace(/(?<=[\p{L})])\s?:$/u, '')
      .replace(LITRE_MISREAD, 'l') ?? null;
  if (title && titleCell) title = itemTitleAt(title, titleCell.span, decimalMark, language);
  const articleToken =
    block
      .flatMap((other) => ofRole(other.cells, 'article'))
      .flatMap((cell) =>
        [...cell.text.matchAll(/\S+/g)].map((token) => ({
          text: token[0],
          span: spanOf(cell.span.line, cell.span.start + token.index, cell.span.start + token.index + token[0].length),
        })),
      )
      .find((token) => ARTICLE.test(token.text)) ?? codeUnderGarbledHeader(row);
  let article = articleToken?.text ?? null;
  const bracketed = title ? ARTICLE_IN_TITLE.exec(title) : null;
  if (bracketed) {
    article ??= bracketed.groups!.code!;
    title = title!.slice(bracketed[0].length);
  }
  if (!title) return null;
  const described = block[1] && describesFiguresAbove(row, block[1]) ? block[1] : null;
  const rowQuantity = row.quantity ?? described?.quantity ?? null;
  const unit = row.quantity ? unitOf(row.cells, row.quantity) : described ? unitOf(described.cells, described.quantity) : null;
  const { price } = row;
  // A figure under the discount column that quantity × unit price does not take off, where without it they make the
  // amount ("21%" under "Kort." beside a rate column whose header OCR garbled, "Biw"): no discount, and where the row
  // shows no rate and the tax summary under the table prints it beside money, the row's tax rate.
  const listed = discountIn(row.cells);
  const undiscounted =
    listed !== null &&
    rowQuantity !== null &&
    price !== null &&
    amount !== null &&
    !adds(rowQuantity.value, price.value, amount.value, listed.value) &&
    adds(rowQuantity.value, price.value, amount.value, null);
  const discount = undiscounted ? null : listed;
  // A figure the arithmetic took for the unit price is no rate, whatever its header says ("Taux", a rate in French,
  // over prices a quantity multiplies into the amount).
  const rateCells = ofRole(row.cells, 'tax_rate').filter((cell) => !(price && spansOverlap(cell.span, price.span)));
  const rate =
    rateFrom(rateCells, rates) ??
    (undiscounted && rates.summarized.has(String(Number(listed.value))) ? listed : undefined) ??
    rateTaxingTheRow(rateCells, rowQuantity, price, amount);
  const marked = rowQuantity && price && amount ? withLostDecimalMark(rowQuantity, price, amount, discount) : rowQuantity;
  const taxed = marked !== null && price !== null && amount !== null && rate !== undefined && withItsTax(marked, price, amount, rate);
  // A count OCR garbled into another figure ("1702" for "17 pz", "15/002"): where quantity × unit price is not the
  // amount and no discount is printed, the count the unit price divides the amount into, if it does so to the cent.
  // A count a text layer prints is the count (the amount may hold a surcharge, a rebate or another currency's rounding).
  const quantity =
    marked && price && amount && !discount && !taxed && isRecognized(marked.span) && !adds(marked.value, price.value, amount.value, null)
      ? (countIn({ role: 'quantity', text: marked.value, span: marked.span }, price, amount) ?? marked)
      : marked;
  const consistent = quantity && price && amount ? taxed || adds(quantity.value, price.value, amount.value, discount?.value ?? null) : null;
  const confidence = consistent === true ? 0.9 : 0.75;
  const value: LineItemValue = {
    title,
    quantity: quantity ? read('quantity', quantity.value, quantity.span, quantity.derived ? DERIVED_CONFIDENCE : confidence) : null,
    // A unit OCR read is set right where one letter misread makes it a known unit ("pes" for "pcs").
    unit: unit
      ? read(
          'unit',
          isRecognized(unit.span) ? unitAsPrinted(unit.text, accentLanguagesOf(language)) : unit.text,
          unit.span,
          confidence * 0.9,
        )
      : null,
    // A unit price that does not multiply out to the amount is per some other basis: not the unit price.
    amount_unit: price && amount && consistent !== false ? read('amount_unit', price.value, price.span, confidence) : null,
    amount_total: amount ? read('amount_total', amount.value, amount.span, confidence) : null,
    tax_rate: rate ? read('tax_rate', String(Number(rate.value)), rate.span, confidence) : null,
    discount_rate: discount ? read('discount_rate', String(Number(discount.value)), discount.span, confidence) : null,
    article_number: articleToken ? read('article_number', articleToken.text, articleToken.span, confidence) : article,
  };
  found.title = foundAt(title, confidence, [titleCell!.span]);
  const product = quantity && price ? Math.round(discountedProduct(quantity.value, price.value, discount?.value ?? null) * 100) : null;
  return {
    item: { value, fields: found },
    product,
    price: price?.value ?? null,
    productSpans: quantity && price ? [quantity.span, price.span] : [],
  };
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

// Labels a row of a totals grid's header sets apart, at least.
const GRID_LABELS = 3;
const isGridOfLabels = (line: TextLine) => !/\d/.test(line.text) && line.segments.length >= GRID_LABELS;

/** The rows of one table, from below its header to its totals (or the page's end, or the next header), as items. */
const POSITION = /^\d{1,3}\.?$/;
const hasLetters = (text: string) => /\p{L}{3}/u.test(text);

/**
 * Where a description column's names start when its header is centred over them ("Désignation" over names printed
 * from further left): the one start shared by every piece of words of the priced rows under the header, left of the header but past
 * the column before it, so a short name that ends before the header ("Dépôt") is the description's, not the code's.
 */
const leftAlignedStart = (rows: readonly TextLine[], columns: readonly Column[], index: number): number => {
  const column = columns[index]!;
  const before = columns[index - 1];
  const starts = new Set(
    rows.flatMap((line) =>
      line.segments
        .filter((segment) => segment.start < column.end && column.start <= segment.end && /\p{L}{2}/u.test(segment.text))
        .map((segment) => segment.start),
    ),
  );
  const [start] = [...starts];
  return starts.size === 1 && start! < column.start && (before === undefined || start! > before.end + 1) ? start! : column.start;
};

/**
 * The kind of each text column as its cells show it, where the header word is ambiguous ("Artikel",
 * "Articolo", "Réf.", "Item"): running numbers make a position column, codes (one word with digits) an
 * article number beside a description, names a description where no other column is one.
 */
const settleByContent = (document: DocumentText, table: ItemTable, end: number): Column[] => {
  const following = document.lines.slice(table.headerEnd + 1, Math.min(end, table.headerEnd + 13));
  const blank = following.findIndex((line) => line.text === '' || line.page !== table.page);
  const lines = blank < 0 ? following : following.slice(0, blank);
  // A word ends a phrase that starts left of the column ("Abrechnungskreis 1" under "Pos … Beschreibung"): the phrase's column, not this one.
  const phraseStart = (line: TextLine, word: Word) =>
    line.segments.find((segment) => segment.start <= word.start && word.start < segment.end)?.start ?? word.start;
  // The lines that print money are the items' rows: a closing remark under the table ("Grazie per la preferenza.",
  // left-aligned under the codes) says nothing of what a column holds.
  const rows = lines.filter((line) => findNumbers(line.text).some((number) => number.hasDecimals && !number.isPercentage));
  const cellsUnder = (column: Column, under: TextLine[] = lines) =>
    under
      .map((line) =>
        wordsOf(line)
          .filter((word) => overlap(word, column) > 0 && phraseStart(line, word) >= column.start - 2)
          .map((word) => word.text)
          .join(' '),
      )
      .filter((text) => text !== '');
  const columns = table.columns.map((column) => ({ ...column }));
  const texts = columns.map((column) => (TEXT_ROLES.includes(column.role) || column.role === 'position' ? cellsUnder(column) : []));
  const rowTexts = columns.map((column, index) => (rows.length > 0 && texts[index]!.length > 0 ? cellsUnder(column, rows) : texts[index]!));
  for (const [index, column] of columns.entries()) {
    const cells = rowTexts[index]!;
    if (cells.length === 0 || column.role === 'unit') continue;
    if (cells.every((text) => POSITION.test(text))) column.role = 'position';
    else if (column.role !== 'position' && cells.every((text) => ARTICLE.test(text) && !/\s/.test(text))) {
      const otherDescription = columns.some((other, at) => at !== index && other.role === 'description' && texts[at]!.some(hasLetters));
      if (otherDescription) column.role = 'article';
    }
  }
  // The rows up to the first that names a total ("Montant HT  € 68 499,50"), a piece of words under the header.
  const below = document.lines.slice(table.headerEnd + 1, Math.min(end, table.headerEnd + 13));
  const totalsAt = below.findIndex((line) => line.segments[0] !== undefined && TOTALS.exec(line.segments[0].text)?.index === 0);
  const priced = (totalsAt < 0 ? below : below.slice(0, totalsAt)).filter(
    (line) => line.page === table.page && findNumbers(line.text).some((number) => number.hasDecimals && !number.isPercentage),
  );
  for (const [index, column] of columns.entries())
    if (column.role === 'description') column.start = leftAlignedStart(priced, columns, index);
  if (!columns.some((column) => column.role === 'description')) {
    const wordy = columns.findIndex(
      (column, at) =>
        (column.role === 'article' || column.role === 'position') &&
        texts[at]!.filter((text) => /\p{L}{3,}\s+\p{L}/u.test(text)).length * 2 > texts[at]!.length,
    );
    if (wordy >= 0) columns[wordy]!.role = 'description';
  }
  return columns;
};

// Lines of the totals block under a table that may print the sum of its items (subtotal, net, gross total).
const TOTALS_BLOCK = 4;

/** The sums printed under a table, in cents: the last money figure of each line of its totals block. */
const sumsFrom = (document: DocumentText, totalsAt: number): number[] => {
  const first = document.lines[totalsAt]!;
  return document.lines
    .slice(totalsAt, totalsAt + TOTALS_BLOCK + 2)
    .filter((line) => line.page === first.page && line.text !== '')
    .slice(0, TOTALS_BLOCK)
    .flatMap((line) => {
      const money = findNumbers(line.text.replace(/(\d[.,]) (?=\d{2}(?!\d))/g, '$1'), document.decimalMark).filter(
        (number) => !number.isPercentage && number.hasDecimals,
      );
      return money.length > 0 ? [toCents(money.at(-1)!.value)] : [];
    });
};

// Lines a tilted photo spreads one row's figures over, under its description.
const MAX_FIGURE_LINES = 2;

const hasFigures = (row: Row) => row.quantity !== null || row.price !== null || row.amount !== null;

/**
 * A row printed over several lines by a tilted photo, its description first: its position number and description
 * alone (no figure) on one line, its figures on the one or two lines right under it (no description there but a note
 * in smaller type, no amount before the last line), ending with the amount. One row: the description's, with the
 * figures below, so a figure line never takes the next item's name. Only numbered or under an article code: a line
 * of words alone under an item is the rest of its name, wrapped.
 */
const withFiguresBelowJoined = (rows: Row[]): Row[] => {
  const joined: Row[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const figures: Row[] = [];
    // Figures right above it without a name (and no other row's) are its own, tilted the other way (describesFiguresAbove).
    const above = joined.at(-1);
    const figuresAbove =
      above !== undefined && above.description === null && above.amount !== null && above.line.index === row.line.index - 1;
    // Without a code, words alone under an item are the rest of its name, unless the item above has its amount and
    // the line right under them is a whole row of figures (quantity, unit price, amount) without a name of its own.
    const next = rows[index + 1];
    // Unless the line after the figures is a name without figures of its own: the figures are that name's, tilted
    // the other way (describesFiguresAbove), and the words are a note under the item above ("500 sheets / ream").
    const nameOfFiguresBelow =
      above?.amount != null &&
      !(rows[index + 2] !== undefined && next !== undefined && describesFiguresAbove(next, rows[index + 2]!)) &&
      next !== undefined &&
      next.line.page === row.line.page &&
      next.line.index === row.line.index + 1 &&
      next.description === null &&
      next.quantity !== null &&
      next.price !== null &&
      next.amount !== null;
    if (row.description && !hasFigures(row) && !row.isNote && (isCoded(row.cells) || nameOfFiguresBelow) && !figuresAbove) {
      for (const below of rows.slice(index + 1, index + 1 + MAX_FIGURE_LINES)) {
        const last = figures.at(-1) ?? row;
        const adjacent = below.line.page === row.line.page && below.line.index === last.line.index + 1;
        const nameless = below.description === null || isSmallerType(below.description.span, row.description.span);
        if (!adjacent || !nameless || !hasFigures(below) || below.isNote || isTotalsLine(below)) break;
        figures.push(below);
        if (below.amount) break;
      }
    }
    const amount = figures.at(-1)?.amount;
    if (!amount || figures.slice(0, -1).some((figure) => figure.amount)) {
      joined.push(row);
      continue;
    }
    joined.push({
      ...row,
      cells: [...row.cells, ...figures.flatMap((figure) => figure.cells.filter((cell) => cell !== figure.description))],
      amount,
      quantity: figures.find((figure) => figure.quantity)?.quantity ?? null,
      price: figures.find((figure) => figure.price)?.price ?? null,
    });
    index += figures.length;
  }
  return joined;
};

/** How many brackets the text opens and leaves open (negative: closes more than it opens). */
const openBrackets = (text: string) => (text.match(/\(/g)?.length ?? 0) - (text.match(/\)/g)?.length ?? 0);

/**
 * A name set on two lines around its row's figures, the cell centred against them: "Architecte Junior (Facturation sur"
 * over "37,00  85,00  3 145,00" over "Feuilles de Temps)" (a quantity may stand on the name's first line). The line
 * above the figures opens a bracket that the line under them closes, so the two are one name, above then below, and
 * the figures are its row's (not the line under them's alone, as for a row a tilted photo set a line above its name).
 * Only lines right after one another: words without price or amount, figures without a name, words alone.
 */
const withNamesAroundFigures = (rows: Row[]): Row[] => {
  const result: Row[] = [];
  for (let index = 0; index < rows.length; index++) {
    const [above, figures, below] = [rows[index]!, rows[index + 1], rows[index + 2]];
    const consecutive =
      figures !== undefined &&
      below !== undefined &&
      figures.line.page === above.line.page &&
      below.line.page === above.line.page &&
      figures.line.index === above.line.index + 1 &&
      below.line.index === figures.line.index + 1;
    const opened = above.description ? openBrackets(above.description.text) : 0;
    if (
      !consecutive ||
      !above.description ||
      above.price !== null ||
      above.amount !== null ||
      above.isNote ||
      figures.description !== null ||
      figures.amount === null ||
      !below.description ||
      hasFigures(below) ||
      below.isNote ||
      opened <= 0 ||
      opened + openBrackets(below.description.text) !== 0
    ) {
      result.push(above);
      continue;
    }
    const description: Cell = { ...above.description, text: `${above.description.text} ${below.description.text}` };
    result.push({
      ...figures,
      cells: [...above.cells.filter((cell) => cell !== above.description), ...figures.cells, description],
      description,
      quantity: figures.quantity ?? above.quantity,
    });
    index += 2;
  }
  return result;
};

/** A line that is one label ending in a colon, standing at or left of where the table's first column starts. */
const isSectionHeading = (line: TextLine, columns: readonly Column[]) =>
  line.segments.length === 1 &&
  /^\p{L}[\p{L} .-]{2,40}:$/u.test(line.segments[0]!.text) &&
  line.segments[0]!.start <= Math.min(...columns.map((column) => column.start));

/**
 * A table whose header stands right under a section's heading (blank lines between them aside), or whose header
 * lines, read together, begin with the heading.
 */
const isUnderSectionHeading = (document: DocumentText, table: ItemTable) => {
  const first = document.lines[table.headerStart]!;
  const above = document.lines
    .slice(0, table.headerStart)
    .reverse()
    .find((line) => line.text !== '');
  return [first, above].some((line) => line !== undefined && line.page === table.page && isSectionHeading(line, table.columns));
};

const itemsOf = (document: DocumentText, found: ItemTable, end: number): ItemFinding[] => {
  const table = { ...found, columns: settleByContent(document, found, end) };
  const scale = columnsPerPageWidth(document, table.page);
  const rows: Row[] = [];
  let totalsAt: number | null = null;
  // Lines the layout split off a row are put back into it (a sidebar beside the table pulls words to its own lines).
  const first = table.headerEnd + 1;
  const lines = withSplitRowsJoined(document.lines.slice(first, end), Math.min(...table.columns.map((column) => column.start)) - 1);
  for (let index = first; index < end; index++) {
    // A table without totals on its page runs on over the next (a repeated header starts a table of its own).
    const line = lines[index - first]!;
    if (line.text === '') continue;
    // A section's heading at the table's left edge ("Zahlungsbedingungen:", "Zu- und Abschläge:") after its items: the table ended.
    if (isSectionHeading(line, table.columns) && rows.some(startsItem)) break;
    const row = readRow(line, table.columns, document.decimalMark, scale);
    // An intermediate subtotal is passed over when items with quantities follow; the totals block ends the table.
    if (isTotalsLine(row)) {
      const ahead = lines.slice(index - first + 1, index - first + 1 + LOOK_AHEAD).filter((next) => next.text !== '');
      // A row of labels without a figure ("Base HT  Taux  …  Net à payer"): the header of a totals grid, whose values
      // below read like an item's figures. It ends the table.
      if (
        isGridOfLabels(line) ||
        !ahead
          .map((next) => readRow(next, table.columns, document.decimalMark, scale))
          .some((next) => startsItem(next) && next.quantity !== null && next.description !== null)
      ) {
        totalsAt = index;
        break;
      }
      if (isPricedItem(row, rows)) rows.push({ ...row, pricedItem: true });
      continue;
    }
    rows.push(row);
  }
  const merged = withFiguresBelowJoined(withNamesAroundFigures(rows));
  // Where items start: a row with an amount alone right under an item still without one completes it, as does
  // the description of a row whose figures a tilted photo set a line above it.
  const starts: number[] = [];
  for (const [index, row] of merged.entries()) {
    if (!startsItem(row)) continue;
    const open = starts.length > 0 ? starts.at(-1)! : null;
    const previous = open === null ? null : merged[open]!;
    const completes =
      previous !== null &&
      !merged.slice(open!, index).some((other) => other.amount) &&
      row.quantity === null &&
      row.price === null &&
      row.line.page === previous.line.page &&
      row.line.index - previous.line.index <= 2;
    if (!completes && !(previous !== null && index === open! + 1 && describesFiguresAbove(previous, row))) starts.push(index);
  }
  const rates = { printed: ratesPrintedIn(document), summarized: ratesSummarizedFrom(document, totalsAt) };
  const items: ReadItem[] = [];
  for (const [position, start] of starts.entries()) {
    const block = merged.slice(start, starts[position + 1] ?? merged.length);
    const read = itemFrom(block, rates, document.decimalMark, document.language);
    if (!read) continue;
    const discount = block.find(isDiscountLine);
    if (discount) applyDiscount(read.item, discount);
    // A discount on a line of its own changed the amount: the row's product no longer says what it is.
    items.push(discount ? { ...read, product: null } : read);
  }
  const reconciled = reconciledWithTotals(items, totalsAt === null ? [] : sumsFrom(document, totalsAt));
  // Codes OCR read are set right by the scheme the table's other codes show ("ARTS249" beside "ART61104").
  const header = document.lines[table.headerStart]!;
  return isRecognized(spanOf(header, 0, header.text.length)) ? withArticleCodesAsPrinted(reconciled) : reconciled;
};

/**
 * The line items of the document's item tables: each row with an amount in the amount column (or on the
 * line below its description), with its quantity and unit, unit price, tax rate, discount and article
 * number where their columns show them. A unit price that does not multiply out to the amount is left out.
 */
export const findLineItems = (document: DocumentText, tables: ItemTable[] = findItemTables(document)): ItemFinding[] => {
  const items: ItemFinding[] = [];
  for (const [index, table] of tables.entries()) {
    // Under a section's heading, after the items ("Zahlungsbedingungen:" over its terms' table, "Zu- und Abschläge:"
    // over "Art  %  Basisbetrag … Betrag"): the section's own table (payment terms, allowances and charges), no items.
    if (items.length > 0 && isUnderSectionHeading(document, table)) continue;
    const next = tables[index + 1];
    items.push(...itemsOf(document, table, next ? next.headerStart : document.lines.length));
  }
  if (items.length > 0) return items;
  // No table with a header: a shop receipt's lines above what is to pay, else rows that prove themselves by their arithmetic.
  const receiptItems = findReceiptItems(document);
  return receiptItems.length > 0 ? receiptItems : findUnheadedItemRows(document);
};
