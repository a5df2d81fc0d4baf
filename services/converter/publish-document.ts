import type { StoredFile } from '../../contracts/events/common.js';
import { storedFiles } from '../../shared/document/document-queries.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { loadPageWords } from '../../shared/files/page-words-blob.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EnhancedPdfPage } from './enhanced-pdf/build-enhanced-pdf.js';
import { pagesToPublish, type PublishedPdfs } from './publishing-core.js';
import type { SignedPdfBuilder } from './signed-pdf-builder.js';
import { storedFileBytes } from '../../shared/files/stored-file-bytes.js';
import { pageImagesOf } from './rendering/page-images.js';
import type { PdfRenderer } from './rendering/pdf-renderer.js';

export interface PublishingDeps {
  blobs: BlobStore;
  /**
   * Builds the searchable PDF and signs it: in the publishing thread, one task (see `createPublishingThread`), or
   * `buildThenSign` with any builder and signer.
   */
  buildSigned: SignedPdfBuilder;
  /** Draws a page converted without a raster when its source's pages cannot be copied. */
  renderer: PdfRenderer;
  /** Resolution the page rasters were rendered at. */
  dpi: number;
  logger: Logger;
}

/** Builds the document's searchable PDF from its pages and recognized words, signs it, and stores both, side by side. */
export const publishDocument = async (state: DocumentState, deps: PublishingDeps): Promise<PublishedPdfs> => {
  const { blobs, logger } = deps;
  const sources = new Map<number, StoredFile>(storedFiles(state).map(({ index, file }) => [index, file]));
  // A page without a raster whose source cannot be copied is drawn from that source at its size: PDFium
  // reads PDFs pdf-lib cannot copy (damaged, encrypted with an owner password), and the page must appear.
  const pageImages = pageImagesOf(blobs, (index) => sources.get(index), deps.renderer);
  const pages = pagesToPublish(state).map((page): EnhancedPdfPage => ({
    original: page.original,
    widthPx: page.widthPx,
    heightPx: page.heightPx,
    image: () => pageImages(page),
    words: async () => (page.words ? loadPageWords(blobs, page.words) : []),
  }));
  const sourcePdf = (sourceIndex: number) => storedFileBytes(blobs, sources.get(sourceIndex)!, `source file ${sourceIndex}`);
  const { built, signed } = await deps.buildSigned(pages, { sourcePdf, dpi: deps.dpi }, new Date());
  for (const { sourceIndex, reason } of built.uncopiedSources) {
    logger.warn({ source_index: sourceIndex, reason }, 'converter could not copy the pages of a PDF; they are made from their rasters');
  }
  // Signing is computation on bytes made a moment ago with a key checked at start, so a failure would repeat on
  // every retry: the searchable PDF is worth recording without its signed copy rather than failing the document.
  if (signed instanceof Error) logger.error({ err: signed }, 'converter could not sign the searchable PDF; recording it unsigned');
  const [enhancedPdf, signedPdf] = await Promise.all([blobs.put(built.pdf), signed instanceof Error ? null : blobs.put(signed)]);
  return { enhancedPdf, signedPdf };
};
