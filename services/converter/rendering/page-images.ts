import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { storedFileBytes } from '../../../shared/files/stored-file-bytes.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import type { PdfRenderer } from './pdf-renderer.js';
import { encodePagePng, RASTER_CHANNELS } from './source-page-raster.js';

const POINTS_PER_INCH = 72;

/** What drawing a page needs to know of it. */
export type PageToDraw = Pick<ConvertedPage, 'pageNumber' | 'sourceIndex' | 'sourcePage' | 'image' | 'widthPx'>;

/** The PNG raster of a converted page at OCR resolution. */
export type PageImages = (page: PageToDraw) => Promise<Buffer>;

/**
 * A page's raster as stored, or, for a page converted without one (it paints nothing but its text
 * layer), drawn from its source PDF by `renderer` at the page's size (`widthPx`): for the rare reader that
 * still needs its pixels, such as OCR when the text layer cannot be read after all, or the searchable PDF
 * when the source's pages cannot be copied. A missing blob is an outage, to be retried (see `storedFileBytes`).
 */
export const pageImagesOf =
  (blobs: BlobStore, sourceFile: (sourceIndex: number) => StoredFile | undefined, renderer: PdfRenderer): PageImages =>
  async (page) => {
    if (page.image) return storedFileBytes(blobs, page.image, `image of page ${page.pageNumber}`);
    const source = sourceFile(page.sourceIndex);
    if (!source) throw new Error(`page ${page.pageNumber} has no raster and its source ${page.sourceIndex} is not stored`);
    const pdf = await renderer.open(await storedFileBytes(blobs, source, `source file ${page.sourceIndex}`));
    try {
      const { widthPt } = pdf.pages[page.sourcePage - 1]!;
      const dpi = (page.widthPx * POINTS_PER_INCH) / widthPt;
      return await encodePagePng({ dpi, channels: RASTER_CHANNELS, ...(await pdf.render(page.sourcePage, dpi)) });
    } finally {
      await pdf.close();
    }
  };
