import type { TextLine } from '../../layout/document-text.js';
import { spanOf } from '../../values/finding.js';
import type { Column } from '../../layout/item-table.js';
import { labelPattern } from '../../layout/labels.js';
import type { DecimalMark } from '../../values/parse-number.js';
import { termsFor } from '../../vocabulary/terms.js';
import { type Cell, cellsOf, ofRole, hasWords, withRatesInTheirColumn, ARTICLE, POSITION } from './cells.js';
import { type NumberRead, numbersIn, moneyIn, discountIn, adds } from './figures.js';
import {
  QUANTITY_BEFORE_UNIT,
  oneReadAsLetter,
  multipliedOut,
  withoutDecimals,
  withoutStrayMinus,
  withBothMarksLost,
  productInLastFigure,
  countedOut,
  countIn,
} from './figure-repairs.js';

export interface Row {
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

/** Whether a figure is printed right after a label's colon ("Abschlag : 0,67"; not "Reference book:   3 pcs", a column apart). */
const isLabelled = (line: TextLine, number: NumberRead) => /: ?$/.test(line.text.slice(0, number.span.start));

// A whole number ending in a hyphen: the first part of a compound broken onto the next line ("4-Fahrten-Karte").
const BROKEN_NUMBER = /^\d{1,3}-$/;

export const readRow = (line: TextLine, columns: readonly Column[], decimalMark: DecimalMark, scale: number | null = null): Row => {
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
    described.find((cell) => !isReference(cell.text) && !isLabelValue(cell, cells)) ??
    described.find((cell) => !isReference(cell.text)) ??
    described[0] ??
    (columns.some((column) => column.role === 'description')
      ? nameBesideCode(cells)
      : (cells.find((cell) => cell.role === null && hasWords(cell)) ?? null));
  const firstText = cells.find((cell) => hasWords(cell) && cell.role !== 'article' && cell.role !== 'position')?.text ?? '';
  const discount = discountIn(cells)?.value ?? null;
  const readAmount = moneyIn(amountCells, decimalMark).at(-1) ?? null;
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
    quantity && !readAmount && !readPrice
      ? withBothMarksLost(quantity, ofRole(cells, 'unit_price'), amountCells, discount, decimalMark)
      : null;
  const amount =
    readAmount ??
    product?.amount ??
    bothLost?.amount ??
    (!quantity && readPrice ? countedOut(readPrice, withoutDecimals(amountCells, decimalMark)) : undefined) ??
    (quantity && readPrice
      ? withoutDecimals(amountCells, decimalMark).find((figure) => adds(quantity.value, readPrice.value, figure.value, discount))
      : undefined) ??
    null;
  const printedPrice =
    product?.price ??
    readPrice ??
    bothLost?.price ??
    (quantity && amount
      ? withoutDecimals(ofRole(cells, 'unit_price'), decimalMark).find((figure) =>
          adds(quantity.value, figure.value, amount.value, discount),
        )
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
      (!amount && !quantity && !isNumbered(cells) && (/^\p{L}[^:]{0,39}\s?:/u.test(firstText) || isReferenceOnly(cells))) ||
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

/**
 * A cell one space after a label's colon in the column left of it ("Art-Nr-Kunde: KD-MAT", the code reaching into the
 * description column): the label's value, no name.
 */
const isLabelValue = (cell: Cell, cells: Cell[]) => {
  const before = cells[cells.indexOf(cell) - 1];
  return before !== undefined && before.role !== cell.role && before.text.endsWith(':') && cell.span.start - before.span.end <= 1;
};

// "# ligne BC: 1", "C_FO: ART_1254", "N° cde: 4711": a label and, after its colon, one code or number.
const REFERENCE = /^[^:\d]{1,30}:\s?\S*\d\S*$/u;

/** A cell of a reference: a label and the code or number after its colon, no name ("Reference book: Tax law" is one). */
export const isReference = (text: string) => REFERENCE.test(text.trim());

/** A line of references alone ("# ligne BC: 1", "C_FO: ART_1254   C_ACH: REF5487"): a note on its item, no name. */
const isReferenceOnly = (cells: Cell[]) => {
  const worded = cells.filter(hasWords);
  return worded.length > 0 && worded.every((cell) => isReference(cell.text));
};

/** Whether a row prints a running number in the position column. */
export const isNumbered = (cells: Cell[]) => ofRole(cells, 'position').some((cell) => POSITION.test(cell.text));

export const hasFigures = (row: Row) => row.quantity !== null || row.price !== null || row.amount !== null;
