/** A number printed on a line, read in whichever of the region's formats it was written. */
export interface NumberToken {
  /** Decimal string: `-1234.50`, `0.75`, `50`. */
  value: string;
  start: number;
  end: number;
  /** Printed with a decimal part (`.50`, `,-`): money rather than a count, a year or an id. */
  hasDecimals: boolean;
  /** Followed by `%`: a rate, never an amount. */
  isPercentage: boolean;
}

/*
 * Grouped integers need one separator throughout (1'234'567, 1.234.567, 1,234,567) and a non-zero head,
 * so 0.125 stays a fraction. The decimal part uses the other separator; `.-` and `.--` are the Swiss way
 * of printing whole francs. Single spaces group digits before a decimal part; before a decimal comma
 * (1 234,50) that is French and Swiss usage, before a decimal point "7 319.00" is as often a misread
 * currency sign or a quantity column as seven thousand, so it is read as no number at all.
 */
const NUMBER =
  /(?<sign>-\s?)?(?<integer>[1-9]\d{0,2}(?<group>[.,'])\d{3}(?:\k<group>\d{3})*|[1-9]\d{0,2}(?: \d{3})+(?=[.,]\d)|\d+)(?:(?<point>[.,])(?<fraction>\d+|-{1,2}))?/;
// Not part of a longer word or number: no digit, letter, separator or slash glued on either side.
// Currency codes are the one exception on the left, as OCR often drops the space in "CHF1'234.50".
const BEFORE = /(?:(?<=\b(?:CHF|EUR|USD|GBP))|(?<![\p{L}\d.,'_/]))/u.source;
const AFTER = /(?![\p{L}\d_]|[.,'/]\d)/u.source;
const TOKEN = new RegExp(`${BEFORE}${NUMBER.source}${AFTER}`, 'gu');
const WHOLE = new RegExp(`^${NUMBER.source}$`, 'u');

const toDecimal = (groups: Record<string, string | undefined>): string | null => {
  const { sign, integer = '', group, point, fraction } = groups;
  if (group && point === group) return null;
  if (integer.includes(' ') && point === '.') return null;
  const digits = integer.replace(/[^\d]/g, '').replace(/^0+(?=\d)/, '');
  const decimals = fraction && !fraction.startsWith('-') ? `.${fraction}` : '';
  const value = `${digits}${decimals}`;
  return sign && /[1-9]/.test(value) ? `-${value}` : value;
};

/** The value of a printed number (`1'234.50`, `1.234,50`, `1 234,50`, `1,234.50`, `50.-`), or null. */
export const parseDecimal = (printed: string): string | null => {
  const match = WHOLE.exec(printed.trim());
  return match?.groups ? toDecimal(match.groups) : null;
};

/** Every number on a line, left to right; digits inside words, ids and dates, or ambiguous, are not numbers. */
export const findNumbers = (text: string): NumberToken[] =>
  [...text.matchAll(TOKEN)].flatMap((match) => {
    const value = match.groups ? toDecimal(match.groups) : null;
    if (value === null) return [];
    const end = match.index + match[0].length;
    return [
      {
        value,
        start: match.index,
        end,
        hasDecimals: match.groups?.point !== undefined,
        isPercentage: /^\s?%/.test(text.slice(end)),
      },
    ];
  });
