import { overlapsAnyOf } from './box-area.js';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cropPageRegion, placedOnPage } from './crop-page-region.js';
import { grow, isDoubtful, meanConfidence } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';
import { isReading, lettersAndDigitsIn, unreadInkRegions, type InkSearch } from './unread-ink.js';

/** A reading less confident than this (mean over its characters) is a logo, a stamp or a signature read as junk, not type. */
const MIN_CONFIDENCE = 0.75;
/** ...and so is one without a word of at least this many letters or digits. */
const MIN_WORD_CHARACTERS = 3;
/** A word sharing more than this part of its box with another is the same print read twice. */
const MAX_SHARED = 1 / 3;

const isConfidentReading = (words: readonly OcrWord[]) =>
  meanConfidence(words) >= MIN_CONFIDENCE && words.some((word) => lettersAndDigitsIn(word) >= MIN_WORD_CHARACTERS);

type Read = (png: Buffer) => Promise<OcrWord[]>;

/**
 * A cut-out read with page layout analysis first, which tells a ruled box's rows and cells apart, and read
 * as one block of text when that finds nothing confident (it may pass over a lone short line). Doubtful
 * words are left out, so that a rule or a speck read as junk does not sink the words read beside it.
 */
export const readWithLayoutFirst =
  (withLayout: Read, asOneBlock: Read): Read =>
  async (png) => {
    const laidOut = (await withLayout(png)).filter((word) => !isDoubtful(word));
    return isConfidentReading(laidOut) ? laidOut : (await asOneBlock(png)).filter((word) => !isDoubtful(word));
  };

/**
 * The page's words with what a region read on its own adds: its words the page has not read yet, when
 * the reading is confident. The single letters and bars OCR made of the same print on the page give way.
 */
export const withWordsReadAgain = (words: OcrWord[], readAgain: readonly OcrWord[]): OcrWord[] => {
  const added = readAgain.filter((word) => !overlapsAnyOf(word, words.filter(isReading), MAX_SHARED));
  if (added.length === 0 || !isConfidentReading(added)) return words;
  return [...words.filter((word) => isReading(word) || !overlapsAnyOf(word, added, MAX_SHARED)), ...added];
};

/**
 * The page's words after the ink no word covers, shaped like lines of the searched type (see
 * `unreadInkRegions`), was cut out of the page image and read on its own. `read` recognizes a PNG image.
 */
export const readUnreadInk = async (
  pageRaster: () => Promise<PageRaster>,
  words: OcrWord[],
  read: Read,
  search: InkSearch,
): Promise<OcrWord[]> => {
  // Without a word read there is no type size to judge by: no need to decode the page.
  if (!words.some(isReading)) return words;
  const raster = await pageRaster();
  // Each region is read on its own, all at once (on as many OCR workers as there are), and added in order.
  const readings = await Promise.all(
    unreadInkRegions(raster, words, search).map(async (region) => {
      const crop = await cropPageRegion(raster, grow(region, search.contextHeights * (region.bottom - region.top)));
      return crop === null ? null : placedOnPage(await read(crop.png), crop);
    }),
  );
  return readings.reduce<OcrWord[]>((merged, readAgain) => (readAgain === null ? merged : withWordsReadAgain(merged, readAgain)), words);
};
