import type { SlashDateOrder } from '../layout/document-locale.js';
import type { Read } from '../layout/labels.js';
import { allMatches } from '../layout/all-matches.js';

/** A calendar date printed on a line. */
export interface DateToken {
  /** YYYY-MM-DD. */
  iso: string;
  start: number;
  end: number;
}

const MONTH_NAMES: Record<number, string[]> = {
  1: ['january', 'januar', 'jänner', 'janvier', 'janv', 'gennaio', 'gen', 'januari', 'enero', 'ene', 'jan'],
  2: ['february', 'februar', 'feber', 'février', 'fevrier', 'févr', 'fevr', 'fév', 'febbraio', 'februari', 'febrero', 'feb'],
  // "Marz": OCR often loses the umlaut.
  3: ['march', 'märz', 'maerz', 'marz', 'mrz', 'mär', 'mars', 'marzo', 'maart', 'mar'],
  4: ['april', 'avril', 'avr', 'aprile', 'abril', 'abr', 'apr'],
  5: ['may', 'mai', 'maggio', 'mag', 'mei', 'mayo'],
  6: ['june', 'juni', 'juin', 'giugno', 'giu', 'junio', 'jun'],
  7: ['july', 'juli', 'juillet', 'juil', 'luglio', 'lug', 'julio', 'jul'],
  8: ['august', 'août', 'aout', 'agosto', 'ago', 'augustus', 'aug'],
  9: ['september', 'septembre', 'settembre', 'septiembre', 'setiembre', 'sept', 'sep', 'set'],
  10: ['october', 'oktober', 'octobre', 'ottobre', 'octubre', 'okt', 'oct', 'ott'],
  11: ['november', 'novembre', 'noviembre', 'nov'],
  12: ['december', 'dezember', 'décembre', 'decembre', 'dicembre', 'diciembre', 'dez', 'déc', 'dec', 'dic'],
};

const monthByName = new Map(Object.entries(MONTH_NAMES).flatMap(([month, names]) => names.map((name) => [name, Number(month)] as const)));
// Longest first, so "juillet" is not read as "jul" followed by "let".
const MONTH = [...monthByName.keys()].sort((a, b) => b.length - a.length).join('|');

const BEFORE = /(?<![\p{L}\d.,/-])/u.source;
// A time of day glued to a four-digit year ("26 July 202508:19", "10/07/2025.08:33"): OCR lost the space a till
// prints between them, or read it as a point.
const AFTER = /(?:(?![\p{L}\d]|[./-]\d)|(?<=\d{4})(?=\.?\d{2}:\d{2}(?!\d)))/u.source;

interface DatePattern {
  /** The date itself, delimited when searched (see `delimited`). */
  regex: RegExp;
  /** The readings of a match, most likely first; `order` decides slash dates that could be read either way. */
  read: (groups: Record<string, string>, order: SlashDateOrder) => { year: string; month: number; day: number }[];
}

const numeric = (groups: Record<string, string>) => ({ year: groups.year!, month: Number(groups.month), day: Number(groups.day) });
const named = (groups: Record<string, string>) => ({
  year: groups.year!,
  month: monthByName.get(groups.name!.toLowerCase()) ?? 0,
  day: Number(groups.day),
});

/**
 * Dots and dashes are always day first. A slash date is read in the document's order; when only one
 * order gives a date (03/20/2023) that one, and when both do but the order is unknown, not at all.
 */
const slashReadings = (groups: Record<string, string>, order: SlashDateOrder) => {
  const dayFirst = numeric(groups);
  if (groups.sep !== '/') return [dayFirst];
  const monthFirst = { ...dayFirst, day: dayFirst.month, month: dayFirst.day };
  const ambiguous = dayFirst.day !== dayFirst.month && dayFirst.day <= 12 && dayFirst.month <= 12;
  if (!ambiguous) return [dayFirst, monthFirst];
  if (order === 'unknown') return [];
  return order === 'day-first' ? [dayFirst] : [monthFirst];
};

