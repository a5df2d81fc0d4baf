import type { BlobRef } from '../../contracts/events/common.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { ConverterConfig } from './converter-config.js';
import type { RenderedPage, SourceRendering } from './converter-core.js';
import { encodePagePng, type SourcePageRaster } from './rendering/source-page-raster.js';
import type { PdfRenderer } from './rendering/pdf-renderer.js';
import { isTextLayerPage, type TextLayerPdfPage } from './rendering/pdf-pages.js';
import { renderPages } from './rendering/render-pages.js';
import { RenderingFailure } from './rendering/rendering-failure.js';
import { scaledCopy, viewingCopy } from './rendering/scaled-copy.js';

export interface SourceFile {
  index: number;
  bytes: Buffer;
  mimeType: string;
}

type StoredViews = Pick<RenderedPage, 'image' | 'preview' | 'showsOnlyText'> & { thumbnail: BlobRef | null };

/** A raster page's PNG, preview and (for its first page) thumbnail, encoded side by side on sharp's threads. */
const storeRasterPage = async (raster: SourcePageRaster, blobs: BlobStore, config: ConverterConfig): Promise<StoredViews> => {
  const [image, preview, thumbnail] = await Promise.all([
    encodePagePng(raster).then((png) => blobs.put(png)),
    scaledCopy(raster, config.PREVIEW_WIDTH_PX).then((jpeg) => blobs.put(jpeg)),
    raster.sourcePage === 1 ? scaledCopy(raster, config.THUMBNAIL_WIDTH_PX).then((jpeg) => blobs.put(jpeg)) : null,
  ]);
  return { image, preview, thumbnail, showsOnlyText: false };
};

/**
 * A page with a usable text layer: no raster, its preview drawn by the renderer at its own width (never wider than
 * the page at the OCR resolution, as a preview scaled from its raster would be), and its thumbnail scaled from that
 * drawing on sharp's threads, beside the preview's encoding: drawing the page again at the thumbnail's width cost
 * PDFium a third of the preview's time (the page's pictures decoded and its paths filled again), the scaling a few
 * milliseconds. A thumbnail wider than the preview is drawn at its own width.
 */
const storeTextLayerPage = async (page: TextLayerPdfPage, blobs: BlobStore, config: ConverterConfig): Promise<StoredViews> => {
  const previewWidth = Math.min(config.PREVIEW_WIDTH_PX, page.widthPx);
  const preview = await page.drawn(previewWidth);
  const thumbnailWidth = Math.min(config.THUMBNAIL_WIDTH_PX, page.widthPx);
  const thumbnailOf = async () =>
    thumbnailWidth <= previewWidth ? scaledCopy(preview, thumbnailWidth) : viewingCopy(await page.drawn(thumbnailWidth));
  const [previewRef, thumbnail] = await Promise.all([
    viewingCopy(preview).then((jpeg) => blobs.put(jpeg)),
    page.sourcePage === 1 ? thumbnailOf().then((jpeg) => blobs.put(jpeg)) : null,
  ]);
  return { image: null, preview: previewRef, thumbnail, showsOnlyText: page.showsOnlyText };
};

/**
 * Renders one stored file and puts each page's raster, preview and (for its first page) thumbnail in the
 * blob store as soon as they are made, so at most one page is held in memory. A PDF page with a usable
 * text layer gets no raster (see `TextLayerPdfPage`). A file that cannot become
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
    for await (const page of renderPages(source.bytes, source.mimeType, limits, renderer, 'leave')) {
      const stored = isTextLayerPage(page) ? await storeTextLayerPage(page, blobs, config) : await storeRasterPage(page, blobs, config);
      thumbnail ??= stored.thumbnail;
      pages.push({
        sourcePage: page.sourcePage,
        image: stored.image,
        preview: stored.preview,
        widthPx: page.widthPx,
        heightPx: page.heightPx,
        showsOnlyText: stored.showsOnlyText,
      });
    }
  } catch (error) {
    if (error instanceof RenderingFailure) return { sourceIndex: source.index, outcome: 'failed', code: error.code, detail: error.message };
    throw error;
  }
  return { sourceIndex: source.index, outcome: 'rendered', pages, thumbnail };
};
