import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import type { RecognizedWord } from '../../contracts/events/page-words.js';
import { ConverterConfig } from '../../services/converter/converter-config.js';
import { encodePagePng } from '../../services/converter/rendering/page-raster.js';
import { renderPages } from '../../services/converter/rendering/render-pages.js';
import { RenderingFailure } from '../../services/converter/rendering/rendering-failure.js';
import { findEmbeddedInvoiceXml } from '../../services/extractor/einvoice/embedded-invoice-xml.js';
import { readEInvoice, type EInvoiceReading } from '../../services/extractor/einvoice/read-e-invoice.js';
import { ExtractorConfig } from '../../services/extractor/extractor-config.js';
import { extractFields } from '../../services/extractor/fields/extract-fields.js';
import { recognizePages } from '../../services/extractor/recognition/recognize-pages.js';
import { createTesseractRecognizer } from '../../services/extractor/recognition/tesseract-recognizer.js';
import { decodeQrCodes } from '../../services/extractor/swiss-payments/decode-qr-codes.js';
import { parseEsrCodingLine } from '../../services/extractor/swiss-payments/esr-coding-line.js';
import { parseSwissQrPayload } from '../../services/extractor/swiss-payments/parse-swiss-qr-payload.js';
import { loadPageWords } from '../../shared/files/page-words-blob.js';
import { createLogger } from '../../shared/logging/logger.js';
import { createMemoryBlobStore } from '../../test/support/memory-blob-store.js';
import type { SourceFile } from './bench-sample.js';
import { toExtractionInput, type DocumentReading } from './extraction-input-adapter.js';

export interface PathResult {
  data: ExtractedData;
  pages: number;
  ocrPages: number;
  /** Files the converter could not turn into pages, with its reason. */
  conversionFailures: string[];
  milliseconds: number;
}

export interface ExtractionPath {
  extract(files: readonly SourceFile[]): Promise<PathResult>;
  stop(): Promise<void>;
}

const XML_TYPES = new Set(['application/xml', 'text/xml']);

/**
 * The way the service reads a document, step by step with its own code: the converter renders each
 * file's pages (300 dpi, upright, deskewed: `renderPages` at the converter's defaults), the extractor
 * takes a PDF's text layer where it has one and OCRs the rest (tesseract.js, the service's languages),
 * reads an e-invoice's XML and the Swiss payment slips, and `extractFields` makes the accounting data.
 * Only the event store and the bus are left out: blobs live in memory for the one document.
 */
export const createExtractionPath = ({ workers }: { workers: number }): ExtractionPath => {
  const converter = ConverterConfig.parse({});
  const extractor = ExtractorConfig.parse({});
  const limits = { maxPages: converter.CONVERT_MAX_PAGES, maxPixels: converter.CONVERT_MAX_PIXELS, dpi: converter.CONVERT_OCR_DPI, pageTimeoutMs: converter.CONVERT_PAGE_TIMEOUT_MS };
  const logger = createLogger('bench-accuracy', 'silent');
  const ocr = createTesseractRecognizer({ languages: extractor.OCR_LANGUAGES, workers, workDir: join(tmpdir(), 'kontor-bench-ocr'), logger });

  const extract = async (files: readonly SourceFile[]): Promise<PathResult> => {
    const started = performance.now();
    const blobs = createMemoryBlobStore();
    const pages: ConvertedPage[] = [];
    const sourceFiles = new Map<number, StoredFile>();
    const conversionFailures: string[] = [];
    let eInvoice: EInvoiceReading | null = null;
    for (const [sourceIndex, file] of files.entries()) {
      const stored: StoredFile = { blob: await blobs.put(file.bytes), fileName: file.name, mimeType: file.mimeType };
      sourceFiles.set(sourceIndex, stored);
      if (XML_TYPES.has(file.mimeType)) eInvoice ??= readEInvoice(file.bytes);
      if (file.mimeType === 'application/pdf') {
        const xml = await findEmbeddedInvoiceXml(file.bytes);
        if (xml) eInvoice ??= readEInvoice(xml);
      }
      try {
        for await (const raster of renderPages(file.bytes, file.mimeType, limits)) {
          const image: StoredFile = { blob: await blobs.put(await encodePagePng(raster)), fileName: `page-${pages.length + 1}.png`, mimeType: 'image/png' };
          pages.push({ pageNumber: pages.length + 1, sourceIndex, sourcePage: raster.sourcePage, image, preview: image, widthPx: raster.widthPx, heightPx: raster.heightPx });
        }
      } catch (error) {
        if (!(error instanceof RenderingFailure)) throw error;
        conversionFailures.push(`${file.name}: ${error.code} ${error.message}`);
      }
    }

    const recognized = await recognizePages(pages, sourceFiles, { blobs, ocr, logger, parallelism: 1 });
    const words = new Map<number, RecognizedWord[]>();
    for (const page of recognized) if (page.words) words.set(page.pageNumber, await loadPageWords(blobs, page.words));

    const reading: DocumentReading = { pages: recognized, words, eInvoice, qrBills: [], esr: null };
    for (const page of pages) {
      const image = (await blobs.get(page.image.blob.hash))!;
      for (const payload of await decodeQrCodes(image)) {
        const parsed = payload.startsWith('SPC') ? parseSwissQrPayload(payload) : null;
        if (parsed?.valid) reading.qrBills.push({ page: page.pageNumber, bill: parsed.bill });
      }
      const esr = parseEsrCodingLine(recognized.find((text) => text.pageNumber === page.pageNumber)?.text ?? '');
      if (esr && !reading.esr) reading.esr = { page: page.pageNumber, fields: esr };
    }

    return {
      data: extractFields(toExtractionInput(reading)),
      pages: pages.length,
      ocrPages: recognized.filter((page) => page.method === 'ocr').length,
      conversionFailures,
      milliseconds: performance.now() - started,
    };
  };

  return { extract, stop: () => ocr.stop() };
};
