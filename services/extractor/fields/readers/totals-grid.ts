import { linesBelow, type DocumentText, type Segment, type TextLine } from '../layout/document-text.js';
import { extentOf, overlaps } from '../layout/extents.js';
import { labelPattern, type LabelMatch } from '../layout/labels.js';
import { findNumbers } from '../values/parse-number.js';
import { termsFor } from '../vocabulary/terms.js';

/** The words of a totals block's column labels: net, gross, tax, total ("Total HT", "MwSt", "TTC"). */
export const TOTALS_HEADER_WORD = labelPattern(...termsFor('totalsHeaderWord'));

// Labels a totals grid's header sets apart, at least, with money under each.
const MIN_LABELS = 3;

/** A piece of a row that is money alone ("77 085,00", "€ 4 397,00"). */
const isMoneyAlone = (piece: Segment): boolean =>
  !/\p{L}/u.test(piece.text) && findNumbers(piece.text).some((number) => number.hasDecimals && !number.isPercentage);

/** How many of the labels of `header` have a piece of `row` in their column that is money alone. */
const moneyUnderLabels = (header: TextLine, row: TextLine): number =>
  header.segments.filter((label) => row.segments.some((piece) => piece.start < label.end && label.start < piece.end && isMoneyAlone(piece)))
    .length;

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
  new Set(
    document.lines.flatMap((line) =>
      isTotalsGrid(document, line) ? linesBelow(document, line, 1) : (valuesUnderLabelRow(document, line)?.line ?? []),
    ),
  );

// Lines of another column's text a row of totals labels may stand over before its values ("… calculée sur la base  TOTAL
// HT  TOTAL TVA  TOTAL TTC", two lines of the payment clause, then the amounts).
const MAX_LINES_TO_VALUES = 3;

/** The run of totals labels that ends a line, after text of another column: the row of labels of a grid set beside it. */
const trailingLabels = (line: TextLine): Segment[] => {
  const run: Segment[] = [];
  for (const piece of [...line.segments].reverse()) {
    if (/\d/.test(piece.text) || !TOTALS_HEADER_WORD.test(piece.text)) break;
    run.unshift(piece);
  }
  return run;
};

/** Whether a piece of a lower line is printed under a label: by the words' boxes where both have them. */
const isUnder = (labelLine: TextLine, label: Segment, line: TextLine, piece: Segment): boolean =>
  overlaps(extentOf(labelLine, label.start, label.end), extentOf(line, piece.start, piece.end));

/**
 * The row of values under a row of totals labels set beside another column's text, at the end of its line ("… sur la
 * base  TOTAL HT  TOTAL TVA  TOTAL TTC" over, a few lines lower, "… escompte.  100,00  4,90  104,90"): the first lower
 * line with anything under the labels must hold money alone under at least three of them, each under its label on the
 * page (a long line of the other column pushes a line's pieces to the right of their printed place), and be the only
 * such row. Each label's cell in it, by the label.
 */
const valuesUnderLabelRow = (document: DocumentText, header: TextLine): { line: TextLine; cells: Map<Segment, Segment> } | undefined => {
  const labels = trailingLabels(header);
  if (labels.length < MIN_LABELS || labels.length === header.segments.length) return undefined;
  const cellsOf = (line: TextLine) => labels.map((label) => line.segments.find((piece) => isUnder(header, label, line, piece)));
  const moneyIn = (cells: (Segment | undefined)[]) => cells.filter((cell) => cell !== undefined && isMoneyAlone(cell)).length;
  for (const line of linesBelow(document, header, MAX_LINES_TO_VALUES)) {
    const cells = cellsOf(line);
    if (cells.every((cell) => cell === undefined)) continue;
    const [next] = linesBelow(document, line, 1);
    // One row of values: a second one under the labels makes it a table of rows (one per rate, then their sum).
    if (moneyIn(cells) < MIN_LABELS || (next && moneyIn(cellsOf(next)) >= 2)) return undefined;
    return { line, cells: new Map(labels.flatMap((label, index) => (cells[index] ? [[label, cells[index]]] : []))) };
  }
  return undefined;
};

/** The amount under a label of a row of totals labels set beside another column's text (`valuesUnderLabelRow`). */
export const amountUnderLabelRow = (document: DocumentText, match: LabelMatch): { line: TextLine; segment: Segment } | undefined => {
  const row = valuesUnderLabelRow(document, match.line);
  const segment = row?.cells.get(match.segment);
  return row && segment && isMoneyAlone(segment) ? { line: row.line, segment } : undefined;
};
