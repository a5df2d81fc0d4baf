import type { RecognizedWord } from '../../../contracts/events/page-words.js';

export type Word = RecognizedWord;
/** A document's recognized words by page number, as the field extraction reads them. */
export type PageWords = ReadonlyMap<number, readonly Word[]>;

/** Letters and digits only, accents dropped, lower case: a value compared with OCR's words whatever their spacing. */
export const normalized = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

const height = (word: Word) => word.box[3] - word.box[1];
const middle = (word: Word) => (word.box[1] + word.box[3]) / 2;
/** A gap wider than this (a fraction of the page's width) separates two columns' text on one row. */
const COLUMN_GAP = 0.025;

/**
 * A page's words as runs of text, left to right: words whose middles lie within half a word's height share a
 * row, and a row is cut where a gap separates columns (the sender's block beside the receiver's).
 */
export const runsOf = (words: readonly Word[]): Word[][] => {
  const rows: Word[][] = [];
  for (const word of [...words].sort((a, b) => middle(a) - middle(b))) {
    const row = rows.find((r) => Math.abs(middle(r[0]!) - middle(word)) < 0.45 * Math.max(height(r[0]!), height(word)));
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows.flatMap((row) => {
    const runs: Word[][] = [];
    for (const word of row.sort((a, b) => a.box[0] - b.box[0])) {
      const run = runs.at(-1);
      if (run && word.box[0] - run.at(-1)!.box[2] <= COLUMN_GAP) run.push(word);
      else runs.push([word]);
    }
    return runs;
  });
};

/** Where a run prints `value`: each sequence of its words whose letters and digits are the value's. */
export const printsIn = (runs: readonly Word[][], value: string): Word[][] => {
  const target = normalized(value);
  if (!target) return [];
  return runs.flatMap((run) =>
    run.flatMap((_, start) => {
      let text = '';
      for (let end = start; end < run.length; end++) {
        text += normalized(run[end]!.text);
        if (text === target) return [run.slice(start, end + 1)];
        if (text.length >= target.length) break;
      }
      return [];
    }),
  );
};
