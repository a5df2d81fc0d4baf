import { segmentsOf, type LineWord, type TextLine } from '../layout/document-text.js';

const middleOf = (word: LineWord) => (word.box[1] + word.box[3]) / 2;
const heightOf = (word: LineWord) => word.box[3] - word.box[1];
const sideGap = (word: LineWord, other: LineWord) => Math.max(0, other.box[0] - word.box[2], word.box[0] - other.box[2]);

// How far apart the middles of two words printed on one line may stand, as a share of the smaller one's height:
// well under a line's pitch, so the words of the line above or below never pass.
const ONE_LINE = 0.3;

/** Whether a word is printed at the height of the word of `others` nearest to it across the page: on that word's line. */
const atHeightOf = (word: LineWord, others: readonly LineWord[]): boolean => {
  const nearest = [...others].sort((a, b) => sideGap(word, a) - sideGap(word, b))[0];
  return nearest !== undefined && Math.abs(middleOf(word) - middleOf(nearest)) <= ONE_LINE * Math.min(heightOf(word), heightOf(nearest));
};

const isBlank = (text: string, start: number, end: number) => text.slice(Math.max(0, start), end).trim() === '';

/**
 * Where a word moved into a row's text starts: at its own columns where the row is blank there and a space around
 * them, else right before the row's word it is printed right before (a word space apart at most, the type's height),
 * one space apart: "Combinaison" before "de bureau", "9" before "000,00" (columns of two lines laid out apart may
 * overlap by a character).
 */
const startIn = (text: string, row: readonly LineWord[], word: LineWord, length: number): number | null => {
  if (isBlank(text, word.start - 1, word.end + 1)) return word.start;
  const next = row.find(
    (other) => other.box[0] >= word.box[2] && other.box[0] - word.box[2] <= heightOf(word) && atHeightOf(word, [other]),
  );
  const start = next ? next.start - 1 - length : -1;
  return start > 0 && isBlank(text, start - 1, next!.start) ? start : null;
};

const withText = (line: TextLine, text: string, words: LineWord[]): TextLine => ({
  ...line,
  text: text.trimEnd(),
  segments: segmentsOf(text.trimEnd()),
  words: [...words].sort((a, b) => a.start - b.start),
});

/** The row `into` with the words of `from` put in their places; null where one has no room there. */
const joined = (into: TextLine, from: TextLine, moved: readonly LineWord[]): { row: TextLine; rest: TextLine } | null => {
  let text = into.text;
  const words = [...into.words];
  let rest = from.text;
  for (const word of [...moved].sort((a, b) => a.start - b.start)) {
    const wordText = from.text.slice(word.start, word.end);
    const start = startIn(text, into.words, word, wordText.length);
    if (start === null) return null;
    text = text.padEnd(start + wordText.length);
    text = text.slice(0, start) + wordText + text.slice(start + wordText.length);
    words.push({ ...word, start, end: start + wordText.length });
    rest = rest.slice(0, word.start) + ' '.repeat(wordText.length) + rest.slice(word.end);
  }
  return {
    row: withText(into, text, words),
    rest: withText(
      from,
      rest,
      from.words.filter((word) => !moved.includes(word)),
    ),
  };
};

/**
 * A table's rows with the words the layout set on a line of their own though printed on a row's line ("Combinaison"
 * under "de bureau  79,00  300,00  23 700,00", pulled to the line of an address printed beside the table; "37,00"
 * over the rest of its row): two lines right after one another where every word of one within the table (right of
 * `left`, its first column's start) stands at the height of the other's word nearest to it are one printed row, the
 * line with fewer such words put into the other, each word at its place. Lines without word boxes stay as they are.
 */
export const withSplitRowsJoined = (lines: readonly TextLine[], left: number): TextLine[] => {
  const out = [...lines];
  const inTable = (line: TextLine) => line.words.filter((word) => word.start >= left);
  for (let index = 0; index + 1 < out.length; index++) {
    const [upper, lower] = [out[index]!, out[index + 1]!];
    if (upper.page !== lower.page || lower.index !== upper.index + 1) continue;
    const [upperWords, lowerWords] = [inTable(upper), inTable(lower)];
    if (upperWords.length === 0 || lowerWords.length === 0) continue;
    const fromUpper = upperWords.length < lowerWords.length;
    const [from, into, moved, others] = fromUpper ? [upper, lower, upperWords, lowerWords] : [lower, upper, lowerWords, upperWords];
    if (!moved.every((word) => atHeightOf(word, others))) continue;
    const result = joined(into, from, moved);
    if (!result) continue;
    out[fromUpper ? index + 1 : index] = result.row;
    out[fromUpper ? index : index + 1] = result.rest;
    index++;
  }
  return out;
};
