import type { TextLine } from '../../layout/document-text.js';
import { spanOf, type Span } from '../../values/finding.js';

// A word OCR was this unsure of, a column gap before the rest of its line, is a speck read as letters ("an", "cu.").
const SPECK_WORD_CONFIDENCE = 0.5;
const SPECK_WORD_LENGTH = 3;
const COLUMN_GAP = 3;

/**
 * The line from its print on: without a short word OCR barely read, a column gap left of the rest ("an        Santis
 * Sàrl" on a till slip, its name centred): dust in the margin, no word of the header, which is set in one run.
 */
const fromPrint = (line: TextLine): string => {
  const [first, next] = line.words;
  const speck =
    first !== undefined &&
    next !== undefined &&
    first.confidence !== null &&
    first.confidence < SPECK_WORD_CONFIDENCE &&
    first.end - first.start <= SPECK_WORD_LENGTH &&
    next.start - first.end >= COLUMN_GAP;
  // Marks without a letter or digit OCR barely read at the line's end ("Boulevard Carl-Vogt 133 --"): specks too.
  const last = line.words.at(-1);
  const speckAfter =
    line.words.length > 1 &&
    last!.confidence !== null &&
    last!.confidence < SPECK_WORD_CONFIDENCE &&
    !/[\p{L}\d]/u.test(line.text.slice(last!.start, last!.end));
  return line.text.slice(speck ? next.start : 0, speckAfter ? last!.start : line.text.length);
};

// A character or two a column gap away from the line is a speck or a scan's edge, not print: "J         NO. 53, JALAN BESAR",
// '"i        9000 St. Gallen' (marks around at most one letter, no digit, before the line); so is a lone digit a column gap
// before the house or lot number that opens an address ("3            NO.22 JALAN PUTERI 2/4"): no address numbers its "NO".
export const text = (line: TextLine): string =>
  fromPrint(line)
    .trim()
    .replace(/^[^\s\p{L}\d]*\p{L}?[^\s\p{L}\d]*\s{3,}|^\d\s{3,}(?=[Nn][Oo](?!\p{L})|[Ll][Oo][Tt](?!\p{L}))|\s{3,}\S{1,2}$/gu, '')
    // A bar glued to a word's capitals is its I ("|JOK, 45600 BESTARI JAYA"): the scan's edge is read as a bar apart.
    .replace(/(?<!\S)\|(?=\p{Lu}{2})/gu, 'I')
    // The scan's edge read as a bar before the print: "|  No 8, Jalan 7/118B".
    .replace(/^\|+\s*/u, '')
    // Specks read as points and dashes before the print ("A     .-  -Prinsengracht 39bis"): no line of a header opens so.
    // (One mark and the spaces after it at a time: a run of dashes with nothing after it is matched in one pass.)
    .replace(/^(?:[.,:;'`’_~–—-]\s*)+(?=\p{L})/u, '')
    // Specks read as marks, or as a digit with a mark, before a street's first word or a postal code ('5:  Piazza dei
    // Signori 78', '+"  80133 Napoli'): a mark glued to nothing but a digit and spaces away from the print opens no line.
    .replace(/^(?:\d[:;]|[^\s\p{L}\d]{1,3})\s+(?=\p{Lu}\p{Ll}+ |\d{4,5} \p{Lu})/u, '')
    // An exclamation mark before a word's letters is its l as OCR reads it ("56000 Kuala !umpur"): no print puts one there.
    .replace(/(?<![^\s\p{L}])!(?=\p{L})/gu, (_, at: number, whole: string) => (/\p{Lu}/u.test(whole[at + 1]!) ? 'L' : 'l'))
    .replace(/\s{2,}/g, ' ');
export const spanOfLine = (line: TextLine): Span =>
  spanOf(line, line.text.length - line.text.trimStart().length, line.text.trimEnd().length);
export const lettersIn = (value: string): number => (value.match(/\p{L}/gu) ?? []).length;
export const trimPunctuation = (value: string): string => value.replace(/^[\s,;:'"„“”‘’|_~*-]+|[\s,;'"„“”‘’|_~*]+$/gu, '');
// An exclamation mark after a word's capitals is its I as OCR reads it ("45600 BESTAR! JAYA"): no address prints one.
export const heightOf = (line: TextLine): number => {
  const heights = line.words.map((word) => word.box[3] - word.box[1]).sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)] ?? 0;
};

/** A line's text from one column to another, with its words and segments there: a part printed beside another. */
export const partOfLine = (line: TextLine, from: number, to = line.text.length): TextLine => ({
  ...line,
  text: ' '.repeat(from) + line.text.slice(from, to),
  segments: line.segments.filter((segment) => segment.start >= from && segment.start < to),
  words: line.words.filter((word) => word.start >= from && word.start < to),
});
