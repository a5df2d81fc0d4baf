import sharp from 'sharp';
import { doubtfulRegions, mergeReread, typicalWordHeight } from './doubtful-regions.js';
import type { OcrWord } from './tesseract-recognizer.js';

/** White space left around a region cut out to be read again, in typical word heights: OCR needs a margin. */
const PADDING_HEIGHTS = 0.3;

/**
 * The page's words after its doubtful regions (see `doubtfulRegions`) were cut out of the page image and
 * read again on their own, each region's more confident reading kept. `read` recognizes a PNG image.
 */
export const rereadDoubtfulRegions = async (image: Buffer, words: OcrWord[], read: (png: Buffer) => Promise<OcrWord[]>): Promise<OcrWord[]> => {
  const regions = doubtfulRegions(words);
  if (regions.length === 0) return words;
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { density } = await sharp(image).metadata();
  const padding = Math.round(PADDING_HEIGHTS * typicalWordHeight(words));
  let merged = words;
  for (const region of regions) {
    const left = Math.max(0, Math.floor(region.left) - padding);
    const top = Math.max(0, Math.floor(region.top) - padding);
    const width = Math.min(info.width, Math.ceil(region.right) + padding) - left;
    const height = Math.min(info.height, Math.ceil(region.bottom) + padding) - top;
    if (width < 2 || height < 2) continue;
    const crop = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).extract({ left, top, width, height });
    const png = await (density ? crop.withMetadata({ density }) : crop).png().toBuffer();
    const reread = (await read(png)).map((word) => ({ ...word, left: word.left + left, right: word.right + left, top: word.top + top, bottom: word.bottom + top }));
    merged = mergeReread(merged, region, reread);
  }
  return merged;
};
