import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cropPageRegion, placedOnPage } from './crop-page-region.js';
import { doubtfulRegions, grow, meanConfidence, mergeReread, typicalWordHeight } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

/** White space left around a region cut out to be read again, in typical word heights: OCR needs a margin. */
const PADDING_HEIGHTS = 0.3;
/** A region read again with less confidence than this (mean over its characters) is still read badly. */
const CONFIDENT_READING = 0.75;
/** A region's words this many times the page's type height (median against median) are rows read together. */
const ROWS_RUN_TOGETHER = 2;

type Read = (png: Buffer) => Promise<OcrWord[]>;

/**
 * Whether a region read as one block ran a ruled table's rows together: a ruled table's rows can come back two
 * or more at a time, each pair read as one line of nonsense twice the type's height or more. Page layout
 * analysis finds such a table's rows and cells; elsewhere it is no better, and may pass over a lone short line.
 */
const ranRowsTogether = (reading: readonly OcrWord[], typeHeight: number): boolean =>
  meanConfidence(reading) < CONFIDENT_READING && typicalWordHeight(reading) >= ROWS_RUN_TOGETHER * typeHeight;

/**
 * The page's words after its doubtful regions (see `doubtfulRegions`) were cut out of the page image and
 * read again on their own, each region's more confident reading kept. `read` recognizes a PNG image as one
 * block of text, `readWithLayout` with page layout analysis (for a region whose rows ran together, see
 * `ranRowsTogether`); `pageRaster` decodes the page image (only when a region is read).
 */
export const rereadDoubtfulRegions = async (
  pageRaster: () => Promise<PageRaster>,
  words: OcrWord[],
  read: Read,
  readWithLayout: Read,
): Promise<OcrWord[]> => {
  const regions = doubtfulRegions(words);
  if (regions.length === 0) return words;
  const raster = await pageRaster();
  const typeHeight = typicalWordHeight(words);
  const padding = Math.round(PADDING_HEIGHTS * typeHeight);
  // The regions do not overlap, so they are read at once (on as many OCR workers as there are) and merged in order.
  const rereads = await Promise.all(
    regions.map(async (region) => {
      const crop = await cropPageRegion(raster, grow(region, padding));
      if (crop === null) return null;
      const asOneBlock = await read(crop.png);
      if (!ranRowsTogether(asOneBlock, typeHeight)) return placedOnPage(asOneBlock, crop);
      const laidOut = await readWithLayout(crop.png);
      return placedOnPage(meanConfidence(laidOut) > meanConfidence(asOneBlock) ? laidOut : asOneBlock, crop);
    }),
  );
  return rereads.reduce<OcrWord[]>(
    (merged, reread, index) => (reread === null ? merged : mergeReread(merged, regions[index]!, reread)),
    words,
  );
};
