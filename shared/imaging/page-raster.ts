import sharp from 'sharp';

/**
 * A page image as raw 8-bit pixels, row by row: decoded once, so each step that looks at the page
 * (cleaning a scan, cutting regions out for OCR) reads pixels instead of decoding an image again.
 */
export interface PageRaster {
  pixels: Buffer;
  widthPx: number;
  heightPx: number;
  /** Samples per pixel: 1 grey, 2 grey and alpha, 3 RGB, 4 RGB and alpha. */
  channels: 1 | 2 | 3 | 4;
  /** Its resolution where known (a PDF's render resolution, or what the image states); OCR judges type sizes by it. */
  dpi?: number;
}

/** A sharp pipeline reading the raster; its size was checked against the pixel limit when it was made. */
export const rasterImage = (raster: PageRaster) =>
  sharp(raster.pixels, {
    raw: { width: raster.widthPx, height: raster.heightPx, channels: raster.channels },
    limitInputPixels: false,
  });

/** An encoded image (PNG, JPEG…) decoded into its raster, with the resolution the image states. */
export const decodePageRaster = async (image: Buffer): Promise<PageRaster> => {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const { density } = await sharp(image).metadata();
  return { pixels: data, widthPx: info.width, heightPx: info.height, channels: info.channels, dpi: density };
};
