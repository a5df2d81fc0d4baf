import type { BlobRef, StoredFile } from '../../contracts/events/common.js';
import type { StepEvent } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';

/** The searchable PDF in the blob store, and its signed copy unless signing failed. */
export interface PublishedPdfs {
  enhancedPdf: BlobRef;
  signedPdf: BlobRef | null;
}

/** A page of the searchable PDF and what it is made of. */
export interface PageToPublish {
  pageNumber: number;
  sourceIndex: number;
  sourcePage: number;
  /**
   * Where the page is in its source PDF when it is born-digital: its text came from that PDF's text layer,
   * or it was converted without a raster (it paints nothing but text); null for scans and photos.
   */
  original: { sourceIndex: number; sourcePage: number } | null;
  /** Its raster; null for a page converted without one. */
  image: StoredFile | null;
  words: StoredFile | null;
  widthPx: number;
  heightPx: number;
}

const PDF_MIME_TYPE = 'application/pdf';

/** Text is recognized on a document that has pages, and its PDFs are not recorded yet. */
export const isPublishingDue = (state: DocumentState): boolean =>
  state.recognition !== null && state.signing === null && (state.conversion?.pages.length ?? 0) > 0;

/**
 * The pages of the searchable PDF in page order. A page whose text was read from its PDF's own text
 * layer, or that was converted without a raster, is born-digital and kept as its source has it; every
 * other page is made from its raster and recognized words.
 */
export const pagesToPublish = (state: DocumentState): PageToPublish[] => {
  const recognized = new Map((state.recognition?.pages ?? []).map((page) => [page.pageNumber, page]));
  return [...(state.conversion?.pages ?? [])]
    .sort((a, b) => a.pageNumber - b.pageNumber)
    .map((page) => {
      const text = recognized.get(page.pageNumber);
      const bornDigital = text?.method === 'text_layer' || page.image === null;
      return {
        pageNumber: page.pageNumber,
        sourceIndex: page.sourceIndex,
        sourcePage: page.sourcePage,
        original: bornDigital ? { sourceIndex: page.sourceIndex, sourcePage: page.sourcePage } : null,
        image: page.image,
        words: text?.words ?? null,
        widthPx: page.widthPx,
        heightPx: page.heightPx,
      };
    });
};

/** DocumentSigned once: a redelivered message or a racing duplicate finds the PDFs recorded and decides nothing. */
export const decidePublished = (state: DocumentState, pdfs: PublishedPdfs): StepEvent[] => {
  if (!isPublishingDue(state)) return [];
  return [
    {
      type: 'DocumentSigned',
      data: {
        enhancedPdf: { blob: pdfs.enhancedPdf, fileName: 'enhanced.pdf', mimeType: PDF_MIME_TYPE },
        signedPdf: pdfs.signedPdf && { blob: pdfs.signedPdf, fileName: 'signed.pdf', mimeType: PDF_MIME_TYPE },
      },
    },
  ];
};
