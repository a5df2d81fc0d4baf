import sharp from 'sharp';
import { grayImageOfRgb, type RgbPixels } from './luminance.js';

/** One byte of luminance per pixel, row by row: what the QR decoders read. */
export interface GrayImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** A page drawn as RGB pixels (see `RenderedPdfPage`), as the QR search is handed it: the same bytes, not copied. */
export const rgbPixelsOfDrawn = ({ pixels, widthPx, heightPx }: { pixels: Buffer; widthPx: number; heightPx: number }): RgbPixels => ({
  rgb: pixels,
  width: widthPx,
  height: heightPx,
});

/**
 * A PNG or JPEG as sRGB pixels: turned upright by its EXIF orientation, transparency laid on white and,
 * given `maxShortSide`, shrunk so that its shorter side is at most that many pixels, in the same pass as
 * it is decoded: a page that is only looked at small is never held at full size.
 */
export const rgbPixelsOf = async (image: Buffer, maxShortSide?: number): Promise<RgbPixels> => {
  const upright = sharp(image).autoOrient().flatten({ background: '#ffffff' });
  const sized = maxShortSide
    ? upright.resize({ width: maxShortSide, height: maxShortSide, fit: 'outside', withoutEnlargement: true })
    : upright;
  const { data, info } = await sized.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
};

/** A PNG or JPEG as luminance (see `rgbPixelsOf`). */
export const grayImageOf = async (image: Buffer, maxShortSide?: number): Promise<GrayImage> =>
  grayImageOfRgb(await rgbPixelsOf(image, maxShortSide));
