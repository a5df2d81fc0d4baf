import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { storedFileBytes } from '../../../shared/files/stored-file-bytes.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { withSourcePdfPage, type PageToDraw, type SourcePdfPages } from '../../converter/index.js';
import { codePlaces } from './code-places.js';
import { decodeQrCodes, drawnPageViews, drawnPlaceViews } from './decode-qr-codes.js';
import type { SearchablePage } from './qr-searches.js';

export interface PageSources {
  blobs: BlobStore;
  /** The document's stored source files, by source index. */
  sourceFiles: ReadonlyMap<number, StoredFile>;
  sourcePages: SourcePdfPages;
}

/**
 * Where a converted page's QR codes are looked for: its raster, or, for a page converted without one (it
 * has a usable text layer), the places of the page where it draws figures that may be a code (see
 * `codePlaces`), each drawn from its source PDF, or the page drawn whole when they are most of it. Null for
 * a page that shows only text: it paints nothing a QR code could be made of.
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
      search: async (expectedBills, readView) =>
        decodeQrCodes(await storedFileBytes(blobs, image, `image of page ${page.pageNumber}`), { expectedBills, readView }),
    };
  }
  return {
    key: `${sourceFiles.get(page.sourceIndex)?.blob.hash ?? `source ${page.sourceIndex}`}#${page.sourcePage}`,
    search: (expectedBills, readView) =>
      withSourcePdfPage(sourcePages, page, async (drawn) => {
        const places = codePlaces(await drawn.drawings(), drawn);
        return decodeQrCodes(places ? places.map((place) => drawnPlaceViews(drawn, place)) : drawnPageViews(drawn), {
          expectedBills,
          readView,
        });
      }),
  };
};
