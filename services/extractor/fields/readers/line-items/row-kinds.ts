import { toCents } from '../../values/cents.js';
import { labelPattern } from '../../layout/labels.js';
import { termsFor } from '../../vocabulary/terms.js';
import { type Cell, ofRole, hasWords, ARTICLE, POSITION } from './cells.js';
import { type Row, isNumbered } from './rows.js';
import { moneyIn } from './figures.js';
import { countedOut } from './figure-repairs.js';

export const TOTALS = labelPattern(...termsFor('itemTotalsWord'));
const DISCOUNT =
  /^(?:abzgl\.?|abzüglich|\.\/\.|-)?\s*(?:\d+(?:[.,]\d+)?\s?%\s*)?(?:rabatt|nachlass|skonto|discount|remise|rabais|sconto)/iu;

/**
 * A row that starts with a code of its own: its position number, or an article code ("ART611248") before its
 * description, in the article column or one whose header OCR garbled. A name wrapped onto the next line carries neither.
 */
export const isCoded = (cells: Cell[]) => {
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
export const isTotalsLine = (row: Row) => {
  const [first, ...others] = row.cells.filter((cell) => /\p{L}/u.test(cell.text));
  // A later cell names a total on a line of words alone (a totals block's header) or beside money; on a line with a
  // count but no money it is a note wrapped in its column ("Preisbasismenge:  1 Stk  …  Umsatzsteuer bei").
  const laterNames =
    (moneyIn(row.cells).length > 0 || !row.cells.some((cell) => /\d/.test(cell.text))) &&
    others.some((cell) => TOTALS.exec(cell.text)?.index === 0);
  const names = first !== undefined && (TOTALS.test(first.text) || laterNames);
  // A count and a price beside an amount make an item whatever it is called; a tax's base and amount under those columns do not.
  return names && !(row.quantity && row.price && row.amount) && !isNumbered(row.cells) && row.pricedItem !== true;
};

/**
 * A line between items that names a total ("Reference book: Tax law  is.  58.46  5%  876.90", its count misread) but is
 * an item: its amount is no sum of the items above it, and its unit price divides its amount into a count to the
 * cent (a subtotal prints no unit price that does so).
 */
export const isPricedItem = (row: Row, above: readonly Row[]): boolean => {
  if (!row.description || !row.price || !row.amount) return false;
  const sum = above.filter(startsItem).reduce((running, other) => running + (other.amount ? toCents(other.amount.value) : 0), 0);
  return toCents(row.amount.value) !== sum && countedOut(row.price, [row.amount]) !== undefined;
};

const textOf = (row: Row) => row.line.text.slice(row.cells.find(hasWords)?.span.start ?? 0).trim();

export const isDiscountLine = (row: Row) => DISCOUNT.test(textOf(row)) && row.amount !== null && Number(row.amount.value) < 0;

// "REMISE : REMISE COMMERCIALE", "Zuschlag: Fracht": an allowance's or a charge's label, its colon after it.
const ALLOWANCE_OR_CHARGE_LABEL =
  /^(?:remise|rabais|ristourne|charge|frais|majoration|rabatt|nachlass|abschlag|zuschlag|discount|allowance|surcharge|sconto|maggiorazione)\s?:/iu;
// "5,00% sur 100,00 EUR", "10 % of 28.00", "3% auf 120,00": a percentage of a base amount.
const PERCENTAGE_OF_BASE = /\d\s?%\s*(?:sur|of|on|auf|von|su|de)\s+-?\d/iu;

/**
 * A row of the document's allowances and charges under its items ("REMISE : REMISE COMMERCIALE   5,00% sur 100,00 EUR
 * -5,00", "CHARGE : FRAIS DEPLACEMENT   10,00"): an amount beside an allowance's or a charge's label, or beside a
 * percentage of a base. No item, and no discount of the item above it (the items' amounts are printed net of their own).
 */
export const isDocumentAllowanceOrCharge = (row: Row) =>
  row.amount !== null && (row.cells.some((cell) => ALLOWANCE_OR_CHARGE_LABEL.test(cell.text)) || PERCENTAGE_OF_BASE.test(row.line.text));

// "zzgl. Versandkosten", "abzgl. Sondernachlass": charges and allowances on the whole document, no items.
const DOCUMENT_CHARGE = /^(?:zzgl\.?|zuzüglich|abzgl\.?|abzüglich|plus|less|moins|più|meno)\s/iu;

/**
 * A row that starts an item: a quantity, a unit price, or an amount with a description, and no note, total
 * or discount. A row with an amount alone finishes the item above it (the amount printed on the next line).
 */
export const startsItem = (row: Row) =>
  (row.quantity !== null || row.price !== null || (row.amount !== null && row.description !== null)) &&
  !row.isNote &&
  !isTotalsLine(row) &&
  !isDiscountLine(row) &&
  !DOCUMENT_CHARGE.test(textOf(row));
