import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import {
  ConverterConfig,
  createPdfRenderer,
  decideConversion,
  filesToConvert,
  renderSource,
  type SourceRendering,
  pageImagesOf,
  sourcePdfPagesOf,
} from '../../services/converter/index.js';
import {
  createTesseractRecognizer,
  createSecondReader,
  decideRecognition,
  extractScoredFields,
  type ExtractionInput,
  ExtractorConfig,
  type FieldFeatures,
  gatherExtractionInput,
  recognizePages,
} from '../../services/extractor/index.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { foldEvents, type PositionedDocumentEvent } from '../../shared/document/document-decider.js';
import { createLogger } from '../../shared/logging/logger.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { SourceFile } from './bench-sample.js';
import type { RecognitionCache } from './recognition-cache.js';

export interface PathResult {
  data: ExtractedData;
  /** What each field's confidence was calibrated from, keyed like the evidence (for bench:calibrate). */
  features: Record<string, FieldFeatures>;
  pages: number;
  ocrPages: number;
  /** Files the converter could not turn into pages, with its reason. */
  conversionFailures: string[];
  milliseconds: number;
}

export interface ExtractionPath {
  extract(files: readonly SourceFile[]): Promise<PathResult>;
  /** What the field extraction reads of the document (its pages, words, e-invoice, payment slips), for a probe that varies it. */
  input(files: readonly SourceFile[]): Promise<ExtractionInput>;
  /** The fields read from such an input, as `extract` reads them. */
  fieldsOf(input: ExtractionInput): ExtractedData;
  stop(): Promise<void>;
}

/**
 * A document through the service's own steps, folded into its state with the shared `evolve` as the
 * services fold their streams: submitted as uploads asking for full extraction with line items, stored,
 * converted by the converter's `renderSource` and `decideConversion` (300 dpi, upright, deskewed, at
 * its default limits), its text recognized by `recognizePages` (a PDF's text layer where it has one,
 * tesseract.js in the service's languages otherwise), then `readAccountingData`, the extraction step's own reading. Only the event store,
 * the bus and a lasting blob store are left out: the embedded blob store keeps the one document's blobs in a
 * temporary directory, removed when it is read, or with a recognition cache in the cache, where a later run
 * takes up the recognized document and reads only its fields.
 */