const DATE_FORMS: DatePattern[] = [
  {
    // Year first is year, month, day; a template that prints year, day, month ("2015-30-01") is read so only where
    // the month it would otherwise have cannot be one.
    regex: /(?<year>\d{4})(?<sep>[-/.])(?<month>\d{1,2})\k<sep>(?<day>\d{1,2})/u,
    read: (groups) => {
      const yearFirst = numeric(groups);
      return [yearFirst, { ...yearFirst, month: yearFirst.day, day: yearFirst.month }];
    },
  },
  // A dotted date's second point read as a colon before a four-digit year ("05.12:2025"): no time has four digits after one.
  {
    regex: /(?<day>\d{1,2})(?<sep>[./-]) ?(?<month>\d{1,2})(?:\k<sep>|(?<=\.\d{1,2}):(?=\d{4})) ?(?<year>\d{4}|\d{2})/u,
    read: slashReadings,
  },
  {
    // "10.. September 2026": a scan may double the dot.
    // "03 Apr2018": OCR may lose the space before the year.
    // "12 de marzo de 2026": Spanish joins day, month and year with "de".
    regex: new RegExp(
      `(?<day>\\d{1,2})(?:\\.\\.?|er|st|nd|rd|th)?(?: de)?[ -](?<name>${MONTH})\\.?(?: de(?= ))?[ -]?,? ?(?<year>\\d{4})`,
      'iu',
    ),
    read: (groups) => [named(groups)],
  },
  {
    // "24 Mar 18 09:12:41 PM": a till prints a named month with a two-digit year before the time of sale.
    regex: new RegExp(`(?<day>\\d{1,2})[ -](?<name>${MONTH})\\.?[ -](?<year>\\d{2})(?=\\s+\\d{1,2}:\\d{2})`, 'iu'),
    read: (groups) => [named(groups)],
  },
  {
    // "12-MAR-26": with a dash on both sides of a named month, a two-digit year is the year (as ERP systems print it).
    regex: new RegExp(`(?<day>\\d{1,2})-(?<name>${MONTH})\\.?-(?<year>\\d{2})`, 'iu'),
    read: (groups) => [named(groups)],
  },
  {
    regex: new RegExp(`(?<name>${MONTH})\\.? (?<day>\\d{1,2})(?:st|nd|rd|th)? ?, ?(?<year>\\d{4})`, 'iu'),
    read: (groups) => [named(groups)],
  },
];

