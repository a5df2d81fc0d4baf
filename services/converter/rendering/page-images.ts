import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { storedFileBytes } from '../../../shared/files/stored-file-bytes.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import type { PdfPageContent, PdfRegion, PdfRenderer, RenderedPdfPage, RenderedPdfRegion } from './pdf-renderer.js';
import { POINTS_PER_INCH } from './region-pixels.js';
import { encodePagePng, RASTER_CHANNELS } from './source-page-raster.js';

/** What drawing a page needs to know of it. */
export type PageToDraw = Pick<ConvertedPage, 'pageNumber' | 'sourceIndex' | 'sourcePage' | 'image' | 'widthPx'>;

/** A converted page open in its source PDF, to draw all or part of it; closed by whoever opened it. */
export interface SourcePdfPage {
  /** The resolution of the page's size at OCR resolution (`widthPx`): the raster it would have had. */
  readonly ocrDpi: number;
  /** The page's size in points, as it is shown. */
  readonly widthPt: number;
  readonly heightPt: number;
  /** Its text runs and pictures (its text layer and where pictures are drawn). */
  content(): Promise<PdfPageContent>;
  /** Where it draws anything but its text (see `OpenPdf.drawings`). */
  drawings(): Promise<PdfRegion[]>;
  render(dpi: number): Promise<RenderedPdfPage>;
  renderRegion(dpi: number, region: PdfRegion): Promise<RenderedPdfRegion>;
  close(): Promise<void>;
}

/** Opens a converted page's source PDF at that page (see `sourcePdfPagesOf`). */
export type SourcePdfPages = (page: PageToDraw) => Promise<SourcePdfPage>;

/** A converted page opened by `renderer` in `pdf`, the bytes of its source file (see `sourcePdfPagesOf`). */
export const sourcePdfPageIn = async (pdf: Buffer, page: PageToDraw, renderer: PdfRenderer): Promise<SourcePdfPage> => {
  const opened = await renderer.open(pdf);
  const size = opened.pages[page.sourcePage - 1];
  if (!size) {
    await opened.close();
    throw new Error(`page ${page.pageNumber}'s source ${page.sourceIndex} has no page ${page.sourcePage}`);
  }
  return {
    ocrDpi: (page.widthPx * POINTS_PER_INCH) / size.widthPt,
    widthPt: size.widthPt,
    heightPt: size.heightPt,
    content: () => opened.content(page.sourcePage),
    drawings: () => opened.drawings(page.sourcePage),
    render: (dpi) => opened.render(page.sourcePage, dpi),
    renderRegion: (dpi, region) => opened.renderRegion(page.sourcePage, dpi, region),
    close: () => opened.close(),
  };
};

/**
 * Converted pages opened in their source PDFs by `renderer`: where a PDF page's text layer is read, and
 * what a page converted without a raster (it has a usable text layer) is drawn from, as far as a reader
 * needs its pixels. A missing blob is an
 * outage, to be retried (see `storedFileBytes`).
 */
export const sourcePdfPagesOf =
  (blobs: BlobStore, sourceFile: (sourceIndex: number) => StoredFile | undefined, renderer: PdfRenderer): SourcePdfPages =>
  async (page) => {
    const source = sourceFile(page.sourceIndex);
    if (!source) throw new Error(`page ${page.pageNumber} has no raster and its source ${page.sourceIndex} is not stored`);
    return sourcePdfPageIn(await storedFileBytes(blobs, source, `source file ${page.sourceIndex}`), page, renderer);
  };

/** `use` of a page open in its source PDF, closed after. */
export const withSourcePdfPage = async <T>(
  sourcePages: SourcePdfPages,
  page: PageToDraw,
  use: (opened: SourcePdfPage) => Promise<T>,
): Promise<T> => {
  const opened = await sourcePages(page);
  try {
    return await use(opened);
  } finally {
    await opened.close();
  }
};

/** The PNG raster of a converted page at OCR resolution. */
export type PageImages = (page: PageToDraw) => Promise<Buffer>;

/**
 * A page's raster as stored, or, for a page converted without one (it has a usable text layer), drawn
 * whole from its source PDF at the page's size: for the rare reader that needs all its pixels, such as
 * OCR when the text layer cannot be read after all, or the searchable PDF when the source's pages
 * cannot be copied.
 */
export const pageImagesOf =
  (blobs: BlobStore, sourceFile: (sourceIndex: number) => StoredFile | undefined, renderer: PdfRenderer): PageImages =>
  async (page) => {
    if (page.image) return storedFileBytes(blobs, page.image, `image of page ${page.pageNumber}`);
    return withSourcePdfPage(sourcePdfPagesOf(blobs, sourceFile, renderer), page, async (opened) => {
      const dpi = opened.ocrDpi;
      return encodePagePng({ dpi, channels: RASTER_CHANNELS, ...(await opened.render(dpi)) });
    });
  };
