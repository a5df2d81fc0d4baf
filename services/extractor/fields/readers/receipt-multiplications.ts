import type { DocumentText, TextLine } from '../layout/document-text.js';
import { spanOf, type Span } from '../values/finding.js';
import { parseDecimal, type DecimalMark } from '../values/parse-number.js';

/** A quantity times a unit price on a receipt's line ("3 x 3,95", "0,162 kg x 1,15", "3,29 x 2"). */
export interface Multiplication {
  quantity: string;
  unit: string | null;
  price: string;
  span: Span;
  quantitySpan: Span;
  priceSpan: Span;
}

const NUMBER = String.raw`\d+(?:[.,']\d+)*`;
// A scan may read the point of a price as a colon ("10 x 1:50") or a speck after the times sign as a dash
// ("3x-4.85"); the amount it must multiply out to checks it.
const PRICE = String.raw`\d+(?:[.,':]\d+)*`;
/**
 * "10 x 1.50", "1.2 kg x 2.45", "3 Stk à 2,75", "2 @ 1.50", "2 @ £0.85": a quantity times a unit price, perhaps with the
 * unit it is the price of ("1.84 lb @ 0.79/lb", "0,512 kg x 2,45 €/kg").
 */
const MULTIPLICATION = new RegExp(
  String.raw`^(?<quantity>${NUMBER})\s*(?<unit>\p{L}{1,6}\.?)?\s*(?:[x×*@]|à)[\s~-]*(?:[€$£]\s?)?(?<price>${PRICE})(?:\s?(?:€|\$|£|EUR|CHF)?\s?\/\s?\p{L}{1,5}\.?)?(?=[\s)]|$)`,
  'iud',
);

/** A quantity times a unit price starting a line at `from` (specks before it aside). */
export const multiplicationIn = (line: TextLine, from: number, document: DocumentText): Multiplication | null => {
  const text = line.text.slice(from);
  // Specks a scan left before it ("|, 3x 1,76") are no part of it: the amount it multiplies out to checks the rest.
  const start = text.search(/[\p{L}\d]/u);
  if (start < 0) return null;
  const offset = from + start;
  const match = MULTIPLICATION.exec(text.slice(start));
  if (!match?.groups) return null;
  const quantity = parseDecimal(match.groups.quantity!, document.decimalMark);
  const { decimalMark } = document;
  const printedPrice = decimalMark === 'none' ? match.groups.price! : match.groups.price!.replace(/:(?=\d{2}$)/, decimalMark ?? '.');
  const price = parseDecimal(printedPrice, decimalMark);
  if (quantity === null || price === null || Number(quantity) <= 0) return null;
  const [priceStart, priceEnd] = match.indices!.groups!.price!.map((index) => offset + index) as [number, number];
  return {
    quantity,
    unit: match.groups.unit ?? null,
    price,
    span: spanOf(line, offset, offset + match[0].length),
    quantitySpan: spanOf(line, offset, offset + match.groups.quantity!.length),
    priceSpan: spanOf(line, priceStart, priceEnd),
  };
};

/** "Jacobs Krönung  3,29 x 2": a unit price (with its cents) times a whole count, as discounters print it between name and amount. */
const PRICE_TIMES_COUNT = /(?<=\s)(?<price>\d{1,4}[.,]\d{2})\s*[x×*]\s*(?<quantity>\d{1,3})\s*$/iu;
/** "Kaffee  2 x 3,29": a whole count times a unit price, between name and amount. */
const COUNT_TIMES_PRICE = /(?<=\s)(?<quantity>\d{1,3})\s*[x×*]\s*(?<price>\d{1,4}[.,]\d{2})\s*$/iu;

/**
 * A whole count and a unit price printed between an item's name and its amount, the price before the count or after
 * it, where `text` (the line up to its amount) ends with them; the amount they multiply out to checks them.
 */
export const multiplicationAtEnd = (line: TextLine, text: string, document: DocumentText): Multiplication | null => {
  const trimmed = text.trimEnd();
  const match = PRICE_TIMES_COUNT.exec(trimmed) ?? COUNT_TIMES_PRICE.exec(trimmed);
  if (!match?.groups) return null;
  const quantity = parseDecimal(match.groups.quantity!, document.decimalMark);
  const price = parseDecimal(match.groups.price!, document.decimalMark);
  if (quantity === null || price === null || Number(quantity) <= 0) return null;
  // The first figure starts the match, the second ends the text.
  const priceFirst = trimmed.startsWith(match.groups.price!, match.index);
  const spanAt = (printed: string, first: boolean) =>
    first ? spanOf(line, match.index, match.index + printed.length) : spanOf(line, trimmed.length - printed.length, trimmed.length);
  return {
    quantity,
    unit: null,
    price,
    span: spanOf(line, match.index, trimmed.length),
    quantitySpan: spanAt(match.groups.quantity!, !priceFirst),
    priceSpan: spanAt(match.groups.price!, priceFirst),
  };
};

const multipliesOut = (quantity: string, price: string, amount: string) =>
  Math.abs(Number(quantity) * Number(price) - Number(amount)) <= Math.max(0.011, Math.abs(Number(amount)) * 0.0005);

/**
 * The quantity and price when they multiply out to the amount: as read, or with the price's decimal point
 * a scan lost ("3x485" for an amount of 14.55), which the amount confirms, where money has minor units.
 */
export const checkedMultiplication = (
  multiplication: Multiplication | null,
  amount: string,
  decimalMark: DecimalMark,
): Multiplication | null => {
  if (!multiplication) return null;
  if (multipliesOut(multiplication.quantity, multiplication.price, amount)) return multiplication;
  const pointless =
    decimalMark !== 'none' && /^\d{3,}$/.test(multiplication.price) ? (Number(multiplication.price) / 100).toFixed(2) : null;
  return pointless && multipliesOut(multiplication.quantity, pointless, amount) ? { ...multiplication, price: pointless } : null;
};
