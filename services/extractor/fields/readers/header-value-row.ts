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

// Lines under the title a row may sit within whose identifier carries its first date's year (a block of the
// title's side, an address, may come between).
const DATED_ROW_WITHIN = 6;
// A row of values set apart at least this many times: a grid's row, not a line of text.
const DATED_ROW_PIECES = 3;

/** Every piece of the line a value: figures, or a rule between cells. */
const allValues = (line: TextLine) => line.segments.every((segment) => /\d/.test(segment.text) || /^[|¦]$/u.test(segment.text));

/** An identifier first, dates after it ("INV-45948  14.07.2025  06.07.2025"). */
const identifierFirst = (document: DocumentText, line: TextLine): HeaderValueRow | null => {
  const [first, ...rest] = line.segments;
  const read = first ? readIdentifier(first.text, 3) : null;
  const dates = rest.flatMap((segment) => findDates(segment.text, document.dateOrder).map((date) => shifted(date, segment.start)));
  if (!read || !allValues(line) || dates.length === 0) return null;
  return { line, identifier: { value: read.value, start: first!.start + read.start, end: first!.start + read.end }, dates };
};

/**
 * A date first and the number among the values after it ("21/05/2015  FA05/2015/096729  21/05/2015  BC01030"): the
 * number is the one identifier that carries the first date's year as a group of its own ("/2015/"), so an order's
 * or a customer's code beside it is not taken for it.
 */
const datedIdentifier = (document: DocumentText, line: TextLine): HeaderValueRow | null => {
  if (line.segments.length < DATED_ROW_PIECES || !allValues(line)) return null;
  const dates = line.segments.flatMap((segment) => findDates(segment.text, document.dateOrder).map((date) => shifted(date, segment.start)));
  const year = dates[0]?.iso.slice(0, 4);
  if (!year) return null;
  const carriesYear = new RegExp(`(?<!\\d)${year}(?!\\d)`);
  const identifiers = line.segments.flatMap((segment) => {
    if (findDates(segment.text, document.dateOrder).length > 0) return [];
    const read = readIdentifier(segment.text, 6);
    return read && /\p{L}/u.test(read.value) && carriesYear.test(read.value)
      ? [{ value: read.value, start: segment.start + read.start, end: segment.start + read.end }]
      : [];
  });
  return identifiers.length === 1 ? { line, identifier: identifiers[0]!, dates } : null;
};

/**
 * The first unlabelled header row under a title alone on its line (a title word among other labels heads a column
 * instead): an identifier first and dates after it, within three lines; else, within six, a row of values whose one
 * identifier carries its first date's year.
 */
export const findHeaderValueRow = (document: DocumentText): HeaderValueRow | null => {
  const titles = findLabels(document, TITLE_LABEL).filter((title) => !/\d/.test(title.line.text) && title.line.segments.length === 1);
  for (const title of titles) {
    for (const line of linesBelow(document, title.line, VALUE_ROW_WITHIN)) {
      const row = identifierFirst(document, line);
      if (row) return row;
    }
  }
  for (const title of titles) {
    for (const line of linesBelow(document, title.line, DATED_ROW_WITHIN)) {
      const row = datedIdentifier(document, line);
      if (row) return row;
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
