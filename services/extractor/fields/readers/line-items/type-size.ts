import type { TextLine } from '../../layout/document-text.js';
import type { Span } from '../../values/finding.js';

// A line under the title set this much smaller is a note about the item ("500 sheets / ream"), not more title.
const SMALLER_TYPE = 0.88;

// Words whose letters reach the capitals' height and none below the line ("Brochures", "250", "4-kleuren"): their
// boxes measure the type, where a word with descenders ("pages", "copies,") is taller than its type and one of
// small letters ("see") shorter.
const REACHES_UP = /[\p{Lu}\dbdfhkl]/u;
const REACHES_DOWN = /[gjpqyQ,;(){}[\]|@$§µ]/u;
const measuresType = (text: string) => REACHES_UP.test(text) && !REACHES_DOWN.test(text);

const wordsIn = ({ line, start, end }: Span) => line.words.filter((word) => word.start < end && start < word.end);
const tallest = (words: TextLine['words']) => Math.max(...words.map((word) => word.box[3] - word.box[1]));

/**
 * The type sizes of two spans, measured alike: from the words whose boxes show the type where both have such,
 * else from every word's box (its tallest: a capital or an ascender, so that short lower-case words do not shrink it).
 */
const typeSizesOf = (span: Span, than: Span): [number, number] | null => {
  const [words, reference] = [wordsIn(span), wordsIn(than)];
  if (words.length === 0 || reference.length === 0) return null;
  const textOf = (word: TextLine['words'][number], of: Span) => of.line.text.slice(word.start, word.end);
  const [measuring, measuringReference] = [
    words.filter((word) => measuresType(textOf(word, span))),
    reference.filter((word) => measuresType(textOf(word, than))),
  ];
  if (measuring.length > 0 && measuringReference.length > 0) return [tallest(measuring), tallest(measuringReference)];
  // Else, on a line with no word reaching both up and down, words of one shape in both ("copie" and "g", small
  // letters reaching below the line): boxes of one shape measure the type alike, where a word with a descender is
  // taller than one reaching only up ("Papier" over "A4"). A word reaching both ways ("Subscription") is measured by
  // the tallest, as brackets and descenders blur such boxes.
  const shapeOf = (text: string) => `${REACHES_UP.test(text)} ${REACHES_DOWN.test(text)}`;
  const shapes = new Set(words.map((word) => shapeOf(textOf(word, span))));
  if (shapes.has('true true')) return [tallest(words), tallest(reference)];
  const shared = reference.filter((word) => shapes.has(shapeOf(textOf(word, than)))).map((word) => shapeOf(textOf(word, than)))[0];
  if (shared === undefined) return [tallest(words), tallest(reference)];
  return [
    tallest(words.filter((word) => shapeOf(textOf(word, span)) === shared)),
    tallest(reference.filter((word) => shapeOf(textOf(word, than)) === shared)),
  ];
};

// Boxes of one type size measured on a scan differ by a rounding: "no taller" allows for it.
const SAME_HEIGHT = 1.01;

// A scan's word boxes blur heights (a note's ascenders and descenders may reach the title's), but not the advance
// of its letters: a line whose letters are this much narrower, and no taller, is smaller type too.
const NARROWER_LETTERS = 0.82;
// Letters needed in each span before their widths say something: a few letters' shapes vary too much.
const LETTERS_FOR_WIDTH = 8;

/** The mean width of a span's characters, as a fraction of the page width; null for too few letters or no boxes. */
const letterWidthOf = (span: Span): number | null => {
  const words = wordsIn(span);
  const characters = words.reduce((sum, word) => sum + (word.end - word.start), 0);
  if (characters < LETTERS_FOR_WIDTH) return null;
  return words.reduce((sum, word) => sum + (word.box[2] - word.box[0]), 0) / characters;
};

export const isSmallerType = (span: Span, than: Span): boolean => {
  const sizes = typeSizesOf(span, than);
  if (sizes === null) return false;
  const [size, reference] = sizes;
  if (size < SMALLER_TYPE * reference) return true;
  const [width, referenceWidth] = [letterWidthOf(span), letterWidthOf(than)];
  return size <= reference * SAME_HEIGHT && width !== null && referenceWidth !== null && width < NARROWER_LETTERS * referenceWidth;
};
