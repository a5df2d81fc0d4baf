import { spanOf, type Span } from '../../values/finding.js';
import { findNumbers, type DecimalMark } from '../../values/parse-number.js';
import { type Cell, TEXT_ROLES, ofRole } from './cells.js';

export interface NumberRead {
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

export const numbersIn = (cell: Cell, decimalMark: DecimalMark = null): NumberRead[] =>
  findNumbers(figureText(cell), decimalMark).map((number) => ({
    value: number.value,
    isPercentage: number.isPercentage,
    hasDecimals: number.hasDecimals,
    span: spanOf(cell.span.line, cell.span.start + number.start, cell.span.start + number.end),
  }));

export const moneyIn = (cells: Cell[], decimalMark: DecimalMark = null) =>
  cells.flatMap((cell) => numbersIn(cell, decimalMark)).filter((number) => !number.isPercentage && number.hasDecimals);
/** The row's discount in per cent, from its discount column. */
export const discountIn = (cells: Cell[]): NumberRead | null =>
  ofRole(cells, 'discount')
    .flatMap((cell) => numbersIn(cell))
    .find((number) => Number(number.value) > 0 && Number(number.value) < 100) ?? null;

/** Quantity × unit price, less the discount in per cent. */
export const discountedProduct = (quantity: string, price: string, discount: string | null): number =>
  Number(quantity) * Number(price) * (1 - Number(discount ?? 0) / 100);

/** Whether quantity × unit price, less the discount, is the amount to the cent (or within the rounding of long unit prices). */
export const adds = (quantity: string, price: string, amount: string, discount: string | null): boolean => {
  const expected = discountedProduct(quantity, price, discount);
  return Math.abs(expected - Number(amount)) <= Math.max(0.011, Math.abs(Number(amount)) * 0.0005);
};
