import type { PlacedText } from './layout-text.js';
import { median } from '../../../shared/numbers/median.js';

/** Smaller than this share of the typical word's height, both ways, is a dot, not a glyph. */
const SPECK_SHARE = 0.3;
/** A dot with words this close on both sides (in typical word heights) is print: a middle dot, a separator. */
const NEIGHBOUR_REACH = 1.5;

const heightOf = (word: PlacedText) => word.bottom - word.top;

/**
 * The words without the specks OCR reads as words: dust and noise on a scan come back as ":", "i", "|"
 * or "." a few pixels across, on their own between the lines and in the margins, and would make rows
 * and columns of their own in the laid-out text. A dot inside a line of words (a separator between two
 * words) is kept.
 */
export const dropSpecks = <W extends PlacedText>(words: readonly W[]): W[] => {
  const typical = median(words.map(heightOf));
  const limit = SPECK_SHARE * typical;
  const isSpeck = (word: W) => word.right - word.left < limit && heightOf(word) < limit;
  const glyphs = words.filter((word) => !isSpeck(word));
  const reach = NEIGHBOUR_REACH * typical;
  const onLine = (word: W, other: W) => other.top <= (word.top + word.bottom) / 2 && other.bottom >= (word.top + word.bottom) / 2;
  const inLine = (word: W) =>
    glyphs.some((other) => onLine(word, other) && other.right <= word.left && word.left - other.right <= reach) &&
    glyphs.some((other) => onLine(word, other) && other.left >= word.right && other.left - word.right <= reach);
  return words.filter((word) => !isSpeck(word) || inLine(word));
};
