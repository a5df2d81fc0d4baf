import { allMatches } from '../layout/all-matches.js';
import { linesBelow, type DocumentText, type Segment, type TextLine } from '../layout/document-text.js';
import { findDates } from '../values/parse-date.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, labelPattern, segmentInColumnOf, valueNearLabel, type LabelMatch } from '../layout/labels.js';
import { readIdentifier } from '../values/identifier.js';
import { findHeaderValueRow, HEADER_ROW_CONFIDENCE } from './header-value-row.js';
import { termsFor } from '../vocabulary/terms.js';
import { NUMBER_WORD } from '../vocabulary/concepts.js';

/**
 * A title naming its kind between its word and its number ("Fattura accompagnatoria n.", "Facture d'acompte n°", "Factura
 * simplificada nº"): first, as the title word alone would stop at the kind.
 */
const KIND_NUMBER_LABEL = String.raw`(?:${termsFor('documentTitleWord').join('|')}) (?:${termsFor('invoiceKindWord').join('|')}) ?${NUMBER_WORD}`;

/** "Invoice No.", "Rechnungsnummer", "Facture n°", "N° de facture", "Fattura n.", … for every document kind. */
const NUMBER_LABEL = labelPattern(KIND_NUMBER_LABEL, ...termsFor('documentNumberLabel'));

/** A document title followed straight by an identifier: "Invoice INV/2023/03/0008", "Rechnung 2026-0042". */
const TITLE_LABEL = labelPattern(...termsFor('documentTitleWord'));

/**
 * A bare "number" word ("Nummer:  INV-43572", "Numéro 783/2026") opening its column (no "BTW nummer") before a code with a
 * digit and nothing else to the line's end ("Numéro client", "Numéro de TVA" name other numbers): a weaker label than one
 * naming the document, read only where none of those gives a number, and only in the document's header (see
 * `labelsTheHeader`).
 */
const BARE_NUMBER_LABEL = labelPattern(
  ...termsFor('bareNumberWord').map((word) => String.raw`(?<=(?:^|\s\s|\|)\s*)${word}(?=\s*:?\s+[A-Z\d][A-Z\d/.-]*\d[A-Z\d/.-]*\s*$)`),
);

const DATE_LABEL = labelPattern(...termsFor('issueDateLabel'), ...termsFor('dateLabel'));

/**
 * Whether a bare number word labels the document's own header: the document's title is printed on its line or the line
 * next to it ("FACTUUR   Nummer 783/2026"), a date label opens one of the next lines of its column (a block of
 * "Nummer: … / Datum: …"), or the document's date, unlabelled, opens the next. Elsewhere the word is part of another
 * party's data ("Kunde … Nummer 4711"), or the second line of a label split over two ("Kunden-" over "Nummer").
 */
const labelsTheHeader = (document: DocumentText, match: LabelMatch): boolean => {
  const above = document.lines[match.line.index - 1];
  const aboveInColumn = above?.page === match.line.page ? segmentInColumnOf(match, above) : undefined;
  if (aboveInColumn && /-\s*$/.test(aboveInColumn.text)) return false;
  const beside = [-1, 0, 1].map((offset) => document.lines[match.line.index + offset]);
  if (beside.some((line) => line?.page === match.line.page && TITLE_LABEL.test(line.text))) return true;
  return linesBelow(document, match.line, 3).some((line, index) => {
    const segment = segmentInColumnOf(match, line);
    if (segment === undefined) return false;
    const start = segment.text.search(/\S/);
    const dateLabelled = DATE_LABEL.exec(segment.text)?.index === start;
    const dated = index === 0 && findDates(segment.text)[0]?.start === start;
    return dateLabelled || dated;
  });
};

/**
 * A booking's or reservation's id ("Booking ID", "Buchungsnummer", "N° de réservation"): what a hotel's or
 * traveller's payment receipt is filed under when it has no number of its own.
 */
const BOOKING_LABEL = labelPattern(...termsFor('bookingLabel'));

