import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage, EventData } from '../../../contracts/events/document-events.js';
import { errors } from '../../../shared/errors/app-error.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { isUsableTextLayer, readPdfTextLayers } from './pdf-text-layer.js';
import type { OcrEngine } from './tesseract-recognizer.js';

export type RecognizedPage = EventData<'TextRecognized'>['pages'][number];

export interface RecognitionDeps {
  blobs: BlobStore;
  ocr: OcrEngine;
  logger: Logger;
  /** Pages OCR'd at once; matches the OCR workers so none idles while a page image is read. */
  parallelism: number;
}

const readBlob = async (blobs: BlobStore, file: StoredFile, what: string): Promise<Buffer> => {
  const bytes = await blobs.get(file.blob.hash);
  if (!bytes) throw errors.unavailable(`${what} (blob ${file.blob.hash}) is not in the blob store`);
  return bytes;
};

/**
 * Text layers of the PDF pages among `pages`, keyed by page number, usable ones only. A PDF that pdf.js
 * cannot read is not an error here: the converter rasterized it, so its pages are OCR'd instead.
 */
const usableTextLayers = async (
  pages: readonly ConvertedPage[],
  sourceFiles: ReadonlyMap<number, StoredFile>,
  { blobs, logger }: RecognitionDeps,
): Promise<Map<number, string>> => {
  const usable = new Map<number, string>();
  for (const [sourceIndex, file] of sourceFiles) {
    if (file.mimeType !== 'application/pdf') continue;
    const fromThisFile = pages.filter((page) => page.sourceIndex === sourceIndex);
    if (fromThisFile.length === 0) continue;
    const pdf = await readBlob(blobs, file, `source file ${sourceIndex}`);
    try {
      const layers = await readPdfTextLayers(pdf, fromThisFile.map((page) => page.sourcePage));
      for (const page of fromThisFile) {
        const text = layers.get(page.sourcePage);
        if (text !== undefined && isUsableTextLayer(text)) usable.set(page.pageNumber, text);
      }
    } catch (error) {
      logger.warn({ err: error, source_index: sourceIndex }, 'text layer unreadable, pages will be OCR-ed');
    }
  }
  return usable;
};

/**
 * The text of every page, in page order: a PDF's own text layer where it has real text (exact and far
 * faster), OCR of the page raster otherwise.
 */
export const recognizePages = async (
  pages: readonly ConvertedPage[],
  sourceFiles: ReadonlyMap<number, StoredFile>,
  deps: RecognitionDeps,
): Promise<RecognizedPage[]> => {
  const textLayers = await usableTextLayers(pages, sourceFiles, deps);

  const recognize = async (page: ConvertedPage): Promise<RecognizedPage> => {
    const textLayer = textLayers.get(page.pageNumber);
    if (textLayer !== undefined) return { pageNumber: page.pageNumber, text: textLayer, method: 'text_layer', confidence: null };
    const image = await readBlob(deps.blobs, page.image, `image of page ${page.pageNumber}`);
    const { text, confidence } = await deps.ocr.recognize(image);
    return { pageNumber: page.pageNumber, text, method: 'ocr', confidence };
  };

  const recognized: RecognizedPage[] = [];
  let next = 0;
  const lane = async () => {
    while (next < pages.length) {
      const index = next++;
      recognized[index] = await recognize(pages[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.parallelism, pages.length)) }, lane));
  return recognized;
};
