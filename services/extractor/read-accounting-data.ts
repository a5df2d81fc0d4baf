import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { loadPageWords } from '../../shared/files/page-words-blob.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { extractionRequest } from './extractor-core.js';
import { extractScoredFields, type ScoredExtraction } from './fields/extract-fields.js';
import { readDocumentEInvoice, readSwissPayments } from './machine-readable-sources.js';
import { createEmbeddedXmlSearches, type EmbeddedXmlSearches } from './einvoice/embedded-invoice-xml.js';
import { createQrSearches, type QrSearches } from './swiss-payments/qr-searches.js';
import type { SourcePdfPages } from '../converter/index.js';

/** Searches of a document's files begun before its extraction: its pages' QR codes, its PDFs' embedded e-invoices. */
export interface WorkBegunAhead {
  qrSearches: QrSearches;
  xmlSearches: EmbeddedXmlSearches;
}

/**
 * The accounting data of a document whose text is recognized: its word boxes, its e-invoice and Swiss
 * payment slips, then the fields. The extraction step and the accuracy benchmark both read documents
 * through here; the step passes the work begun ahead of it (`WorkBegunAhead`), which it takes over.
 * `sourcePages` draws what a QR search needs of a page converted without a raster.
 */
export const readAccountingData = async (
  state: DocumentState,
  blobs: BlobStore,
  logger: Logger,
  sourcePages: SourcePdfPages,
  ahead?: WorkBegunAhead,
): Promise<ExtractedData> => (await readScoredAccountingData(state, blobs, logger, sourcePages, ahead)).data;

/** readAccountingData, with the features each field's confidence was calibrated from (for the benchmark's fit). */
export const readScoredAccountingData = async (
  state: DocumentState,
  blobs: BlobStore,
  logger: Logger,
  sourcePages: SourcePdfPages,
  { qrSearches, xmlSearches }: WorkBegunAhead = { qrSearches: createQrSearches(), xmlSearches: createEmbeddedXmlSearches() },
): Promise<ScoredExtraction> => {
  const pages = state.recognition!.pages;
  // Word boxes lay the text out and locate every field's evidence; pages recorded without them are read from their text.
  const words = new Map(
    await Promise.all(
      pages.flatMap((page) => (page.words ? [loadPageWords(blobs, page.words).then((loaded) => [page.pageNumber, loaded] as const)] : [])),
    ),
  );
  const [eInvoice, swissPayments] = await Promise.all([
    readDocumentEInvoice(state, blobs, logger, xmlSearches),
    readSwissPayments(state, pages, blobs, logger, qrSearches, sourcePages),
  ]);
  return extractScoredFields({ pages, words, requested: extractionRequest(state), eInvoice, swissPayments });
};
