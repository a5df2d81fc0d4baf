import { linesBelow, type DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, labelPattern, segmentInColumnOf, valueNearLabel, type LabelMatch, type Read } from '../layout/labels.js';
import { findDates, parseDate } from '../values/parse-date.js';
import { termsFor } from '../vocabulary/terms.js';

/** "Invoice No.", "Rechnungsnummer", "Facture n°", "N° de facture", "Fattura n.", … for every document kind. */
const NUMBER_LABEL = labelPattern(...termsFor('documentNumberLabel'));

/**
 * A booking's or reservation's id ("Booking ID", "Buchungsnummer", "N° de réservation"): what a hotel's or
 * traveller's payment receipt is filed under when it has no number of its own.
 */
const BOOKING_LABEL = labelPattern(...termsFor('bookingLabel'));

/** A document title followed straight by an identifier: "Invoice INV/2023/03/0008", "Rechnung 2026-0042". */
const TITLE_LABEL = labelPattern(...termsFor('documentTitleWord'));

// Identifiers hold a digit and may carry separators inside, never at their ends; a short capital series
// letter may stand apart from the digits ("B 48706", as tills print it).
const IDENTIFIER = /^(?<skipped>[\s:.#=-]*)(?<value>(?:\p{Lu}{1,2} (?=\d))?[\p{L}\d](?:[\p{L}\d._/-]*[\p{L}\d])?)(?=\s|$|[,;)])/u;

/** The identifier a piece of text starts with: at least `minLength` characters, a digit, and no date. */
export const readIdentifier = (text: string, minLength: number): Read<string> | null => {
  const match = IDENTIFIER.exec(text);
  const value = match?.groups?.value;
  if (!value || value.length < minLength || !/\d/.test(value) || parseDate(value) !== null) return null;
  const start = match.groups!.skipped!.length;
  return { value, start, end: start + value.length };
};

/**
 * The document's own number. A labelled number beats an identifier after a bare title, which beats the
 * first value of an unlabelled header row under a title, and all a booking's id; the first one printed wins, as headers come before references to other documents.
 */
export const findDocumentNumber = (document: DocumentText): Finding<string> | null => {
  for (const match of findLabels(document, NUMBER_LABEL)) {
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 1));
    if (found) return foundAt(found.value, found.below ? 0.8 : 0.9, [found.span]);
  }
  for (const match of findLabels(document, TITLE_LABEL)) {
    const read = readIdentifier(match.after, 3);
    if (read) return foundAt(read.value, 0.6, [spanOf(match.line, match.end + read.start, match.end + read.end)]);
    const signed = signedNumberUnder(document, match) ?? numberUnderHeaderCell(document, match);
    if (signed) return signed;
  }
  for (const match of findLabels(document, TITLE_LABEL)) {
    const unlabelled = numberOfValueRowUnder(document, match);
    if (unlabelled) return unlabelled;
  }
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

/** The first text under a bare title, within two lines (a line of the column beside may come between), if it is a signed number. */
const signedNumberUnder = (document: DocumentText, title: LabelMatch): Finding<string> | null => {
  if (/\S/.test(title.after)) return null;
  for (const line of linesBelow(document, title.line, 2)) {
    const segment = segmentInColumnOf(title, line);
    if (!segment) continue;
    const sign = NUMBER_SIGN.exec(segment.text);
    const read = sign ? readIdentifier(segment.text.slice(sign[0].length), 3) : null;
    if (!read) return null;
    const start = segment.start + sign![0].length + read.start;
    return foundAt(read.value, 0.6, [spanOf(line, start, start + read.value.length)]);
  }
  return null;
};

// Lines under the title a header row may sit within: a rule or a grid's unread label row may come between.
const VALUE_ROW_WITHIN = 3;

/**
 * A row of header values under a bare title whose labels went unread (a boxed grid's label cells, too light
 * or small for OCR), the title alone on its line: every piece a value, an identifier first and dates after it ("INV-45948  14.07.2025
 * 24.07.2025"): the identifier is the document's number. Least sure of the ways to it.
 */
const numberOfValueRowUnder = (document: DocumentText, title: LabelMatch): Finding<string> | null => {
  // The title alone on its line: a title word among other labels heads a column instead.
  if (/\d/.test(title.line.text) || title.line.segments.length !== 1) return null;
  for (const line of linesBelow(document, title.line, VALUE_ROW_WITHIN)) {
    const [first, ...rest] = line.segments;
    const read = first ? readIdentifier(first.text, 3) : null;
    const allValues = line.segments.every((segment) => /\d/.test(segment.text) || /^[|¦]$/u.test(segment.text));
    if (!read || !allValues || !rest.some((segment) => findDates(segment.text).length > 0)) continue;
    return foundAt(read.value, 0.5, [spanOf(line, first!.start + read.start, first!.start + read.end)]);
  }
  return null;
};
