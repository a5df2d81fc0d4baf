import type { RecognizedWord } from '../../contracts/events/page-words.js';

/**
 * The words of monospaced `lines` as a page's recognized words: each run of non-blanks one word, boxed by its
 * columns (0.006 of the page wide each) and its line (0.02 of the page apart, 0.01 high), read with `confidence`
 * (null: from a text layer).
 */
export const monospacedWords = (lines: readonly string[], confidence: number | null): RecognizedWord[] =>
  lines.flatMap((text, row) =>
    [...text.matchAll(/\S+/g)].map((match) => ({
      text: match[0],
      box: [match.index * 0.006, 0.1 + row * 0.02, (match.index + match[0].length) * 0.006, 0.11 + row * 0.02] as RecognizedWord['box'],
      confidence,
    })),
  );