/** The labels of the document's number in reading order: those naming the document first, then bare number words of its header. */
export const findNumberLabels = (document: DocumentText): LabelMatch[] => [
  ...findLabels(document, NUMBER_LABEL),
  ...findLabels(document, BARE_NUMBER_LABEL).filter((match) => labelsTheHeader(document, match)),
];

/**
 * The document's own number. A number labelled as the document's beats one after a bare number word, which beats an
 * identifier after a bare title, which beats the first value of an unlabelled header row under a title, and all a
 * booking's id; the first one printed wins, as headers come before references to other documents.
 */
export const findDocumentNumber = (document: DocumentText): Finding<string> | null => {
  for (const match of findNumberLabels(document)) {
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 1));
    if (found) return foundAt(found.value, found.below ? 0.8 : 0.9, [found.span]);
  }
  for (const match of findLabels(document, TITLE_LABEL)) {
    const read = readIdentifier(match.after, 3);
    if (read) return foundAt(read.value, 0.6, [spanOf(match.line, match.end + read.start, match.end + read.end)]);
    const signed = signedNumberUnder(document, match) ?? numberUnderHeaderCell(document, match);
    if (signed) return signed;
  }
  const row = findHeaderValueRow(document);
  if (row) return foundAt(row.identifier.value, HEADER_ROW_CONFIDENCE, [spanOf(row.line, row.identifier.start, row.identifier.end)]);
  for (const match of findLabels(document, BOOKING_LABEL)) {
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 4));
    if (found) return foundAt(found.value, 0.5, [found.span]);
  }
  return null;
};

/**
 * A title word heading a column of a header table ("Kunde · Datum · Rechnung · Fällig" over the values):
 * the value under it is the document's number. Only in a row of at least three labels without digits.
 */
const numberUnderHeaderCell = (document: DocumentText, title: LabelMatch): Finding<string> | null => {
  const isWholeCell = title.segment.text.replace(/[\s:.]+$/, '') === title.line.text.slice(title.start, title.end);
  if (!isWholeCell || title.line.segments.length < 3 || /\d/.test(title.line.text)) return null;
  const found = valueNearLabel(document, title, (text) => readIdentifier(text, 3));
  return found?.below ? foundAt(found.value, 0.7, [found.span]) : null;
};

