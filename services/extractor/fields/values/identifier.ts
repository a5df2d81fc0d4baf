import type { Read } from '../layout/labels.js';
import { findDates, parseDate } from './parse-date.js';

// Identifiers hold a digit and may carry separators inside, never at their ends; a short capital series
// letter may stand apart from the digits ("B 48706", as tills print it). A space OCR put on one side of a
// slash ("421 /2025", "421/ 2025") is no gap: with spaces on both sides ("1 / 2") the slash parts two values.
// A semicolon before one is a label's colon OCR misread ("Re.-Nr; 793/2025"). A space OCR put inside a year between two
// slashes ("FA02/20 16/032649") is none either.
const IDENTIFIER =
  /^(?<skipped>[\s:;.#=|'"-]*)(?<value>(?:\p{Lu}{1,2} (?=\d))?[\p{L}\d](?:(?:[\p{L}\d._/-]| (?=\/[\p{L}\d])|(?<=[\p{L}\d]\/) (?=[\p{L}\d])|(?<=\/(?:19|20)) (?=\d{2}\/))*[\p{L}\d])?)(?=\s|$|[,;)])/u;
const SPACE_AT_SLASH = / (?=\/)|(?<=\/) |(?<=\/(?:19|20)) (?=\d{2}\/)/gu;

/**
 * The identifier a piece of text starts with: at least `minLength` characters, a digit, and no date, nor the day that
 * opens one ("8 settembre 2025" beside a number's label whose value stands under it).
 */
export const readIdentifier = (text: string, minLength: number): Read<string> | null => {
  const match = IDENTIFIER.exec(text);
  const printed = match?.groups?.value;
  const value = printed?.replace(SPACE_AT_SLASH, '');
  if (!match || !printed || !value || value.length < minLength || !/\d/.test(value) || parseDate(value) !== null) return null;
  const start = match.groups!.skipped!.length;
  if (findDates(text.slice(start))[0]?.start === 0) return null;
  return { value, start, end: start + printed.length };
};
