import { isPrinted, spanOf } from '../../values/finding.js';
import type { DecimalMark } from '../../values/parse-number.js';
import { type Cell, isNumeric, TEXT_ROLES, ofRole } from './cells.js';
import { type NumberRead, numbersIn, adds } from './figures.js';

export const QUANTITY_BEFORE_UNIT = /^(\d[\d.,]*)\s*\p{L}/u;
// "I ore", "l Stk": OCR's letter for a quantity of one before its unit.
const ONE_READ_AS_LETTER = /^[Il|](?=\s+\p{L})/u;

/** A quantity of one OCR read as a letter, taken only where the unit price is the amount. */
export const oneReadAsLetter = (cells: Cell[], price: NumberRead | null, amount: NumberRead | null): NumberRead | null => {
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
export const multipliedOut = (
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
  const restored = withoutDecimals(priceCells, decimalMark).filter((figure) => figure.hasDecimals);
  for (const count of unplaced.filter((number) => !number.hasDecimals)) {
    const found = restored.find((figure) => adds(count.value, figure.value, amount.value, null));
    if (found) return { quantity: count, price: found };
  }
  return null;
};

/**
 * Whole figures of a figure column as they may be meant: as printed ("57"), or with the decimal mark a scan
 * lost before their last two digits ("4991" for 49,91), unless the document's money has no minor units. Only
 * arithmetic may choose between them.
 */
export const withoutDecimals = (cells: Cell[], decimalMark: DecimalMark): NumberRead[] =>
  cells
    .flatMap((cell) => numbersIn(cell))
    .filter((number) => !number.isPercentage && !number.hasDecimals && /^\d+$/.test(number.value))
    .flatMap((number) => [
      number,
      ...(number.value.length >= 3 && decimalMark !== 'none'
        ? [{ ...number, value: (Number(number.value) / 100).toFixed(2), hasDecimals: true }]
        : []),
    ]);

/**
 * A unit price read with a minus where the row's amount is positive ("-23,32" in a boxed grid): a grid's rule or a
 * speck before the figure, as an item charged is never priced below zero. Its amount decides: a credit's is negative too.
 */
export const withoutStrayMinus = (price: NumberRead | null, amount: NumberRead | null): NumberRead | null =>
  price && amount && Number(price.value) < 0 && Number(amount.value) > 0 ? { ...price, value: price.value.replace(/^-/, '') } : price;

/**
 * A unit price and amount both printed without their decimal marks ("257" and "4626" for 2,57 and 46,26): the pair,
 * marks restored, that quantity × unit price (less the discount) confirms. As printed they may multiply out too
 * (20 × 257 less 10 % is 4626), but money carries cents.
 */
export const withBothMarksLost = (
  quantity: NumberRead,
  priceCells: Cell[],
  amountCells: Cell[],
  discount: string | null,
  decimalMark: DecimalMark,
): { price: NumberRead; amount: NumberRead } | null => {
  const restored = (cells: Cell[]) => withoutDecimals(cells, decimalMark).filter((figure) => figure.hasDecimals);
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
export const productInLastFigure = (
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
export const countedOut = (price: NumberRead, figures: NumberRead[]): NumberRead | undefined =>
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
export const countIn = (cell: Cell | null, price: NumberRead, amount: NumberRead): NumberRead | null => {
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

/**
 * A quantity whose decimal mark a scan lost ("35" for 3,5): read with one or two decimals where only that
 * multiplies out to the amount with the unit price; else as read.
 */
export const withLostDecimalMark = (
  quantity: NumberRead,
  price: NumberRead,
  amount: NumberRead,
  discount: NumberRead | null,
): NumberRead => {
  const discounted = discount?.value ?? null;
  // A text layer prints a count as it is: where it does not multiply out, the unit price is per some base quantity
  // ("52,52" per 100 pieces beside "200 Stk" and "105,04"), no mark was lost.
  if (
    isPrinted(quantity.span) ||
    quantity.hasDecimals ||
    !/^\d{2,}$/.test(quantity.value) ||
    adds(quantity.value, price.value, amount.value, discounted)
  )
    return quantity;
  const decimal = [10, 100]
    .map((divisor) => String(Number(quantity.value) / divisor))
    .find((candidate) => adds(candidate, price.value, amount.value, discounted));
  return decimal ? { ...quantity, value: decimal, hasDecimals: true } : quantity;
};
