import sharp from 'sharp';
import type { Region } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

/** A page image decoded once, to cut several regions out of it. */
export interface PageRaster {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  /** Dots per inch, when the image says: OCR judges the type size by it. */
  density: number | undefined;
}

export const decodePageRaster = async (image: Buffer): Promise<PageRaster> => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { density } = await sharp(image).metadata();
  return { pixels: data, width: info.width, height: info.height, channels: info.channels, density };
};

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
  const width = Math.min(raster.width, Math.ceil(region.right)) - left;
  const height = Math.min(raster.height, Math.ceil(region.bottom)) - top;
  if (width < 2 || height < 2) return null;
  const crop = sharp(raster.pixels, { raw: { width: raster.width, height: raster.height, channels: raster.channels } })
    .extract({ left, top, width, height })
    .extend({ top: whiteMargin, bottom: whiteMargin, left: whiteMargin, right: whiteMargin, background: 'white' });
  const png = await (raster.density ? crop.withMetadata({ density: raster.density }) : crop).png().toBuffer();
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
