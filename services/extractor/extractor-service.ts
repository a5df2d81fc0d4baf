import type { StoredFile } from '../../contracts/events/common.js';
import { storedFiles } from '../../shared/document/document-queries.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { createStepService } from '../../shared/runtime/step-service.js';
import type { ExtractorConfig } from './extractor-config.js';
import { decideExtraction, decideRecognition, isExtractionDue, isRecognitionDue } from './extractor-core.js';
import { extractorVersion } from './extractor-version.js';
import { readAccountingData } from './read-accounting-data.js';
import { recognizePages, type RecognitionDeps } from './recognition/recognize-pages.js';
import { createTextLayersReadAhead } from './recognition/read-ahead.js';
import { createTesseractRecognizer } from './recognition/tesseract-recognizer.js';
import { createSecondReader } from './recognition/second-readers.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { createPdfRenderer, pageImagesOf, sourcePdfPagesOf, warmUpRenderer } from '../converter/index.js';
import { warmUpEInvoiceReader } from './einvoice/warm-up-e-invoice-reader.js';
import { createQrSearches } from './swiss-payments/qr-searches.js';
import { createEmbeddedXmlSearches } from './einvoice/embedded-invoice-xml.js';
import { createFieldsThread } from './fields-thread/fields-thread.js';
import { searchablePage } from './swiss-payments/searchable-page.js';

export interface ExtractorPorts {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  logger: Logger;
}

export interface ExtractorSettings extends ExtractorConfig {
  /** Documents each step handles at once. */
  concurrency?: number;
}

/**
 * Recognizes the text of converted pages (TextRecognized), then reads accounting data from it
 * (DataExtracted). Two step services rather than one with two triggers: OCR takes seconds per page and
 * extraction milliseconds, so separate consumer groups keep extractions from queueing behind OCR and
 * let each step be retried on its own, without repeating OCR when only extraction failed.
 */
export const createExtractor = (ports: ExtractorPorts, config: ExtractorSettings): Service => {
  const ocr = createTesseractRecognizer({
    languages: config.OCR_LANGUAGES,
    workers: config.OCR_WORKERS,
    workDir: config.OCR_WORK_DIR,
    logger: ports.logger,
    lineReader: createSecondReader(config.OCR_SECOND_READER),
    pageBudgetMs: config.OCR_PAGE_BUDGET_SECONDS * 1000,
  });
  const fieldsThread = createFieldsThread();
  // The pixels of the QR search's views are read in the extraction's thread, off the event loop.
  const ahead = { qrSearches: createQrSearches({ readView: fieldsThread.readQrView }), xmlSearches: createEmbeddedXmlSearches() };
  const { qrSearches } = ahead;
  // Reads PDF pages' text layers and draws what OCR and the QR search need of pages converted without a raster.
  const renderer = createPdfRenderer(config.CONVERT_PDF_RENDERER, config.CONVERT_PAGE_TIMEOUT_MS);
  const sourcesOf = (state: DocumentState) => {
    const sourceFiles = new Map<number, StoredFile>(storedFiles(state).map(({ index, file }) => [index, file]));
    return { sourceFiles, sourcePages: sourcePdfPagesOf(ports.blobs, (index) => sourceFiles.get(index), renderer) };
  };
  const readAhead = createTextLayersReadAhead({ ...ahead, ocrDpi: config.CONVERT_OCR_DPI });
  const recognitionDeps = (state: DocumentState, logger: Logger): RecognitionDeps & ReturnType<typeof sourcesOf> => {
    const sources = sourcesOf(state);
    return {
      ...sources,
      blobs: ports.blobs,
      pageImages: pageImagesOf(ports.blobs, (index) => sources.sourceFiles.get(index), renderer),
      ocr,
      logger,
      parallelism: config.OCR_WORKERS,
      readAhead,
    };
  };

  const recognition = createStepService({
    name: 'extractor-recognition',
    stage: 'recognize',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    // A stored PDF's text-layer pages are read while it is converted (see `createTextLayersReadAhead`).
    triggers: ['SourceFileStored', 'DocumentConverted'],
    concurrency: config.concurrency,
    step: async ({ state, logger }) => {
      if (state.conversion === null) readAhead.begin({ ...recognitionDeps(state, logger), renderer }, logger);
      if (!isRecognitionDue(state)) return [];
      const started = performance.now();
      const pages = state.conversion!.pages;
      const deps = recognitionDeps(state, logger);
      // The extraction after this step looks for QR-bills on the pages: that begins now (unless it began
      // ahead), beside the reading of their text, and the extraction takes it over (a page of two payment
      // parts is searched again, for two bills).
      for (const page of pages) {
        const searchable = searchablePage(page, deps);
        if (searchable) qrSearches.begin(searchable, 1);
      }
      const recognized = await recognizePages(pages, deps.sourceFiles, deps);
      const methods = recognized.map((page) => page.method);
      logger.info(
        {
          pages: pages.length,
          ocr_pages: methods.filter((method) => method === 'ocr').length,
          ms: Math.round(performance.now() - started),
        },
        'extractor recognized text',
      );
      return decideRecognition(state, recognized);
    },
  });

  // Every reading records the code that made it; the hash over the rules' source is taken once.
  const version = extractorVersion();
  const extraction = createStepService({
    name: 'extractor',
    stage: 'extract',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    triggers: ['TextRecognized', 'ReprocessingRequested'],
    // Signing runs beside it and the extraction does not read the searchable PDF.
    unaffectedBy: ['DocumentSigned'],
    concurrency: config.concurrency,
    step: async ({ state, logger }) => {
      if (!isExtractionDue(state)) return [];
      const reading = await readAccountingData(state, ports.blobs, logger, sourcesOf(state).sourcePages, ahead, fieldsThread.readFields);
      return decideExtraction(state, { ...reading, extractorVersion: await version });
    },
  });

  return {
    name: 'extractor',
    async start() {
      await Promise.all([warmUpRenderer(renderer, ports.logger), warmUpEInvoiceReader(ports.logger), fieldsThread.warmUp()]);
      await recognition.start();
      await extraction.start();
    },
    async stop() {
      await recognition.stop();
      await extraction.stop();
      await ocr.stop();
      await renderer.stop();
      await fieldsThread.stop();
    },
  };
};