// "INVOICE" with "# 1042" or "No. 1042" printed under it: below a bare title only a number sign makes it the number.
const NUMBER_SIGN = /^\s*(?:#|n°|nº|no\.|nr\.)\s*/iu;

/**
 * The first text under a bare title, within two lines (a line of the column beside may come between), if it is a
 * signed number, or an unsigned one that carries a date of its page (datedNumberUnder).
 */
const signedNumberUnder = (document: DocumentText, title: LabelMatch): Finding<string> | null => {
  if (/\S/.test(title.after)) return null;
  for (const line of linesBelow(document, title.line, 2)) {
    const segment = segmentInColumnOf(title, line);
    if (!segment) continue;
    const sign = NUMBER_SIGN.exec(segment.text);
    const read = sign ? readIdentifier(segment.text.slice(sign[0].length), 3) : null;
    if (!read) return datedNumberUnder(document, line, segment);
    const start = segment.start + sign![0].length + read.start;
    return foundAt(read.value, 0.6, [spanOf(line, start, start + read.value.length)]);
  }
  return null;
};

// How sure an unsigned number under a title is, its year the only sign that it is the document's.
const DATED_CONFIDENCE = 0.5;

/**
 * An identifier without a sign, alone in the title's column under it ("FACTURE" over "INV/04/2015/007484"): the number
 * where its letters and digits carry, as a group of their own, the year of a date its page prints (a customer's or an
 * order's code seldom does).
 */
const datedNumberUnder = (document: DocumentText, line: TextLine, segment: Segment): Finding<string> | null => {
  const read = readIdentifier(segment.text, 6);
  if (!read || read.start !== 0 || read.end !== segment.text.length || !/\p{L}/u.test(read.value)) return null;
  const years = new Set(
    document.lines
      .filter((other) => other.page === line.page)
      .flatMap((other) => findDates(other.text, document.dateOrder).map((date) => date.iso.slice(0, 4))),
  );
  const dated = [...years].some((year) => new RegExp(`(?<!\\d)${year}(?!\\d)`).test(read.value));
  return dated ? foundAt(read.value, DATED_CONFIDENCE, [spanOf(line, segment.start, segment.end)]) : null;
};

// A month group right after the number's letters, its 0 read as the letter O or Q, before a year group: "FAO3/2015/…".
const MONTH_WITH_LETTER_ZERO = /(?<=\p{Lu})[OQ](?<digit>[1-9])(?=[/-](?<year>\d{4})(?!\d))/u;

/**
 * The number with the 0 of its month group read as a digit where OCR read it as the letter O or Q ("FAO3/2015/051433"
 * for FA03/2015/051433), only where the document's issue date (ISO) falls in that month of that year: a number carries
 * its month of issue beside the year, and O and Q are the letters OCR makes of a 0. A number the date does not confirm
 * stays as read ("FAO" may be the series' own letters).
 */
export const withIssueMonthDigits = (number: Finding<string> | null, issueDate: string | null): Finding<string> | null => {
  const match = number ? MONTH_WITH_LETTER_ZERO.exec(number.value) : null;
  if (!number || !match || issueDate?.slice(0, 7) !== `${match.groups!.year}-0${match.groups!.digit}`) return number;
  const value = `${number.value.slice(0, match.index)}0${number.value.slice(match.index + 1)}`;
  return { ...number, value };
};

// A title word with one space OCR put inside it ("Factu re"), opening its column: each plain title word, any letter
// boundary open to a space (`numberAfterSplitTitle` keeps only matches with exactly one).
const SPLIT_TITLE = new RegExp(
  String.raw`(?<=^|\s\s)\s*(?:${termsFor('documentTitleWord')
    .filter((word) => /^\p{L}+$/u.test(word))
    .map((word) => [...word].join(' ?'))
    .join('|')})(?=\s)`,
  'giu',
);

// How sure a number read through two repairs is, with the issue date its only confirmation.
const SPLIT_TITLE_CONFIDENCE = 0.5;

/**
 * The number after a title OCR split inside its word ("Factu re FAQ4/20 15/027622"): the piece of text after the
 * title, up to the next column, its groups closed up where OCR put a space inside them ("20 15") and the month's 0 set
 * right (see `withIssueMonthDigits`). Two repairs at once are taken only where the issue date (ISO) confirms them: the
 * number carries the date's month and year as groups of their own ("04/2015", not "O05/2015"). Read only where no label gives a number.
 */
export const numberAfterSplitTitle = (document: DocumentText, issueDate: string | null): Finding<string> | null => {
  if (!issueDate) return null;
  // The month as a group of its own: no digit before it, nor the O or Q of a 0 ("FAO05" is no month 05 read right).
  const dated = new RegExp(`(?<![\\dOQ])${issueDate.slice(5, 7)}[/-]${issueDate.slice(0, 4)}(?!\\d)`);
  for (const line of document.lines.filter((candidate) => candidate.page === document.lines[0]?.page)) {
    for (const title of allMatches(line.text, SPLIT_TITLE)) {
      if (title[0].trim().split(' ').length !== 2) continue;
      const start = title.index + title[0].length;
      const piece = /^\s(\S+(?: \S+)*)/.exec(line.text.slice(start));
      if (!piece) continue;
      const read = readIdentifier(piece[1]!.replace(/(?<=[\p{L}\d/-]) (?=[\p{L}\d])/gu, ''), 6);
      if (!read || read.start !== 0) continue;
      const found = withIssueMonthDigits(
        foundAt(read.value, SPLIT_TITLE_CONFIDENCE, [spanOf(line, start + 1, start + 1 + piece[1]!.length)]),
        issueDate,
      );
      if (found && dated.test(found.value)) return found;
    }
  }
  return null;
};
