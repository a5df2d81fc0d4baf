import { linesBelow, type DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, labelPattern, valueNearLabel, type LabelMatch, type Read } from '../layout/labels.js';
import { findDates } from '../values/parse-date.js';
import { findNumbers } from '../values/parse-number.js';
import type { SlashDateOrder } from '../layout/document-locale.js';
import { termsFor } from '../vocabulary/terms.js';
import { findHeaderValueRow, headerRowDates, HEADER_ROW_CONFIDENCE } from './header-value-row.js';

const DELIVERY_DATE_LABEL = labelPattern(...termsFor('deliveryDateLabel'));

const PERIOD_LABEL = labelPattern(...termsFor('periodLabel'));

const ISSUE_DATE_LABEL = labelPattern(...termsFor('issueDateLabel'));

/**
 * The labels in reading order, those inside the issue date's last ("Date/Tax point": its date is the issue date's, and a
 * label of its own says more).
 */
const deliveryLabels = (document: DocumentText, pattern: RegExp): LabelMatch[] => {
  const issueLabels = findLabels(document, ISSUE_DATE_LABEL);
  const inIssueLabel = (match: LabelMatch) =>
    issueLabels.some((issue) => issue.line === match.line && issue.start <= match.start && match.end <= issue.end);
  const matches = findLabels(document, pattern);
  return [...matches.filter((match) => !inIssueLabel(match)), ...matches.filter(inIssueLabel)];
};

// "01.05.14-31.05.14", "1-31 July 2015": a dash glued before the date a period ends separates it (same
// length, so positions hold).
const separatePeriod = (text: string) => text.replace(/(?<=\d\.?)-(?=\d{1,2}(?:[./]\d{1,2}[./]\d{2}|\.? ?\p{L}))/gu, ' ');

// The words between a period's start and its end: "01.03. - 31.03.", "vom … bis zum …", "du … au le …", "dal … al …".
const RANGE_WORDS = String.raw`-|–|bis|au|al|to|until`;
const RANGE_ARTICLE = String.raw`(?:(?:zum|le|il)\s+)?`;
const BETWEEN_PERIOD_DATES = new RegExp(String.raw`^\s*(?:${RANGE_WORDS})\s*${RANGE_ARTICLE}$`, 'i');
// A label's period may also be written with a slash: "01.03.2026/31.03.2026".
const BETWEEN_LABELLED_PERIOD_DATES = new RegExp(String.raw`^\s*(?:${RANGE_WORDS}|\/)\s*${RANGE_ARTICLE}$`, 'i');

/** The date right after a label, or the end of the period it starts ("01.03.2026 - 31.03.2026", "du … au …"). */
const readDateOrPeriodEnd =
  (order: SlashDateOrder) =>
  (text: string): Read<string> | null => {
    const dates = findDates(separatePeriod(text), order);
    const [first, second] = dates;
    const skipped = /^[\s:.=-]*(?:(?:vom|von|du|dal|from|le|am|il) )?/i.exec(text)?.[0].length ?? 0;
    if (!first || first.start !== skipped) return null;
    const between = second ? text.slice(first.end, second.start) : '';
    const end = second && BETWEEN_LABELLED_PERIOD_DATES.test(between) ? second : first;
    return { value: end.iso, start: end.start, end: end.end };
  };

// A day (or day and month) and a range word before the date a period ends: "du 1er au 31 Juillet 2015",
// "vom 1. bis 31.07.2015", "dal 1 al 31 luglio 2015", "1–31 July 2015".
const DAY_BEFORE_END = new RegExp(
  String.raw`(?<![\p{L}\d.])(?:(?:vom|von|du|dal|from)\s+)?(?<day>\d{1,2})(?:er|st|nd|rd|th|°|\.)?(?:\s?\d{1,2}\.)?\s*(?:${RANGE_WORDS})\s*${RANGE_ARTICLE}$`,
  'iu',
);
// Periods that are no supply: what an offer or a contract runs for.
const NOT_SUPPLY = /gültig|valid|valab|laufzeit|vertrag|contra(?:c?t)|angebot|offer|offre|offert|öffnungszeit/iu;
const DAY = 86_400_000;

