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
import { recognizePages } from './recognition/recognize-pages.js';
import { createTesseractRecognizer } from './recognition/tesseract-recognizer.js';
import { storedFileBytes } from '../../shared/files/stored-file-bytes.js';
import { createPdfRenderer, pageImagesOf } from '../converter/index.js';
import { createQrSearches } from './swiss-payments/qr-searches.js';
import { warmUpTextLayerReader } from './recognition/warm-up-text-layer-reader.js';

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
  });
  const qrSearches = createQrSearches();
  // Draws a page converted without a raster, should OCR need it after all; its thread starts only then.
  const renderer = createPdfRenderer(config.CONVERT_PDF_RENDERER, config.CONVERT_PAGE_TIMEOUT_MS);

  const recognition = createStepService({
    name: 'extractor-recognition',
    stage: 'recognize',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    triggers: ['DocumentConverted'],
    concurrency: config.concurrency,
    step: async ({ state, logger }) => {
      if (!isRecognitionDue(state)) return [];
      const started = performance.now();
      const pages = state.conversion!.pages;
      // The extraction after this step looks for QR-bills on the page images: that begins once the text layers
      // are read, beside OCR, and the extraction takes it over (a page of two payment parts is searched again,
      // for two bills); a page that shows only its text layer's text is not searched, nor one converted without a raster.
      const beginQrSearches = (pagesShowingOnlyText: ReadonlySet<number>) => {
        for (const { pageNumber, image } of pages) {
          if (!image) continue;
          if (pagesShowingOnlyText.has(pageNumber)) qrSearches.showsOnlyText(image.blob.hash);
          else qrSearches.begin(image.blob.hash, () => storedFileBytes(ports.blobs, image, `image of page ${pageNumber}`), 1);
        }
      };
      const sourceFiles = new Map<number, StoredFile>(storedFiles(state).map(({ index, file }) => [index, file]));
      const recognized = await recognizePages(pages, sourceFiles, {
        blobs: ports.blobs,
        pageImages: pageImagesOf(ports.blobs, (index) => sourceFiles.get(index), renderer),
        ocr,
        logger,
        parallelism: config.OCR_WORKERS,
        onTextLayersRead: beginQrSearches,
      });
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
      const reading = await readAccountingData(state, ports.blobs, logger, qrSearches);
      return decideExtraction(state, { ...reading, extractorVersion: await version });
    },
  });

  return {
    name: 'extractor',
    async start() {
      await warmUpTextLayerReader(ports.logger);
      await recognition.start();
      await extraction.start();
    },
    async stop() {
      await recognition.stop();
      await extraction.stop();
      await ocr.stop();
      await renderer.stop();
    },
  };
};
