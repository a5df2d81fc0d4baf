import { divideDecimals, multiplyDecimals } from './decimal.js';

// Unit prices are kept to four places when the price is given for a base quantity (e.g. per 100 pieces).
const UNIT_PRICE_DIGITS = 4;

/** A line's price and the figures it can be checked against, as decimals from `toDecimal`. */
export interface LinePrice {
  /** The net price (BT-146), for `baseQuantity` units or, without one, for one unit. */
  price: string;
  /** The price base quantity (BT-149). */
  baseQuantity: string | null;
  /** The invoiced quantity (BT-129). */
  quantity: string | null;
  /** The line's net amount (BT-131). */
  lineAmount: string | null;
}

const toCents = (decimal: string): string | null => divideDecimals(decimal, '1', 2);

/** Whether the quantity at the price for `priceUnits` units comes to the line amount, to the cent. */
const comesToLineAmount = ({ price, quantity, lineAmount }: LinePrice, priceUnits: string): boolean =>
  quantity !== null && lineAmount !== null && divideDecimals(multiplyDecimals(quantity, price), priceUnits, 2) === toCents(lineAmount);

/**
 * The price of one unit: the net price over its base quantity (EN 16931). Some writers (Odoo) put the
 * invoiced quantity in the base quantity of a price that is for one unit; their line amount is then the
 * quantity times the price as it stands, and that price is taken. When the line amount agrees with
 * neither reading (line allowances and charges are not read), the standard's is kept.
 */
export const unitPriceOf = (line: LinePrice): string | null => {
  const { price, baseQuantity } = line;
  if (baseQuantity === null || baseQuantity === '1') return price;
  const baseQuantityMisused = !comesToLineAmount(line, baseQuantity) && comesToLineAmount(line, '1');
  return baseQuantityMisused ? price : divideDecimals(price, baseQuantity, UNIT_PRICE_DIGITS);
};
