import { deskewPage } from './deskew.js';
import { renderImagePages } from './image-pages.js';
import type { PageRaster, RenderLimits } from './page-raster.js';
import { renderPdfPages } from './pdf-pages.js';
import { RenderingFailure } from './rendering-failure.js';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/tiff']);
const XML_TYPES = new Set(['application/xml', 'text/xml']);

const pagesOf = (bytes: Buffer, type: string, limits: RenderLimits): AsyncGenerator<PageRaster> | null => {
  if (type === 'application/pdf') return renderPdfPages(bytes, limits);
  if (IMAGE_TYPES.has(type)) return renderImagePages(bytes, limits);
  return null;
};

/**
 * The pages of one file as upright, deskewed rasters, made one at a time so the caller can store each
 * before the next exists. Fails with a RenderingFailure when the file cannot become pages. E-invoice XML
 * has no pages and is no failure: the extractor reads the XML itself.
 */
export async function* renderPages(bytes: Buffer, mimeType: string, limits: RenderLimits): AsyncGenerator<PageRaster> {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (XML_TYPES.has(type)) return;
  const pages = pagesOf(bytes, type, limits);
  if (!pages) throw new RenderingFailure('unsupported_file_type', `${mimeType} files cannot be converted to pages`);
  for await (const page of pages) yield await deskewPage(page);
}
