import type { DocumentText } from '../layout/document-text.js';
import { allMatches } from '../layout/all-matches.js';
import type { Finding } from '../values/finding.js';
import { oneOrTwoApart } from '../values/ocr-confusions.js';
import { findDates } from '../values/parse-date.js';
import type { DateFinding } from './invoice-date.js';

/**
 * A numeric date's shape, valid or not ("23/08/2017", "31-02-18", "2017-13-05"): OCR's misreading of a date's digits
 * can make it a date no calendar has, which is still a reading of the date printed there.
 */
const DATE_SHAPE = /(?<![\p{L}\d.,/-])(?:\d{1,2}[./-] ?\d{1,2}[./-] ?(?:\d{4}|\d{2})|\d{4}[./-]\d{1,2}[./-]\d{1,2})(?![\p{L}\d]|[./-]\d)/gu;

const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** What the rest of the receipt says of the date read: printed again, read otherwise elsewhere, other dates beside it. */
export interface DateTestimony {
  /** Other places the same date is printed. */
  copies: number;
  /** Date-shaped readings one or two digits off the date's own ("23/04/2017" and "23/08/2017"): one of them misread. */
  misreadCopies: number;
  /** Other calendar dates the receipt prints (a promotion's end, a voucher's expiry, the receipt before this one). */
  otherDates: number;
  /** The year printed with two digits ("12-01-19"): no century to tell a misread year by. */
  twoDigitYear: boolean;
}

export const dateTestimony = (document: DocumentText, found: DateFinding): DateTestimony => {
  const own = digitsOf(found.printed);
  const dates = document.lines.flatMap((line) => findDates(line.text, document.dateOrder));
  const shapes = document.lines.flatMap((line) => allMatches(line.text, DATE_SHAPE).map((match) => digitsOf(match[0])));
  const nearMisses = shapes.filter((shape) => oneOrTwoApart(shape, own));
  const misread = new Set(nearMisses);
  const otherDates = new Set(
    document.lines.flatMap((line) =>
      findDates(line.text, document.dateOrder)
        .filter((date) => date.iso !== found.value && !misread.has(digitsOf(line.text.slice(date.start, date.end))))
        .map((date) => date.iso),
    ),
  );
  return {
    copies: Math.max(0, dates.filter((date) => date.iso === found.value).length - 1),
    misreadCopies: nearMisses.length,
    otherDates: otherDates.size,
    twoDigitYear: /^\D*\d{1,2}\D+\d{1,2}\D+\d{2}\D*$/.test(found.printed),
  };
};

/** A date the receipt prints twice, read the same each time, is nearer to sure: a share of its doubt goes. */
const COPY_CONFIRMS = 0.4;
/** Two readings of one date that differ in a digit: either may be the misread one. */
const MISREAD_COPY_DOUBT = 0.5;
/** Neither a label nor a second print says this is the date of the sale. */
const UNLABELLED_DOUBT = 0.8;
/** Other dates printed beside an unlabelled one: the one taken may be any of them. */
const OTHER_DATES_DOUBT = 0.8;
/** A two-digit year printed once: a misread digit in it still makes a year. */
const TWO_DIGIT_YEAR_DOUBT = 0.85;

/**
 * A till receipt's date scored by the receipt's own testimony (issue 13: a confident value must be right): raised where
 * the receipt prints it again the same, lowered where it prints a reading of it a digit off, and, printed once, where no
 * label names it, where other dates stand beside it unlabelled, and where its year has two digits.
 */
export const tillDateEvidence = (document: DocumentText, found: DateFinding): Finding<string> => {
  const testimony = dateTestimony(document, found);
  let confidence = found.confidence;
  if (testimony.misreadCopies > 0) confidence *= MISREAD_COPY_DOUBT;
  else if (testimony.copies > 0) confidence += (1 - confidence) * COPY_CONFIRMS;
  else {
    if (!found.labelled) confidence *= UNLABELLED_DOUBT;
    if (testimony.twoDigitYear) confidence *= TWO_DIGIT_YEAR_DOUBT;
  }
  if (!found.labelled && testimony.otherDates > 0) confidence *= OTHER_DATES_DOUBT;
  return { value: found.value, confidence, page: found.page, box: found.box };
};
