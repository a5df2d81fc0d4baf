import { linesBelow, type DocumentText, type TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding, type Span } from '../values/finding.js';
import {
  columnBelow,
  findLabels,
  ITEM_TABLE_HEADER,
  labelPattern,
  segmentInColumnOf,
  valueNearLabel,
  type LabelMatch,
} from '../layout/labels.js';
import {
  dateAtStart,
  findDates,
  inYearFirstOrder,
  isPaddedUnevenly,
  parseDate,
  yearFirstOrder,
  type YearFirstOrder,
} from '../values/parse-date.js';
import { termsFor } from '../vocabulary/terms.js';
import { NUMBER_WORD } from '../vocabulary/concepts.js';
import { findHeaderValueRow, headerRowDates, HEADER_ROW_CONFIDENCE } from './header-value-row.js';
import { findDocumentNumber, findNumberLabels } from './document-number.js';
import { allMatches } from '../layout/all-matches.js';

/**
 * A date found at a span, as sure as its reader is, less where day and month are padded unevenly ("9/01/17"): a till
 * or a form pads both or neither, so one of its digits was lost or added by OCR.
 */
const UNEVEN_PADDING_DOUBT = 0.2;

/**
 * The issue date as read, with the characters it was read from and whether a label or the document's title said it is
 * the issue date (a till's date beside its time, or the only date printed, is found without one).
 */
export type DateFinding = Finding<string> & { printed: string; labelled: boolean };

const dateFoundAt = (iso: string, confidence: number, span: Span): DateFinding => {
  const printed = span.line.text.slice(span.start, span.end);
  return { ...foundAt(iso, isPaddedUnevenly(printed) ? confidence - UNEVEN_PADDING_DOUBT : confidence, [span]), printed, labelled: true };
};
const unlabelled = (found: DateFinding | null): DateFinding | null => found && { ...found, labelled: false };

const ISSUE_DATE_LABEL = labelPattern(...termsFor('issueDateLabel'));

const GENERIC_DATE_LABEL = labelPattern(...termsFor('dateLabel'));

/** Words that make a nearby "Date" some other date: due, delivery, order, service period, … */
const OTHER_DATE = labelPattern(...termsFor('otherDateWord'));

/**
 * "Facture n° 562044387 du 02 juillet 2015", "Handelsrechnung (380) Nr. 17 vom 12.03.2026": the title line; a title
 * qualified by one word only before its type code in brackets ("Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025") or by
 * the invoice's kind ("Fattura accompagnatoria n. 118 del 12/03/2026").
 */
const TITLE_WITH_DATE = new RegExp(
  String.raw`(?<![\p{L}\d])(?:invoice|\p{L}*rechnung\p{L}*|facture|fattura|gutschrift|avoir) ?(?:(?:des|der|zur|zum|für) \p{L}{3,} |\p{L}{3,} (?=\()|(?:${termsFor('invoiceKindWord').join('|')}) )?(?:\([^)]{1,40}\) ?)*${NUMBER_WORD} ?[\p{L}\d][\p{L}\d._/-]* (?:du|vom|von|of|del|dated|datée du|issued (?:at|on))(?: |$)`,
  'giu',
);