/** The end of a period a line prints without a label: the date it ends, after a date or day it starts on. */
const unlabelledPeriodEnd = (text: string, order: SlashDateOrder): { iso: string; start: number; end: number } | null => {
  if (NOT_SUPPLY.test(text)) return null;
  const dates = findDates(separatePeriod(text), order);
  for (const [index, end] of dates.entries()) {
    const before = dates[index - 1];
    const from = before && BETWEEN_PERIOD_DATES.test(text.slice(before.end, end.start)) ? before : null;
    const startDay = from ? null : DAY_BEFORE_END.exec(text.slice(0, end.start));
    const days = from
      ? (Date.parse(end.iso) - Date.parse(from.iso)) / DAY
      : startDay
        ? Number(end.iso.slice(8)) - Number(startDay.groups!.day)
        : -1;
    if (days > 0 && days <= 366) return { iso: end.iso, start: from?.start ?? startDay!.index, end: end.end };
  }
  return null;
};

/**
 * A service period printed without a label in the items ("Free Haut Débit du 1er au 31 Juillet 2015  29.99",
 * "01.05.14-31.05.14" under an item's name): on a row with an amount, or alone in its piece of the line.
 * Only when every such period ends on the same day.
 */
const itemPeriodEnd = (document: DocumentText): Finding<string> | null => {
  const ends = document.lines.flatMap((line) => {
    const period = unlabelledPeriodEnd(line.text, document.dateOrder);
    if (!period) return [];
    const segment = line.segments.find((piece) => piece.start <= period.start && period.end <= piece.end);
    const alone = segment !== undefined && segment.text.trim().length <= period.end - period.start + 4;
    const priced = findNumbers(line.text.slice(period.end)).some((number) => number.hasDecimals && !number.isPercentage);
    return alone || priced ? [{ iso: period.iso, span: spanOf(line, period.start, period.end) }] : [];
  });
  const [first] = ends;
  if (!first || ends.some((end) => end.iso !== first.iso)) return null;
  return foundAt(first.iso, 0.6, [first.span]);
};

// A period's label in a sentence whose dates the line wraps to the next lines: "… für den Zeitraum vom" / "21.05.2014 bis" /
// "21.05.2015 nachstehenden Beitrag".
const OPENS_PERIOD = /^\s*(?:vom|von|from|du|dal)\s*$/iu;
const WRAPPED_PERIOD_LINES = 2;

/** The end of a period a sentence wraps onto the lines after its label's ("Zeitraum vom" at the end of its line). */
const wrappedPeriodEnd = (
  document: DocumentText,
  match: LabelMatch,
  read: (text: string) => Read<string> | null,
): Finding<string> | null => {
  if (!OPENS_PERIOD.test(match.after)) return null;
  const below = linesBelow(document, match.line, WRAPPED_PERIOD_LINES).map((line) => {
    const text = line.text.trimStart();
    return { line, offset: line.text.length - text.length, text: text.trimEnd() };
  });
  const pieces = [{ line: match.line, offset: match.end, text: match.after.trimEnd() }, ...below];
  // The pieces joined by one space: where each starts in the joined text.
  const starts = pieces.map((_, index) => pieces.slice(0, index).reduce((length, piece) => length + piece.text.length + 1, 0));
  const found = read(pieces.map((piece) => piece.text).join(' '));
  if (!found) return null;
  const at = starts.findLastIndex((start) => start <= found.start);
  const start = pieces[at]!.offset + found.start - starts[at]!;
  return foundAt(found.value, 0.65, [spanOf(pieces[at]!.line, start, start + found.end - found.start)]);
};

/**
 * When the goods or service were delivered: a delivery or service date label, else the end of the
 * service period (the date the supply was complete), labelled, wrapped with its sentence onto the next lines, or printed
 * in the items, else the one date before the issue date in a header row whose labels went unread.
 */
export const findDeliveryDate = (document: DocumentText): Finding<string> | null => {
  const read = readDateOrPeriodEnd(document.dateOrder);
  for (const [pattern, confidence] of [
    [DELIVERY_DATE_LABEL, 0.9],
    [PERIOD_LABEL, 0.75],
  ] as const) {
    for (const match of deliveryLabels(document, pattern)) {
      const found = valueNearLabel(document, match, read);
      if (found) return foundAt(found.value, confidence - (found.below ? 0.1 : 0), [found.span]);
    }
  }
  for (const match of findLabels(document, PERIOD_LABEL)) {
    const found = wrappedPeriodEnd(document, match, read);
    if (found) return found;
  }
  return itemPeriodEnd(document) ?? headerRowSupplyDate(document);
};

const headerRowSupplyDate = (document: DocumentText): Finding<string> | null => {
  const row = findHeaderValueRow(document);
  const supply = row && headerRowDates(row).supply;
  return supply && foundAt(supply.iso, HEADER_ROW_CONFIDENCE, [supply.span]);
};
