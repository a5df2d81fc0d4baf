import type { TextLine } from './document-text.js';
import { findNumbers, type DecimalMark, type NumberToken } from '../values/parse-number.js';

/**
 * Every number on a line, like `findNumbers`, but apart where two printed words touch without a space:
 * a layout may lay "4.301,36" and "817,26" side by side as "4.301,36817,26", which reads as no number
 * at all. The word boxes tell where one printed word ends and the next begins.
 */
export const findLineNumbers = (line: TextLine, text: string = line.text, decimalMark: DecimalMark = null): NumberToken[] => {
  const cuts = line.words
    .filter((word, index) => {
      const next = line.words[index + 1];
      return next !== undefined && next.start === word.end && /\d/.test(text[word.end - 1] ?? '') && /[\d-]/.test(text[word.end] ?? '');
    })
    .map((word) => word.end);
  if (cuts.length === 0) return findNumbers(text, decimalMark);
  const bounds = [0, ...cuts, text.length];
  return bounds.slice(0, -1).flatMap((start, index) =>
    findNumbers(text.slice(start, bounds[index + 1]), decimalMark).map((number) => ({
      ...number,
      start: number.start + start,
      end: number.end + start,
    })),
  );
};