/** "Zürich, 12. März 2026", "Lausanne, le 12 mars 2026": the place-and-date line of a letter. */
const PLACE_AND_DATE = /^ *\p{Lu}[\p{L} .'-]{1,30}, (?:(?:den|le|il|lì) )?/u;

/** OCR's letters for the digits they look like: "D2/02/17", "1O.03.2018", "2S/04/2018". */
const DIGIT_OF_LETTER: Readonly<Record<string, string>> = { O: '0', D: '0', Q: '0', I: '1', l: '1', '|': '1', S: '5', B: '8', Z: '2' };
const DATE_WITH_LETTER =
  /^(?<lead>[\s:.=-]*)(?<date>[\dODQIlSBZ|]{1,2}[./-][\dODQIlSBZ|]{1,2}[./-](?:[\dODQIlSBZ|]{4}|[\dODQIlSBZ|]{2}))(?![\p{L}\d])/u;

/**
 * A labelled date one of whose digits OCR read as the letter it looks like ("Date:D2/02/17 19:46"): that date, where only
 * one character is a letter; the label says a date stands there, the letter alone does not make one.
 */
const dateWithLetterAtStart = (text: string, order: DocumentText['dateOrder']) => {
  const groups = DATE_WITH_LETTER.exec(text)?.groups;
  if (!groups || groups.date!.replace(/[\d./-]/g, '').length !== 1) return null;
  const repaired = groups.date!.replace(/[ODQIlSBZ|]/u, (letter) => DIGIT_OF_LETTER[letter]!);
  return dateAtStart(groups.lead + repaired + text.slice(groups.lead!.length + groups.date!.length), order);
};

/** A date read with one of its digits repaired from a letter: a guess at what was printed. */
const LETTER_REPAIR_DOUBT = 0.2;

/**
 * "Ausstellungsdatum:" ending its line, "01.02.2025" alone on the next line right of it: a label row's value that OCR set
 * a line lower (printed a little below the label's baseline), or a line higher (a photo's skew), in the column where the
 * values of the rows start, not under the label. From the label's column rightwards, that line prints nothing else
 * (another column may print left of the label: an address).
 */
const displacedFromRow = (document: DocumentText, match: LabelMatch, offset: 1 | -1, confidence: number): DateFinding | null => {
  const line = document.lines[match.line.index + offset];
  if (!/^[\s:]*$/u.test(match.after) || !line || line.page !== match.line.page) return null;
  const [segment, ...others] = line.segments.filter((piece) => piece.end > match.segment.start);
  if (!segment || others.length > 0 || segment.start < match.end) return null;
  const read = dateAtStart(segment.text, document.dateOrder);
  if (!read || segment.text.slice(read.end).trim() !== '') return null;
  return dateFoundAt(read.value, confidence, spanOf(line, segment.start + read.start, segment.start + read.end));
};

const readLabelled = (document: DocumentText, match: LabelMatch, confidence: number): DateFinding | null => {
  const found = valueNearLabel(document, match, (text) => dateAtStart(text, document.dateOrder));
  if (found) return dateFoundAt(found.value, confidence - (found.below ? 0.1 : 0), found.span);
  const displaced = displacedFromRow(document, match, 1, confidence - 0.15) ?? displacedFromRow(document, match, -1, confidence - 0.2);
  if (displaced) return displaced;
  const repaired = valueNearLabel(document, match, (text) => dateWithLetterAtStart(text, document.dateOrder));
  return repaired ? dateFoundAt(repaired.value, confidence - (repaired.below ? 0.1 : 0) - LETTER_REPAIR_DOUBT, repaired.span) : null;
};

/** Labels of the other dates a document prints: a generic "Date" inside one of them names that date. */
const OTHER_DATE_LABELS = [labelPattern(...termsFor('deliveryDateLabel')), labelPattern(...termsFor('dueDateLabel'))];

// How many item-table column names make a line an item table's header (a header row of the document prints fewer).
const ITEM_HEADER_WORDS = 2;

/** "Datum  Beschreibung  Anzahl  Preis": the date column of an item table, each item's date under it. */
const headsItemColumn = (match: LabelMatch): boolean => allMatches(match.line.text, ITEM_TABLE_HEADER, 'giu').length >= ITEM_HEADER_WORDS;

/**
 * A generic "Date" counts unless its own column segment says which other date it is: a word before it
 * ("Order Date") or a delivery or due date label it is part of ("Supply date", "Date of supply").
 */
const isIssueDate = (match: LabelMatch): boolean => {
  const context = match.line.text.slice(match.segment.start, match.end);
  if (OTHER_DATE.test(context.slice(0, context.length - (match.end - match.start)))) return false;
  return !OTHER_DATE_LABELS.some((pattern) =>
    allMatches(match.line.text, pattern, 'giu').some((other) => other.index < match.end && match.start < other.index + other[0].length),
  );
};

const dateAfter = (document: DocumentText, line: TextLine, offset: number, confidence: number): DateFinding | null => {
  const read = dateAtStart(line.text.slice(offset), document.dateOrder);
  return read ? dateFoundAt(read.value, confidence, spanOf(line, offset + read.start, offset + read.end)) : null;
};

// The same title ending at its number, its "vom" wrapped onto the next line ("… Nr. 47110818" / "vom 31.10.2018").
const TITLE_WITH_NUMBER = new RegExp(`${TITLE_WITH_DATE.source.slice(0, TITLE_WITH_DATE.source.lastIndexOf(' (?:du|'))}\\s*$`, 'iu');
const DATE_WORD_FIRST = /^\s*(?:du|vom|von|of|del|dated|datée du|issued (?:at|on)) /iu;

const fromTitle = (document: DocumentText, line: TextLine): DateFinding | null => {
  const next = document.lines[line.index + 1];
  const dateWord = next?.page === line.page && TITLE_WITH_NUMBER.test(line.text) ? DATE_WORD_FIRST.exec(next.text) : null;
  if (dateWord) {
    const found = dateAfter(document, next!, dateWord[0].length, 0.75);
    if (found) return found;
  }
  for (const match of line.text.matchAll(TITLE_WITH_DATE)) {
    const end = match.index + match[0].length;
    // "… Nr. 00.123.456.7-2018-1 vom" / "11.03.2018": a title wrapped before its date.
    const next = document.lines[line.index + 1];
    const wrapped = line.text.slice(end).trim() === '' && next?.page === line.page ? next : null;
    const found = wrapped ? dateAfter(document, wrapped, wrapped.text.search(/\S|$/), 0.75) : dateAfter(document, line, end, 0.8);
    if (found) return found;
  }
  return null;
};

/**
 * "N. fattura: 949/2025" over "del: 11/09/2025", "Fattura n. INV-67024" over "del 10/05/2025": the number's label with the
 * word that dates the number ("del", "du", "vom", "of") under it in its column, on the next line that prints something in
 * that column (a line of the address beside it may come between); that word labels the issue date.
 */
const DATE_WORD_LABEL = /^(?:du|vom|von|of|del|dated)\s*:?\s+/iu;
const underNumberWithDateWord = (document: DocumentText, match: LabelMatch): DateFinding | null => {
  const next = linesBelow(document, match.line, 2).find((line) => segmentInColumnOf(match, line));
  if (!next) return null;
  const segment = next.segments.find((candidate) => Math.abs(candidate.start - match.segment.start) <= 2);
  const word = segment ? DATE_WORD_LABEL.exec(next.text.slice(segment.start)) : null;
  return word ? dateAfter(document, next, segment!.start + word[0].length, 0.75) : null;
};

/** A place-and-date column piece, wherever on its line (letters print it right-aligned beside other things). */
const fromPlaceLine = (document: DocumentText, line: TextLine): DateFinding | null => {
  for (const segment of line.segments) {
    const place = PLACE_AND_DATE.exec(segment.text);
    const found = place ? dateAfter(document, line, segment.start + place[0].length, 0.7) : null;
    if (found) return found;
  }
  return null;
};

/**
 * "Beitragsrechnung   …   24. Januar 2014": a letter's date, its month in words, standing alone at the end of a line
 * whose other text is a subject in words: no label (no colon before it), no other date, and naming no other date.
 */
const letterDate = (document: DocumentText, line: TextLine): DateFinding | null => {
  const last = line.segments.at(-1);
  if (line.segments.length < 2 || !last || !/\p{L}{3}/u.test(last.text) || OTHER_DATE.test(line.text)) return null;
  // The subject before it: words, no other date (a header row of values prints several: "RE2542157  12 janvier 2025  …").
  const before = line.text.slice(0, last.start);
  if (/:\s*$/.test(before) || !/\p{L}{4}/u.test(before) || findDates(before, document.dateOrder).length > 0) return null;
  const read = dateAtStart(last.text, document.dateOrder);
  if (!read || last.text.slice(read.end).trim() !== '') return null;
  return dateFoundAt(read.value, 0.6, spanOf(line, last.start + read.start, last.start + read.end));
};

/**
 * "Invoice No. 901/2025" over "21 November 2025": a header that prints the number with its label and the
 * date under it without one. Only a segment that is a date and nothing else counts.
 */
const underDocumentNumber = (document: DocumentText, match: LabelMatch): DateFinding | null => {
  const [below] = columnBelow(document, match, 1);
  if (!below) return null;
  const read = dateAtStart(below.segment.text, document.dateOrder);
  if (!read || below.segment.text.slice(read.end).trim() !== '') return null;
  return dateFoundAt(read.value, 0.65, spanOf(below.line, below.segment.start + read.start, below.segment.start + read.end));
};

const firstFound = <T>(items: readonly T[], read: (item: T) => DateFinding | null): DateFinding | null => {
  for (const item of items) {
    const found = read(item);
    if (found) return found;
  }
  return null;
};

/** "9. Mai 2025 07:38", "15/11/2025 13:42": a till prints when it sold, the date with its time. */
// The weekday may stand between them: "14-01-2018 (Sun) 16:02".
const TIME_AFTER = /^,? *(?:\(?\p{L}{2,3}\)?,? +)?(?:um |à |alle |at )?\d{1,2}[:h]\d{2}(?::\d{2})?(?!\d)/iu;

const fromDateAndTime = (document: DocumentText, line: TextLine): DateFinding | null => {
  if (OTHER_DATE.test(line.text)) return null;
  for (const date of findDates(line.text, document.dateOrder)) {
    if (TIME_AFTER.test(line.text.slice(date.end))) return dateFoundAt(date.iso, 0.6, spanOf(line, date.start, date.end));
  }
  return null;
};

const onlyDate = (document: DocumentText): DateFinding | null => {
  const dates = document.lines.flatMap((line) => findDates(line.text, document.dateOrder).map((date) => ({ date, line })));
  const distinct = new Set(dates.map(({ date }) => date.iso));
  if (distinct.size !== 1) return null;
  // The one date a page shows where OCR lost the issue date, printed only after a due or delivery date's label, is that date.
  const labelledOther = ({ date, line }: (typeof dates)[number]) =>
    OTHER_DATE_LABELS.some((label) => label.test(line.text.slice(0, date.start)));
  if (dates.every(labelledOther)) return null;
  const { date, line } = dates[0]!;
  return dateFoundAt(date.iso, 0.5, spanOf(line, date.start, date.end));
};

/**
 * "05 02-18": a till's date one of whose two marks OCR read as a space (day and month both padded, the other mark
 * printed). Only where it is the one date-like reading of the document, and scored as the guess it is.
 */
const MARK_LOST_DATE = /(?<![\p{L}\d.,/-])(?<day>\d{2}) (?<month>\d{2})[-/.](?<year>\d{4}|\d{2})(?![\p{L}\d]|[./-]\d)/gu;
const markLostDate = (document: DocumentText): DateFinding | null => {
  const found = document.lines.flatMap((line) =>
    [...line.text.matchAll(MARK_LOST_DATE)].flatMap((match) => {
      const iso = parseDate(`${match.groups!.day}.${match.groups!.month}.${match.groups!.year}`);
      return iso ? [{ iso, line, start: match.index, end: match.index + match[0].length }] : [];
    }),
  );
  if (new Set(found.map((date) => date.iso)).size !== 1) return null;
  const [date] = found;
  const span = spanOf(date!.line, date!.start, date!.end);
  return { ...foundAt(date!.iso, 0.4, [span]), printed: date!.line.text.slice(date!.start, date!.end), labelled: false };
};

const headerRowIssueDate = (document: DocumentText): DateFinding | null => {
  const row = findHeaderValueRow(document);
  const issue = row && headerRowDates(row).issue;
  return issue && dateFoundAt(issue.iso, HEADER_ROW_CONFIDENCE, issue.span);
};

// How long before its due date an issue date beside it may lie (as the validators judge dates).
const DUE_WITHIN_DAYS = 366;
const DAY = 86_400_000;

/**
 * "Date | Date d'échéance | N° BC" over "24/05/2015  08/07/2015  PO043629" with the first label lost (light type on a
 * coloured band): in a row of values (every piece a figure) that holds a due date read under its label, the one date
 * left of it and before it (within a year) is the issue date; a header row prints the issue date first. Two such dates
 * (a delivery date too) leave it unread.
 */
const besideDueDate = (document: DocumentText): DateFinding | null => {
  for (const match of findLabels(document, OTHER_DATE_LABELS[1]!)) {
    const due = valueNearLabel(document, match, (text) => dateAtStart(text, document.dateOrder));
    if (!due?.below) continue;
    const row = due.span.line;
    if (!row.segments.every((segment) => /\d/.test(segment.text) || /^[|¦]$/u.test(segment.text))) continue;
    const earlier = findDates(row.text, document.dateOrder).filter((date) => {
      const days = (Date.parse(due.value) - Date.parse(date.iso)) / DAY;
      return date.end <= due.span.start && days > 0 && days <= DUE_WITHIN_DAYS;
    });
    if (earlier.length === 1) return dateFoundAt(earlier[0]!.iso, HEADER_ROW_CONFIDENCE, spanOf(row, earlier[0]!.start, earlier[0]!.end));
  }
  return null;
};

/**
 * The date the document was issued, most explicit evidence first: an invoice-date label, a title with
 * "du/vom/of", a number's label with "del:" under it, a generic "Date" label, a letter's place-and-date line or its date alone at a line's end, a lone date under the document
 * number, the first date of a header row whose labels went unread, the date before a due date in its row of values, a till's date with its time, the only
 * date printed, and last a date one of whose marks OCR read as a space; a year-first date that reads both ways in the
 * document's year-first order.
 */
export const findInvoiceDate = (document: DocumentText): DateFinding | null => {
  const found = readInvoiceDate(document);
  if (!found) return null;
  const iso = inYearFirstOrder(found.value, found.printed, () => documentYearFirstOrder(document));
  return iso === found.value ? found : { ...found, value: iso };
};

/** The order of the document's year-first dates, from its dates and its number (see `yearFirstOrder`). */
export const documentYearFirstOrder = (document: DocumentText): YearFirstOrder =>
  yearFirstOrder(document.fullText, findDocumentNumber(document)?.value ?? null);

/** The generic date labels that name the issue date, those heading an item table's column or the others. */
const genericIssueDateLabels = (document: DocumentText, inItemHeader: boolean): LabelMatch[] =>
  findLabels(document, GENERIC_DATE_LABEL).filter((match) => isIssueDate(match) && headsItemColumn(match) === inItemHeader);

const readInvoiceDate = (document: DocumentText): DateFinding | null =>
  firstFound(findLabels(document, ISSUE_DATE_LABEL), (match) => readLabelled(document, match, 0.9)) ??
  firstFound(document.lines, (line) => fromTitle(document, line)) ??
  firstFound(findNumberLabels(document), (match) => underNumberWithDateWord(document, match)) ??
  firstFound(genericIssueDateLabels(document, false), (match) => readLabelled(document, match, 0.75)) ??
  firstFound(document.lines, (line) => fromPlaceLine(document, line)) ??
  firstFound(document.lines, (line) => letterDate(document, line)) ??
  // An item table's date column dates the document only where nothing else does (one item, delivered on the day).
  firstFound(genericIssueDateLabels(document, true), (match) => readLabelled(document, match, 0.6)) ??
  firstFound(findNumberLabels(document), (match) => underDocumentNumber(document, match)) ??
  unlabelled(headerRowIssueDate(document)) ??
  unlabelled(besideDueDate(document)) ??
  unlabelled(firstFound(document.lines, (line) => fromDateAndTime(document, line))) ??
  unlabelled(onlyDate(document)) ??
  markLostDate(document);
