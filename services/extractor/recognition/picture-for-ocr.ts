import { rasterImage, type PageRaster } from '../../../shared/imaging/page-raster.js';
import { withPngDensity } from '../../../shared/imaging/png-density.js';
import type { PageCrop } from './crop-page-region.js';
import { typeHeightOf } from './type-height.js';

/**
 * The x-height, in pixels, Tesseract reads a line at: its LSTM scales every text line to 36 pixels, ascenders and
 * descenders included, so larger type gains nothing but layout analysis over more pixels. 10-point type at 300 dpi,
 * what Tesseract's resolution advice is made for, is about as tall.
 */
const READ_TYPE_PX = 20;
/** A picture is shrunk to at most half its size either way (150 dpi from 300): a guard against a type height misjudged. */
const MIN_SCALE = 0.5;

/** A picture cut out for OCR, perhaps shrunk: `left`, `top` in page pixels, `scale` the PNG's pixels per page pixel. */
export interface PictureCrop extends PageCrop {
  scale: number;
}

/**
 * A picture of a page (`raster`, lying at `at` on the page, in its pixels) as a PNG for OCR, with `whiteMargin`
 * page pixels of white around it, shrunk where its type is larger than OCR reads it at (see `READ_TYPE_PX`).
 * `pixelsPerPoint` is the page's, to tell letters from dots and specks.
 */
export const pictureForOcr = async (
  raster: PageRaster,
  at: { left: number; top: number },
  pixelsPerPoint: number,
  whiteMargin: number,
): Promise<PictureCrop> => {
  const typeHeight = typeHeightOf(raster, pixelsPerPoint);
  const scale = typeHeight === null ? 1 : Math.min(1, Math.max(MIN_SCALE, READ_TYPE_PX / typeHeight));
  const margin = Math.round(whiteMargin * scale);
  const image = rasterImage(raster);
  const shrunk =
    scale < 1 ? image.resize(Math.max(1, Math.round(raster.widthPx * scale)), Math.max(1, Math.round(raster.heightPx * scale))) : image;
  const png = await shrunk.extend({ top: margin, bottom: margin, left: margin, right: margin, background: 'white' }).png().toBuffer();
  return {
    png: raster.dpi ? withPngDensity(png, raster.dpi * scale) : png,
    left: at.left - margin / scale,
    top: at.top - margin / scale,
    scale,
  };
};
