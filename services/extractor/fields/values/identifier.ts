import type { Read } from '../layout/labels.js';
import { parseDate } from './parse-date.js';

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
