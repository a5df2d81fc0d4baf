import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cropPageRegion, placedOnPage } from './crop-page-region.js';
import { doubtfulRegions, grow, meanConfidence, mergeReread, typicalWordHeight } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

/** White space left around a region cut out to be read again, in typical word heights: OCR needs a margin. */
const PADDING_HEIGHTS = 0.3;
/** A region read again with less confidence than this (mean over its characters) is still read badly. */
const CONFIDENT_READING = 0.75;

type Read = (png: Buffer) => Promise<OcrWord[]>;

/**
 * A doubtful region read as one block of text and, where that reading is still not confident, with page
 * layout analysis too; the more confident of the two is kept. Read as one block, a ruled table's rows can
 * come back two at a time as lines twice the type's height, read as nonsense; layout analysis finds the
 * table's rows and cells. It is the second choice because it may pass over a lone short line.
 */
export const readAsOneBlockThenWithLayout =
  (asOneBlock: Read, withLayout: Read): Read =>
  async (png) => {
    const oneBlock = await asOneBlock(png);
    if (meanConfidence(oneBlock) >= CONFIDENT_READING) return oneBlock;
    const laidOut = await withLayout(png);
    return meanConfidence(laidOut) > meanConfidence(oneBlock) ? laidOut : oneBlock;
  };

/**
 * The page's words after its doubtful regions (see `doubtfulRegions`) were cut out of the page image and
 * read again on their own, each region's more confident reading kept. `read` recognizes a PNG image;
 * `pageRaster` decodes the page image (only when a region is read).
 */
export const rereadDoubtfulRegions = async (pageRaster: () => Promise<PageRaster>, words: OcrWord[], read: Read): Promise<OcrWord[]> => {
  const regions = doubtfulRegions(words);
  if (regions.length === 0) return words;
  const raster = await pageRaster();
  const padding = Math.round(PADDING_HEIGHTS * typicalWordHeight(words));
  // The regions do not overlap, so they are read at once (on as many OCR workers as there are) and merged in order.
  const rereads = await Promise.all(
    regions.map(async (region) => {
      const crop = await cropPageRegion(raster, grow(region, padding));
      return crop === null ? null : placedOnPage(await read(crop.png), crop);
    }),
  );
  return rereads.reduce<OcrWord[]>(
    (merged, reread, index) => (reread === null ? merged : mergeReread(merged, regions[index]!, reread)),
    words,
  );
};
