import type { BlobRef } from '../../contracts/events/common.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { ConverterConfig } from './converter-config.js';
import type { RenderedPage, SourceRendering } from './converter-core.js';
import { encodePagePng } from './rendering/source-page-raster.js';
import type { PdfRenderer } from './rendering/pdf-renderer.js';
import { renderPages } from './rendering/render-pages.js';
import { RenderingFailure } from './rendering/rendering-failure.js';
import { scaledCopy } from './rendering/scaled-copy.js';

export interface SourceFile {
  index: number;
  bytes: Buffer;
  mimeType: string;
}

/**
 * Renders one stored file and puts each page's raster, preview and (for its first page) thumbnail in the
 * blob store as soon as they are made, so at most one page is held in memory. A file that cannot become
 * pages is a failed rendering; trouble with the blob store is thrown, to be retried.
 */
export const renderSource = async (
  source: SourceFile,
  pageBudget: number,
  blobs: BlobStore,
  config: ConverterConfig,
  renderer: PdfRenderer,
): Promise<SourceRendering> => {
  const limits = { maxPages: pageBudget, maxPixels: config.CONVERT_MAX_PIXELS, dpi: config.CONVERT_OCR_DPI };
  const pages: RenderedPage[] = [];
  let thumbnail: BlobRef | null = null;
  try {
    for await (const raster of renderPages(source.bytes, source.mimeType, limits, renderer)) {
      // Encoded side by side on sharp's threads.
      const [image, preview, pageThumbnail] = await Promise.all([
        encodePagePng(raster).then((png) => blobs.put(png)),
        scaledCopy(raster, config.PREVIEW_WIDTH_PX).then((jpeg) => blobs.put(jpeg)),
        raster.sourcePage === 1 ? scaledCopy(raster, config.THUMBNAIL_WIDTH_PX).then((jpeg) => blobs.put(jpeg)) : null,
      ]);
      thumbnail ??= pageThumbnail;
      pages.push({ sourcePage: raster.sourcePage, image, preview, widthPx: raster.widthPx, heightPx: raster.heightPx });
    }
  } catch (error) {
    if (error instanceof RenderingFailure) return { sourceIndex: source.index, outcome: 'failed', code: error.code, detail: error.message };
    throw error;
  }
  return { sourceIndex: source.index, outcome: 'rendered', pages, thumbnail };
};