/** Each form with the edges a date must have (no letter, digit or date mark glued to it), searched globally. */
const PATTERNS = DATE_FORMS.map((form) => ({
  ...form,
  delimited: new RegExp(`${BEFORE}${form.regex.source}${AFTER}`, `g${form.regex.flags}`),
}));

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const toIso = ({ year, month, day }: { year: string; month: number; day: number }): string | null => {
  const fullYear = year.length === 2 ? 2000 + Number(year) : Number(year);
  if (fullYear < 1900 || fullYear > 2099 || month < 1 || month > 12 || day < 1 || day > daysIn(fullYear, month)) return null;
  return `${fullYear}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/**
 * Every valid date on a line, left to right; impossible dates (31.02.2026) are not dates. `order` is the
 * document's (see `slashDateOrder`); without one, the region's day-first order.
 */
export const findDates = (text: string, order: SlashDateOrder = 'day-first'): DateToken[] => {
  const found: DateToken[] = [];
  for (const pattern of PATTERNS) {
    for (const match of allMatches(text, pattern.delimited)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((date) => start < date.end && date.start < end)) continue;
      const iso = pattern
        .read(match.groups ?? {}, order)
        .map(toIso)
        .find((candidate) => candidate !== null);
      if (iso) found.push({ iso, start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
};

/** The date a whole string spells (`12.03.2026`, `12 mars 2026`, `March 12, 2026`, …), or null. */
export const parseDate = (printed: string, order: SlashDateOrder = 'day-first'): string | null => {
  const trimmed = printed.trim();
  const [date] = findDates(trimmed, order);
  return date && date.start === 0 && date.end === trimmed.length ? date.iso : null;
};

/** The date a piece of text starts with, after punctuation ("  : 12.03.2026 …"), or null. */
export const dateAtStart = (text: string, order: SlashDateOrder): Read<string> | null => {
  // A cell's border between a label and its date may read as a lone bar or i ("Date d'émission: i    01/04/2026").
  const skipped = /^[\s:.=-]*(?:[|iIl!](?=\s))?\s*/u.exec(text)?.[0].length ?? 0;
  const [first] = findDates(text, order);
  return first && first.start === skipped ? { value: first.iso, start: first.start, end: first.end } : null;
};

/**
 * Whether a numeric date pads its day and month unevenly: one with a leading zero, the other a single digit
 * ("9/01/17", "09.1.2026"). Printers pad both or neither.
 */
export const isPaddedUnevenly = (printed: string): boolean => {
  const numericDate = /^\s*(?<day>\d{1,2})[./-] ?(?<month>\d{1,2})[./-]/u.exec(printed)?.groups;
  if (!numericDate) return false;
  const padded = (part: string) => part.length === 2 && part.startsWith('0');
  const single = (part: string) => part.length === 1;
  const [day, month] = [numericDate.day!, numericDate.month!];
  return (padded(day) && single(month)) || (single(day) && padded(month));
};

/** How a document writes its year-first dates: year, month, day (ISO), or year, day, month ("2015-30-01"). */
export type YearFirstOrder = 'month-day' | 'day-month';

const YEAR_FIRST_DATE = /(?<![\p{L}\d.,/-])(?<year>\d{4})(?<sep>[-/.])(?<first>\d{1,2})\k<sep>(?<second>\d{1,2})(?![\p{L}\d]|[./-]\d)/gu;

interface YearFirstParts {
  year: string;
  first: number;
  second: number;
}

const yearFirstParts = (match: RegExpMatchArray): YearFirstParts => ({
  year: match.groups!.year!,
  first: Number(match.groups!.first),
  second: Number(match.groups!.second),
});

/** Both parts could be the month (12 or less, and not the same): the reading depends on the document's order. */
const readsBothWays = ({ first, second }: YearFirstParts) => first <= 12 && second <= 12 && first !== second;

// A month and year an identifier carries as groups of their own: "FA06/2015/000017", "INV/2015/06/0017", "2015-06-17".
const MONTH_BEFORE_YEAR = /(?<!\d)(?<month>0[1-9]|1[0-2])[/-](?<year>\d{4})(?!\d)/gu;
const YEAR_BEFORE_MONTH = /(?<!\d)(?<year>\d{4})[/-](?<month>0[1-9]|1[0-2])(?!\d)/gu;

const monthsCarried = (identifier: string): { year: string; month: number }[] =>
  [...identifier.matchAll(MONTH_BEFORE_YEAR), ...identifier.matchAll(YEAR_BEFORE_MONTH)].map((match) => ({
    year: match.groups!.year!,
    month: Number(match.groups!.month),
  }));

/**
 * The order of a document's year-first dates, decided from its other dates as slash dates' order is: year, month, day,
 * unless one of them reads only year, day, month ("2015-30-01": no month 30) and none only year, month, day. Where every
 * one reads both ways ("2015-04-06"), the month the document's number carries beside the same year ("FA06/2015/000017",
 * "INV/2015/06/0017": the month it was issued in) decides: year, day, month where only that reading of the dates gives it.
 */
export const yearFirstOrder = (text: string, number: string | null): YearFirstOrder => {
  const dates = [...text.matchAll(YEAR_FIRST_DATE)].map(yearFirstParts);
  const dayMonth = dates.some(({ first, second }) => first > 12 && second <= 12);
  const monthDay = dates.some(({ first, second }) => second > 12 && first <= 12);
  if (dayMonth || monthDay) return dayMonth && !monthDay ? 'day-month' : 'month-day';
  const carried = number ? monthsCarried(number) : [];
  const ambiguous = dates.filter(readsBothWays);
  const gives = (month: (date: YearFirstParts) => number) =>
    ambiguous.some((date) => carried.some((issued) => issued.year === date.year && issued.month === month(date)));
  return gives((date) => date.second) && !gives((date) => date.first) ? 'day-month' : 'month-day';
};

/**
 * A date read from `printed` (as `findDates` reads it: year-first is year, month, day) in the document's year-first
 * order; `order` is asked only for a year-first date that reads both ways.
 */
export const inYearFirstOrder = (iso: string, printed: string, order: () => YearFirstOrder): string => {
  const [match] = [...printed.trim().matchAll(YEAR_FIRST_DATE)];
  if (!match || match.index !== 0 || match[0].length !== printed.trim().length) return iso;
  const parts = yearFirstParts(match);
  const pad = (part: number) => String(part).padStart(2, '0');
  if (!readsBothWays(parts) || iso !== `${parts.year}-${pad(parts.first)}-${pad(parts.second)}` || order() === 'month-day') return iso;
  return `${parts.year}-${pad(parts.second)}-${pad(parts.first)}`;
};
