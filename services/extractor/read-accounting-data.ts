import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { loadPageWords } from '../../shared/files/page-words-blob.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { extractionRequest } from './extractor-core.js';
import { extractFields } from './fields/extract-fields.js';
import type { ExtractionInput } from './fields/extraction-input.js';
import { readDocumentEInvoice, readSwissPayments } from './machine-readable-sources.js';
import { createEmbeddedXmlSearches, type EmbeddedXmlSearches } from './einvoice/embedded-invoice-xml.js';
import { createQrSearches, type QrSearches } from './swiss-payments/qr-searches.js';
import type { SourcePdfPages } from '../converter/index.js';

/** Searches of a document's files begun before its extraction: its pages' QR codes, its PDFs' embedded e-invoices. */
export interface WorkBegunAhead {
  qrSearches: QrSearches;
  xmlSearches: EmbeddedXmlSearches;
}

/** Reads the fields of a document's gathered input: `extractFields` here, or in the extraction's thread (see `createFieldsThread`). */
export type FieldsReader = (input: ExtractionInput) => Promise<ExtractedData>;

/**
 * What the fields of a document whose text is recognized are read from: its word boxes, its e-invoice and its
 * Swiss payment slips. The step passes the work begun ahead of it (`WorkBegunAhead`), which it takes over.
 * `sourcePages` draws what a QR search needs of a page converted without a raster.
 */
export const gatherExtractionInput = async (
  state: DocumentState,
  blobs: BlobStore,
  logger: Logger,
  sourcePages: SourcePdfPages,
  { qrSearches, xmlSearches }: WorkBegunAhead = { qrSearches: createQrSearches(), xmlSearches: createEmbeddedXmlSearches() },
): Promise<ExtractionInput> => {
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
  return { pages, words, requested: extractionRequest(state), eInvoice, swissPayments };
};

/** The accounting data of a document whose text is recognized (the extraction step's reading), its fields read by `readFields`. */
export const readAccountingData = async (
  state: DocumentState,
  blobs: BlobStore,
  logger: Logger,
  sourcePages: SourcePdfPages,
  ahead?: WorkBegunAhead,
  readFields: FieldsReader = async (input) => extractFields(input),
): Promise<ExtractedData> => readFields(await gatherExtractionInput(state, blobs, logger, sourcePages, ahead));
