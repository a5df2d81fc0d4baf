import sharp, { type Sharp } from 'sharp';
import { rasterImage, type PageRaster } from '../../../shared/imaging/page-raster.js';
import { withPngDensity } from '../../../shared/imaging/png-density.js';
import type { Region } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

export interface PageCrop {
  png: Buffer;
  /** Where the PNG's top left corner lies on the page, in pixels (outside it when a white margin was added). */
  left: number;
  top: number;
}

/** A page image to cut regions out of: its size in pixels, its density, and a sharp pipeline reading it. */
export interface CroppablePage {
  widthPx: number;
  heightPx: number;
  dpi?: number;
  read: () => Sharp;
}

export const croppableRaster = (raster: PageRaster): CroppablePage => ({
  widthPx: raster.widthPx,
  heightPx: raster.heightPx,
  ...(raster.dpi === undefined ? {} : { dpi: raster.dpi }),
  read: () => rasterImage(raster),
});

/**
 * An encoded page image (PNG, JPEG) to cut regions out of without decoding it whole: it is read row by
 * row and only as far down as a region reaches (a logo at the top of a page costs a sixth of the page).
 */
export const croppableImage = async (image: Buffer): Promise<CroppablePage> => {
  const { width, height, density } = await sharp(image).metadata();
  if (width === undefined || height === undefined) throw new Error('the page image has no size');
  return {
    widthPx: width,
    heightPx: height,
    ...(density === undefined ? {} : { dpi: density }),
    read: () => sharp(image, { sequentialRead: true }),
  };
};

/** The whole pixels of `region` on the page, clipped to it; null when less than 2 × 2 pixels of it are on the page. */
export const pixelBoxOnPage = (page: { widthPx: number; heightPx: number }, region: Region) => {
  const left = Math.max(0, Math.floor(region.left));
  const top = Math.max(0, Math.floor(region.top));
  const width = Math.min(page.widthPx, Math.ceil(region.right)) - left;
  const height = Math.min(page.heightPx, Math.ceil(region.bottom)) - top;
  return width < 2 || height < 2 ? null : { left, top, width, height };
};

/**
 * The part of the page inside `region` (pixels, clipped to the page) as a PNG of the page's density, with
 * `whiteMargin` pixels of white around it. Null when less than 2 × 2 pixels of the region are on the page.
 */
export const cropRegion = async (page: CroppablePage, region: Region, whiteMargin = 0): Promise<PageCrop | null> => {
  const box = pixelBoxOnPage(page, region);
  if (!box) return null;
  const { left, top } = box;
  const crop = page
    .read()
    .extract(box)
    .extend({ top: whiteMargin, bottom: whiteMargin, left: whiteMargin, right: whiteMargin, background: 'white' });
  const png = await crop.png().toBuffer();
  return { png: page.dpi ? withPngDensity(png, page.dpi) : png, left: left - whiteMargin, top: top - whiteMargin };
};

/** `cropRegion` of a decoded page. */
export const cropPageRegion = (raster: PageRaster, region: Region, whiteMargin = 0): Promise<PageCrop | null> =>
  cropRegion(croppableRaster(raster), region, whiteMargin);

/** Words read from a crop, moved to where they are on the page. */
export const placedOnPage = (words: readonly OcrWord[], crop: PageCrop): OcrWord[] =>
  words.map((word) => ({
    ...word,
    left: word.left + crop.left,
    right: word.right + crop.left,
    top: word.top + crop.top,
    bottom: word.bottom + crop.top,
  }));
