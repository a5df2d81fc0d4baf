import type { DocumentText, TextLine } from '../layout/document-text.js';
import { toCents } from '../values/cents.js';
import { isRecognized, spanOf } from '../values/finding.js';
import { columnsPerPageWidth, findItemTables, type Column, type ItemTable } from '../layout/item-table.js';
import { findNumbers } from '../values/parse-number.js';
import type { ItemFinding } from './item-finding.js';
import { reconciledWithTotals, type ReadItem } from './item-totals.js';
import { withArticleCodesAsPrinted } from './article-codes.js';
import { findFuelSales } from './fuel-sale.js';
import { findReceiptItems } from './receipt-items.js';
import { findUnheadedItemRows } from './unheaded-item-rows.js';
import { withSplitRowsJoined } from './split-table-rows.js';
import { type Row, readRow } from './line-items/rows.js';
import { isTotalsLine, isPricedItem, isDiscountLine, startsItem, isDocumentAllowanceOrCharge } from './line-items/row-kinds.js';
import { ratesSummarizedFrom, ratesPrintedIn } from './line-items/rates.js';
import { describesFiguresAbove, withFiguresBelowJoined, withNamesAroundFigures } from './line-items/row-joins.js';
import { withNamesBesideFigures } from './line-items/name-lines.js';
import { itemFrom, applyDiscount } from './line-items/item.js';
import { settleByContent } from './line-items/columns.js';
import { combinedHeaderOf } from './line-items/combined-header.js';

const LOOK_AHEAD = 3;

// Labels a row of a totals grid's header sets apart, at least.
const GRID_LABELS = 3;
const isGridOfLabels = (line: TextLine) => !/\d/.test(line.text) && line.segments.length >= GRID_LABELS;

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

/** The rows of one table, from below its header to its totals (or the page's end, or the next header), as items. */
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
    if (isDocumentAllowanceOrCharge(row)) continue;
    rows.push(row);
  }
  const merged = withNamesBesideFigures(withFiguresBelowJoined(withNamesAroundFigures(rows)));
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
  const combined = combinedHeaderOf(table.columns);
  const items: ReadItem[] = [];
  for (const [position, start] of starts.entries()) {
    const block = merged.slice(start, starts[position + 1] ?? merged.length);
    const read = itemFrom(block, rates, document.decimalMark, document.language, combined);
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
  // No table with a header: a shop receipt's lines above what is to pay, else a petrol station's fuel sale, else rows that
  // prove themselves by their arithmetic.
  const receiptItems = findReceiptItems(document);
  if (receiptItems.length > 0) return receiptItems;
  const fuelSales = findFuelSales(document);
  return fuelSales.length > 0 ? fuelSales : findUnheadedItemRows(document);
};
