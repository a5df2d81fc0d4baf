import { renderImagePages } from './image-pages.js';
import type { PageRaster, RenderLimits } from './page-raster.js';
import { renderPdfPages } from './pdf-pages.js';
import { RenderingFailure } from './rendering-failure.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/tiff']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);

/**
 * The pages of one file as rasters, made one at a time so the caller can store each before the next exists.
 * Fails with a RenderingFailure when the file cannot become pages. E-invoice XML has no pages and is no
 * failure: the extractor reads the XML itself.
 */
export async function* renderPages(bytes: Buffer, mimeType: string, limits: RenderLimits): AsyncGenerator<PageRaster> {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') yield* renderPdfPages(bytes, limits);
  else if (IMAGE_TYPES.has(type)) yield* renderImagePages(bytes, limits);
  else if (!XML_TYPES.has(type)) throw new RenderingFailure('unsupported_file_type', `${mimeType} files cannot be converted to pages`);
}
