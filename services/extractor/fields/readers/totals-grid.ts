import { linesBelow, type DocumentText, type TextLine } from '../layout/document-text.js';
import { findNumbers } from '../values/parse-number.js';

// Labels a totals grid's header sets apart, at least, with money under each.
const MIN_LABELS = 3;

/** How many of the labels of `header` have a piece of `row` in their column that is money alone ("77 085,00", "€ 4 397,00"). */
const moneyUnderLabels = (header: TextLine, row: TextLine): number =>
  header.segments.filter((label) =>
    row.segments.some(
      (piece) =>
        piece.start < label.end &&
        label.start < piece.end &&
        !/\p{L}/u.test(piece.text) &&
        findNumbers(piece.text).some((number) => number.hasDecimals && !number.isPercentage),
    ),
  ).length;

/**
 * A row of labels without a figure over one row of values in their columns ("Base HT  Taux  …  Montant TVA €  Net à
 * payer €" over "77 085,00  TVA 5,5%  …  4 397,00  81 482,00"): a totals grid, each label's amount under it. At least
 * three labels with money under them, and no second row of money under them (a table with rows is an item table).
 */
export const isTotalsGrid = (document: DocumentText, header: TextLine): boolean => {
  if (/\d/.test(header.text) || header.segments.length < MIN_LABELS) return false;
  const [row, next] = linesBelow(document, header, 2);
  if (!row || moneyUnderLabels(header, row) < MIN_LABELS) return false;
  return next === undefined || moneyUnderLabels(header, next) < 2;
};

/** The rows of values of the document's totals grids: amounts on one line that are the grid's cells, not one rate's row. */
export const totalsGridRows = (document: DocumentText): Set<TextLine> =>
  new Set(document.lines.filter((line) => isTotalsGrid(document, line)).flatMap((header) => linesBelow(document, header, 1)));
