/**
 * The decimal separator a document's money uses, when it shows one; it decides whether "5,000" is five or five
 * thousand. 'none': its money prints no minor units (yen, won, rupiah: "132,000", "61.600"), so a whole figure is
 * an amount as printed, never one that lost its decimal mark.
 */
export type DecimalMark = ',' | '.' | 'none' | null;

/** A number printed on a line, read in whichever of the region's formats it was written. */
export interface NumberToken {
  /** Decimal string: `-1234.50`, `0.75`, `50`. */
  value: string;
  start: number;
  end: number;
  /**
   * Printed with a decimal part (`.50`, `,-`), or grouped in thousands where money has no minor units: money rather
   * than a count, a year or an id.
   */
  hasDecimals: boolean;
  /** Followed by `%`: a rate, never an amount. */
  isPercentage: boolean;
}

/*
 * Grouped integers need one separator throughout (1'234'567, 1.234.567, 1,234,567) and a non-zero head,
 * so 0.125 stays a fraction. The decimal part uses the other separator; `.-` and `.--` are the Swiss way
 * of printing whole francs. Single spaces group digits before a decimal part; before a decimal comma
 * (1 234,50) that is French and Swiss usage, before a decimal point "7 319.00" is as often a misread
 * currency sign or a quantity column as seven thousand, so it is read as no number at all. Indian amounts group
 * lakhs and crores in twos after the first three digits (1,42,308.00). A colon
 * grouping the thousands of an amount with cents ("1:597,63") is how OCR reads a bold thousands mark.
 */
const NUMBER =
  /(?<sign>-\s?)?(?<integer>[1-9]\d?(?:,\d{2})+,\d{3}(?!\d)|[1-9]\d{0,2}(?<group>[.,'])\d{3}(?:\k<group>\d{3})*|[1-9]\d{0,2}(?: \d{3})+(?=[.,]\d)|[1-9]\d{0,2}:\d{3}(?=[.,]\d{2}(?!\d))|\d+)(?:(?<point>[.,])(?<fraction>\d+|-{1,2}))?/;
// Not part of a longer word or number: no digit, letter, separator or slash glued on either side.
// Currency codes are the one exception on the left, as OCR often drops the space in "CHF1'234.50", and so is a
// quote mark opening a word before an amount with cents ("TOTAL ‘22,65"): a speck OCR read, no thousands mark.
const BEFORE = /(?:(?<=\b(?:CHF|EUR|USD|GBP))|(?<![\p{L}\d.,'_/])|(?<=(?:^|\s)')(?=\d{1,3}[.,]\d{2}(?!\d|[.,']\d)))/u.source;
const AFTER = /(?![\p{L}\d_]|[.,'/]\d)/u.source;
const TOKEN = new RegExp(`${BEFORE}${NUMBER.source}${AFTER}`, 'gu');
const WHOLE = new RegExp(`^${NUMBER.source}$`, 'u');

/** "5,000" in a document writing decimal commas is 5.000, not 5000: one group of three after the document's decimal mark. */
const isDecimalGroup = (groups: Record<string, string | undefined>, decimalMark: DecimalMark) =>
  decimalMark !== null && groups.group === decimalMark && groups.point === undefined && groups.integer!.split(decimalMark).length === 2;

const toDecimal = (groups: Record<string, string | undefined>, decimalMark: DecimalMark): string | null => {
  const { sign, integer = '', group, point, fraction } = groups;
  if (isDecimalGroup(groups, decimalMark)) {
    const [whole, decimals] = integer.split(decimalMark!);
    return `${sign && /[1-9]/.test(integer) ? '-' : ''}${whole}.${decimals}`;
  }
  if (group && point === group) return null;
  if (integer.includes(' ') && point === '.') return null;
  const digits = integer.replace(/[^\d]/g, '').replace(/^0+(?=\d)/, '');
  const decimals = fraction && !fraction.startsWith('-') ? `.${fraction}` : '';
  const value = `${digits}${decimals}`;
  return sign && /[1-9]/.test(value) ? `-${value}` : value;
};

/** "482, 30", "13, 99": OCR sets a space after an amount's decimal mark; the space moved behind the decimals, positions stay. */
export const withSpacedDecimalsJoined = (text: string): string => text.replace(/(\d[.,]) (\d{2})(?![\d.,])/g, '$1$2 ');

/** The value of a printed number (`1'234.50`, `1.234,50`, `1 234,50`, `1,234.50`, `50.-`), or null. */
export const parseDecimal = (printed: string, decimalMark: DecimalMark = null): string | null => {
  const match = WHOLE.exec(printed.trim());
  return match?.groups ? toDecimal(match.groups, decimalMark) : null;
};

/**
 * Every number on a line, left to right; digits inside words, ids and dates, or ambiguous, are not numbers.
 * One separator before three digits groups thousands, unless it is the document's decimal mark.
 */
export const findNumbers = (text: string, decimalMark: DecimalMark = null): NumberToken[] =>
  [...text.matchAll(TOKEN)].flatMap((match) => {
    const end = match.index + match[0].length;
    const isPercentage = /^\s?%/.test(text.slice(end));
    // A rate is never in the thousands: "8.875 %" and "8,875 %" are decimals, whatever the amounts use.
    const groups = match.groups ?? {};
    const asRate =
      isPercentage &&
      groups.point === undefined &&
      groups.group !== undefined &&
      groups.group !== "'" &&
      groups.integer!.split(groups.group).length === 2;
    const value = asRate ? toDecimal(groups, groups.group as ',' | '.') : match.groups ? toDecimal(match.groups, decimalMark) : null;
    if (value === null) return [];
    const groupedWhole = decimalMark === 'none' && groups.point === undefined && /\D/.test(groups.integer!);
    return [
      {
        value,
        start: match.index,
        end,
        hasDecimals: groups.point !== undefined || asRate || isDecimalGroup(groups, decimalMark) || groupedWhole,
        isPercentage,
      },
    ];
  });

// Unambiguous decimals: two digits after the separator, not followed by more digits or another group.
const DECIMAL_COMMA = /\d,\d{2}(?![\d.,])/g;
const DECIMAL_POINT = /\d\.\d{2}(?![\d.,])/g;

// A figure grouped in thousands, not inside a date, a version or a longer number.
const GROUPED_WHOLE = /(?<![\d.,])[1-9]\d{0,2}(?:[.,]\d{3})+(?![\d.,])/g;

/**
 * The decimal mark a document's amounts show, when one clearly dominates; 'none' where no figure has cents but
 * several are grouped in thousands: money without minor units.
 */
export const detectDecimalMark = (text: string): DecimalMark => {
  const commas = text.match(DECIMAL_COMMA)?.length ?? 0;
  const points = text.match(DECIMAL_POINT)?.length ?? 0;
  if (commas >= 2 * points && commas > 0) return ',';
  if (points >= 2 * commas && points > 0) return '.';
  if (commas === 0 && points === 0 && (text.match(GROUPED_WHOLE)?.length ?? 0) >= 2) return 'none';
  return null;
};
