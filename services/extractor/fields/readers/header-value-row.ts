import { linesBelow, type DocumentText, type TextLine } from '../layout/document-text.js';
import { findLabels, labelPattern } from '../layout/labels.js';
import { spanOf, type Span } from '../values/finding.js';
import { readIdentifier } from '../values/identifier.js';
import { findDates, type DateToken } from '../values/parse-date.js';
import { termsFor } from '../vocabulary/terms.js';

const TITLE_LABEL = labelPattern(...termsFor('documentTitleWord'));

// Lines under the title a header row may sit within: a rule or a grid's unread label row may come between.
const VALUE_ROW_WITHIN = 3;

/**
 * A row of header values under a bare title whose labels went unread (a boxed grid's label cells, too
 * light or small for OCR): every piece a value, an identifier first and dates after it
 * ("INV-45948  14.07.2025  06.07.2025  | 9962  24.07.2025").
 */
export interface HeaderValueRow {
  line: TextLine;
  /** The identifier the row starts with, as columns of its line. */
  identifier: { value: string; start: number; end: number };
  /** The row's dates, left to right. */
  dates: DateToken[];
}

/** The first unlabelled header row under a title alone on its line (a title word among other labels heads a column instead). */
export const findHeaderValueRow = (document: DocumentText): HeaderValueRow | null => {
  for (const title of findLabels(document, TITLE_LABEL)) {
    if (/\d/.test(title.line.text) || title.line.segments.length !== 1) continue;
    for (const line of linesBelow(document, title.line, VALUE_ROW_WITHIN)) {
      const [first, ...rest] = line.segments;
      const read = first ? readIdentifier(first.text, 3) : null;
      const allValues = line.segments.every((segment) => /\d/.test(segment.text) || /^[|¦]$/u.test(segment.text));
      const dates = rest.flatMap((segment) => findDates(segment.text, document.dateOrder).map((date) => shifted(date, segment.start)));
      if (!read || !allValues || dates.length === 0) continue;
      return { line, identifier: { value: read.value, start: first!.start + read.start, end: first!.start + read.end }, dates };
    }
  }
  return null;
};

const shifted = (date: DateToken, by: number): DateToken => ({ ...date, start: date.start + by, end: date.end + by });

const DAY = 86_400_000;
const daysFrom = (from: DateToken, to: DateToken) => (Date.parse(to.iso) - Date.parse(from.iso)) / DAY;

// How far from the issue date a supply or a due date may lie to be read without a label (as the validators judge dates).
const WITHIN_DAYS = 366;

/** A date of the row and where it is printed. */
export interface RowDate {
  iso: string;
  span: Span;
}

const rowDate = (row: HeaderValueRow, date: DateToken): RowDate => ({ iso: date.iso, span: spanOf(row.line, date.start, date.end) });

/**
 * The dates of a row whose labels went unread, told apart by their order in time: the first date, printed
 * beside the number, is the issue date; the one date before it (within a year) the supply, the one date
 * after it the due date. Two dates on one side leave that side unread: which is which no longer follows.
 */
export const headerRowDates = (row: HeaderValueRow): { issue: RowDate; supply: RowDate | null; due: RowDate | null } => {
  const [issue, ...others] = row.dates;
  const before = others.filter((date) => daysFrom(date, issue!) > 0 && daysFrom(date, issue!) <= WITHIN_DAYS);
  const after = others.filter((date) => daysFrom(issue!, date) > 0 && daysFrom(issue!, date) <= WITHIN_DAYS);
  return {
    issue: rowDate(row, issue!),
    supply: before.length === 1 ? rowDate(row, before[0]!) : null,
    due: after.length === 1 ? rowDate(row, after[0]!) : null,
  };
};

/** How sure a date told by the row's order is: the least sure way to a date. */
export const HEADER_ROW_CONFIDENCE = 0.5;
