import sharp, { type SharpOptions } from 'sharp';
import { RASTER_CHANNELS, type SourcePageRaster, type RenderLimits } from './source-page-raster.js';
import { RenderingFailure, unreadable } from './rendering-failure.js';

const decoding = (limits: RenderLimits): SharpOptions => ({
  // sharp checks the header's dimensions before decoding, so a decompression bomb is refused cheaply.
  limitInputPixels: limits.maxPixels,
  // Scans with a damaged tail are still worth reading; only undecodable files fail.
  failOn: 'error',
});

/** Only TIFF pages are document pages; the frames of an animated WebP are not. */
const pageCountOf = async (bytes: Buffer, limits: RenderLimits): Promise<number> => {
  try {
    const { format, pages = 1 } = await sharp(bytes, decoding(limits)).metadata();
    return format === 'tiff' ? pages : 1;
  } catch (error) {
    throw unreadable('not a readable image', error);
  }
};

const renderPage = async (bytes: Buffer, sourcePage: number, limits: RenderLimits): Promise<SourcePageRaster> => {
  try {
    // Flattening onto white also brings grey, CMYK and 16-bit images to 8-bit RGB.
    const { data, info } = await sharp(bytes, { ...decoding(limits), page: sourcePage - 1 })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== RASTER_CHANNELS) throw new Error(`decoded to ${info.channels} channels instead of ${RASTER_CHANNELS}`);
    return { sourcePage, pixels: data, widthPx: info.width, heightPx: info.height, channels: RASTER_CHANNELS };
  } catch (error) {
    throw unreadable(`page ${sourcePage} of the image could not be decoded`, error);
  }
};

/** PNG, JPEG, WebP and every page of a TIFF, turned upright by their EXIF orientation and laid on white. */
export async function* renderImagePages(bytes: Buffer, limits: RenderLimits): AsyncGenerator<SourcePageRaster> {
  const pageCount = await pageCountOf(bytes, limits);
  if (pageCount > limits.maxPages) {
    throw new RenderingFailure('too_many_pages', `the image has ${pageCount} pages, more than the ${limits.maxPages} allowed`);
  }
  for (let sourcePage = 1; sourcePage <= pageCount; sourcePage++) yield await renderPage(bytes, sourcePage, limits);
}
