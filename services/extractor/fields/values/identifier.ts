import type { Read } from '../layout/labels.js';
import { parseDate } from './parse-date.js';

// Identifiers hold a digit and may carry separators inside, never at their ends; a short capital series
// letter may stand apart from the digits ("B 48706", as tills print it). A space OCR put on one side of a
// slash ("421 /2025", "421/ 2025") is no gap: with spaces on both sides ("1 / 2") the slash parts two values.
const IDENTIFIER =
  /^(?<skipped>[\s:.#=|'"-]*)(?<value>(?:\p{Lu}{1,2} (?=\d))?[\p{L}\d](?:(?:[\p{L}\d._/-]| (?=\/[\p{L}\d])|(?<=[\p{L}\d]\/) (?=[\p{L}\d]))*[\p{L}\d])?)(?=\s|$|[,;)])/u;
const SPACE_AT_SLASH = / (?=\/)|(?<=\/) /gu;

/** The identifier a piece of text starts with: at least `minLength` characters, a digit, and no date. */
export const readIdentifier = (text: string, minLength: number): Read<string> | null => {
  const match = IDENTIFIER.exec(text);
  const printed = match?.groups?.value;
  const value = printed?.replace(SPACE_AT_SLASH, '');
  if (!match || !printed || !value || value.length < minLength || !/\d/.test(value) || parseDate(value) !== null) return null;
  const start = match.groups!.skipped!.length;
  return { value, start, end: start + printed.length };
};
