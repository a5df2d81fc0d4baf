import { overlapsAnyOf } from './box-area.js';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cropPageRegion, placedOnPage } from './crop-page-region.js';
import { grow, meanConfidence } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';
import { isReading, lettersAndDigitsIn, unreadInkRegions } from './unread-ink.js';

/** Around a region of unread ink, the cut-out takes in this many of its heights on every side: OCR needs a margin. */
const CONTEXT_HEIGHTS = 0.5;
/** A reading less confident than this (mean over its characters) is a logo, a stamp or a signature read as junk, not type. */
const MIN_CONFIDENCE = 0.75;
/** ...and so is one without a word of at least this many letters or digits. */
const MIN_WORD_CHARACTERS = 3;
/** A word sharing more than this part of its box with another is the same print read twice. */
const MAX_SHARED = 1 / 3;

const isConfidentReading = (words: readonly OcrWord[]) =>
  meanConfidence(words) >= MIN_CONFIDENCE && words.some((word) => lettersAndDigitsIn(word) >= MIN_WORD_CHARACTERS);

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
 * The page's words after the ink no word covers, shaped like lines of large type (see `unreadInkRegions`),
 * was cut out of the page image and read on its own. `read` recognizes a PNG image.
 */
export const readUnreadInk = async (
  pageRaster: () => Promise<PageRaster>,
  words: OcrWord[],
  read: (png: Buffer) => Promise<OcrWord[]>,
): Promise<OcrWord[]> => {
  // Without a word read there is no type size to judge by: no need to decode the page.
  if (!words.some(isReading)) return words;
  const raster = await pageRaster();
  // Each region is read on its own, all at once (on as many OCR workers as there are), and added in order.
  const readings = await Promise.all(
    unreadInkRegions(raster, words).map(async (region) => {
      const crop = await cropPageRegion(raster, grow(region, CONTEXT_HEIGHTS * (region.bottom - region.top)));
      return crop === null ? null : placedOnPage(await read(crop.png), crop);
    }),
  );
  return readings.reduce<OcrWord[]>((merged, readAgain) => (readAgain === null ? merged : withWordsReadAgain(merged, readAgain)), words);
};
