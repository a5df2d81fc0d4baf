import { decodePageRaster, rasterImage, type PageRaster } from '../../../shared/imaging/page-raster.js';
import type { Region } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

/** The page image decoded on first use and only once, however many passes cut regions out of it. */
export const lazyPageRaster = (image: Buffer): (() => Promise<PageRaster>) => {
  let decoded: Promise<PageRaster> | null = null;
  return () => (decoded ??= decodePageRaster(image));
};

export interface PageCrop {
  png: Buffer;
  /** Where the PNG's top left corner lies on the page, in pixels (outside it when a white margin was added). */
  left: number;
  top: number;
}

/**
 * The part of the page inside `region` (pixels, clipped to the page) as a PNG of the page's density, with
 * `whiteMargin` pixels of white around it. Null when less than 2 × 2 pixels of the region are on the page.
 */
export const cropPageRegion = async (raster: PageRaster, region: Region, whiteMargin = 0): Promise<PageCrop | null> => {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const width = Math.min(raster.widthPx, Math.ceil(region.right)) - left;
  const height = Math.min(raster.heightPx, Math.ceil(region.bottom)) - top;
  if (width < 2 || height < 2) return null;
  const crop = rasterImage(raster)
    .extract({ left, top, width, height })
    .extend({ top: whiteMargin, bottom: whiteMargin, left: whiteMargin, right: whiteMargin, background: 'white' });
  const png = await (raster.dpi ? crop.withMetadata({ density: raster.dpi }) : crop).png().toBuffer();
  return { png, left: left - whiteMargin, top: top - whiteMargin };
};

/** Words read from a crop, moved to where they are on the page. */
export const placedOnPage = (words: readonly OcrWord[], crop: PageCrop): OcrWord[] =>
  words.map((word) => ({
    ...word,
    left: word.left + crop.left,
    right: word.right + crop.left,
    top: word.top + crop.top,
    bottom: word.bottom + crop.top,
  }));