export const createExtractionPath = ({
  workers,
  recognitionCache = null,
}: {
  workers: number;
  recognitionCache?: RecognitionCache | null;
}): ExtractionPath => {
  const converter = ConverterConfig.parse({});
  const renderer = createPdfRenderer(converter.CONVERT_PDF_RENDERER, converter.CONVERT_PAGE_TIMEOUT_MS);
  const extractor = ExtractorConfig.parse({});
  const logger = createLogger('bench-accuracy', 'silent');
  const ocr = createTesseractRecognizer({
    languages: extractor.OCR_LANGUAGES,
    workers,
    workDir: join(tmpdir(), 'kontor-bench-ocr'),
    logger,
    lineReader: createSecondReader(extractor.OCR_SECOND_READER),
    pageBudgetMs: extractor.OCR_PAGE_BUDGET_SECONDS * 1000,
  });

  /** The document submitted, stored, converted and recognized: the events up to its recognized text. */
  const recognize = async (blobs: BlobStore, files: readonly SourceFile[]): Promise<PositionedDocumentEvent[]> => {
    const recorded: PositionedDocumentEvent[] = [];
    let state: DocumentState | null = null;
    const apply = (events: DocumentEvent[]) => {
      const at = new Date().toISOString();
      const positioned = events.map((event, offset) => ({ ...event, revision: (state?.revision ?? -1) + 1 + offset, recordedAt: at }));
      recorded.push(...positioned);
      state = foldEvents(positioned, state);
      return state!;
    };
    apply([
      {
        type: 'DocumentSubmitted',
        data: {
          documentId: 'bench',
          tenantId: 'bench',
          submittedAt: new Date().toISOString(),
          sources: files.map((_, index) => ({ index, kind: 'upload' as const })),
          customFields: {},
          documentType: null,
          extractLineItems: true,
          extractionProcess: 'full-extraction',
        },
      },
    ]);
    for (const [sourceIndex, file] of files.entries()) {
      const blob = await blobs.put(file.bytes);
      apply([
        {
          type: 'SourceFileStored',
          data: { sourceIndex, file: { blob, fileName: file.name, mimeType: file.mimeType }, origin: { kind: 'upload' } },
        },
      ]);
    }

    const renderings: SourceRendering[] = [];
    let pageCount = 0;
    for (const { index, file } of filesToConvert(state!)) {
      const bytes = files[index]!.bytes;
      const rendering = await renderSource(
        { index, bytes, mimeType: file.mimeType },
        converter.CONVERT_MAX_PAGES - pageCount,
        blobs,
        converter,
        renderer,
      );
      if (rendering.outcome === 'rendered') pageCount += rendering.pages.length;
      renderings.push(rendering);
    }
    const converted = apply(decideConversion(state!, renderings, converter.CONVERT_MAX_PAGES));

    const sourceFiles = new Map(filesToConvert(converted).map(({ index, file }) => [index, file]));
    const pageImages = pageImagesOf(blobs, (index) => sourceFiles.get(index), renderer);
    const sourcePages = sourcePdfPagesOf(blobs, (index) => sourceFiles.get(index), renderer);
    const recognized = await recognizePages(converted.conversion!.pages, sourceFiles, {
      blobs,
      pageImages,
      sourcePages,
      ocr,
      logger,
      parallelism: 1,
    });
    apply(decideRecognition(converted, recognized));
    return recorded;
  };

  /** What the field extraction reads of a recognized document (as the extractor gathers it), apart so a probe can vary it. */
  const inputOf = (blobs: BlobStore, withText: DocumentState): Promise<ExtractionInput> => {
    const sourceFiles = new Map(filesToConvert(withText).map(({ index, file }) => [index, file]));
    return gatherExtractionInput(
      withText,
      blobs,
      logger,
      sourcePdfPagesOf(blobs, (index) => sourceFiles.get(index), renderer),
    );
  };

  const read = async (blobs: BlobStore, events: PositionedDocumentEvent[], started: number): Promise<PathResult> => {
    const withText = foldEvents(events, null)!;
    const { data, features } = extractScoredFields(await inputOf(blobs, withText));
    const pages = withText.recognition!.pages;
    return {
      data,
      features,
      pages: pages.length,
      ocrPages: pages.filter((page) => page.method === 'ocr').length,
      conversionFailures: withText.conversion!.failures.map(
        (failure) => `source ${failure.sourceIndex}: ${failure.code} ${failure.detail}`,
      ),
      milliseconds: performance.now() - started,
    };
  };

  /** The document recognized (from the cache if it has it), handed to `use` while its blobs exist. */
  const withRecognized = async <T>(
    files: readonly SourceFile[],
    use: (blobs: BlobStore, events: PositionedDocumentEvent[]) => Promise<T>,
  ): Promise<T> => {
    if (recognitionCache) {
      const { blobs, events } = await recognitionCache.recognized(files, (into) => recognize(into, files));
      return use(blobs, events);
    }
    const directory = await mkdtemp(join(tmpdir(), 'kontor-bench-blobs-'));
    try {
      const blobs = await openLocalBlobStore(directory);
      return await use(blobs, await recognize(blobs, files));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  };

  const extract = (files: readonly SourceFile[]): Promise<PathResult> => {
    const started = performance.now();
    return withRecognized(files, (blobs, events) => read(blobs, events, started));
  };

  const input = (files: readonly SourceFile[]): Promise<ExtractionInput> =>
    withRecognized(files, (blobs, events) => inputOf(blobs, foldEvents(events, null)!));

  return { extract, input, fieldsOf: (input) => extractScoredFields(input).data, stop: () => ocr.stop() };
};
