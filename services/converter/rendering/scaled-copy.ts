import sharp from 'sharp';

const JPEG_QUALITY = 85;

/** A smaller JPEG of a page raster for people to look at; never wider than the page itself. */
export const scaledCopy = (png: Buffer, widthPx: number): Promise<Buffer> =>
  // The raster was made here, within the pixel limit.
  sharp(png, { limitInputPixels: false })
    .resize({ width: widthPx, withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
