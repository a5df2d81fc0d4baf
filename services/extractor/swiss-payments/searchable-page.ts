import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { storedFileBytes } from '../../../shared/files/stored-file-bytes.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { withSourcePdfPage, type PageToDraw, type SourcePdfPages } from '../../converter/index.js';
import { decodeQrCodes, drawnPageViews } from './decode-qr-codes.js';
import type { SearchablePage } from './qr-searches.js';

export interface PageSources {
  blobs: BlobStore;
  /** The document's stored source files, by source index. */
  sourceFiles: ReadonlyMap<number, StoredFile>;
  sourcePages: SourcePdfPages;
}

/**
 * Where a converted page's QR codes are looked for: its raster, or, for a page converted without one (it
 * has a usable text layer), the page drawn from its source PDF. Null for a page that shows only text: it
 * paints nothing a QR code could be made of.
 */
export const searchablePage = (
  page: PageToDraw & Pick<ConvertedPage, 'showsOnlyText'>,
  { blobs, sourceFiles, sourcePages }: PageSources,
): SearchablePage | null => {
  if (page.showsOnlyText) return null;
  const image = page.image;
  if (image) {
    return {
      key: image.blob.hash,
      search: async (expectedBills) =>
        decodeQrCodes(await storedFileBytes(blobs, image, `image of page ${page.pageNumber}`), { expectedBills }),
    };
  }
  return {
    key: `${sourceFiles.get(page.sourceIndex)?.blob.hash ?? `source ${page.sourceIndex}`}#${page.sourcePage}`,
    search: (expectedBills) => withSourcePdfPage(sourcePages, page, (drawn) => decodeQrCodes(drawnPageViews(drawn), { expectedBills })),
  };
};
