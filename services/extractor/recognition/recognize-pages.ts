import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage, EventData } from '../../../contracts/events/document-events.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';
import { storePageWords, toPageFractions } from '../../../shared/files/page-words-blob.js';
import { withSourcePdfPage, type PageImages, type PageToDraw, type SourcePdfPage, type SourcePdfPages } from '../../converter/index.js';
import { kontorMetrics, secondsSince } from '../../../shared/telemetry/kontor-metrics.js';
import { inSpan, SpanAttribute } from '../../../shared/telemetry/tracing.js';
import { imageRegionsToRead } from './image-regions-to-read.js';
import { layoutText, type PlacedText } from './layout-text.js';
import { textLayerOf, type TextLayer } from './pdf-text-layer.js';
import { cutterOfImage, cutterOfSourcePage, readImageRegions } from './read-image-regions.js';
import { ocrLanguagesOfText } from './text-layer-language.js';
import type { OcrEngine, OcrWord } from './ocr-engine.js';
import { OcrPageBudgetSpent } from './ocr-page-budget.js';
import type { TextLayersReadAhead } from './read-ahead.js';

export type RecognizedPage = EventData<'TextRecognized'>['pages'][number];

export const PDF_MIME_TYPE = 'application/pdf';

export interface RecognitionDeps {
  blobs: BlobStore;
  ocr: OcrEngine;
  logger: Logger;
  /** A page's raster; for a page converted without one, drawn from its PDF (see `pageImagesOf`). */
  pageImages: PageImages;
  /** A PDF page open in its source file: its text layer is read there, and for a page converted without a raster the pictures OCR reads are drawn from it. */
  sourcePages: SourcePdfPages;
  /** Pages OCR'd at once; matches the OCR workers so none idles while a page image is read. */
  parallelism: number;
  /** Text-layer pages read while the document was being converted, taken over instead of read again. */
  readAhead?: Pick<TextLayersReadAhead, 'take'>;
}

/** A text-layer page's reading: its layer, and the words OCR read in the pictures on it. */
export interface TextLayerReading {
  textLayer: TextLayer;
  imageWords: OcrWord[];
}

/**
 * What OCR reads in the images of a text-layer page (a letterhead or footer pasted as a picture), in the
 * layer's coordinates, in the layer's language when it has a clear one: cut out of the page's raster, or,
 * for a page converted without one, each drawn alone from its PDF. OCR failing there leaves the page its
 * text layer, with a warning.
 */
const wordsInImages = async (
  page: PageToDraw,
  textLayer: TextLayer,
  opened: SourcePdfPage,
  { pageImages, ocr, logger }: RecognitionDeps,
  drawn: () => void,
): Promise<OcrWord[]> => {
  const regions = imageRegionsToRead(textLayer);
  if (regions.length === 0) return [];
  const options = { languages: ocrLanguagesOfText(textLayer.text), onePass: true };
  try {
    const cutter = page.image ? await cutterOfImage(await pageImages(page), regions, textLayer) : cutterOfSourcePage(opened);
    return await readImageRegions(cutter, regions, textLayer, ocr, options, drawn);
  } catch (error) {
    logger.warn({ err: error, page_number: page.pageNumber }, 'images on a text-layer page unreadable, page keeps its text layer only');
    return [];
  }
};

/** What the reader of a text-layer page ahead of its recognition brings to it (see `createTextLayersReadAhead`). */
export interface ReadingAhead {
  /** The page's layer, laid out already. */
  laidOut: TextLayer;
  /** Told once, when the page's pictures are drawn for OCR (at once when it has none, or when the reading failed). */
  drawn: () => void;
}

/** A PDF page's usable text layer, with the words OCR reads in the pictures on it; null for a page without one. */
export const readTextLayer = async (page: PageToDraw, deps: RecognitionDeps, ahead?: ReadingAhead): Promise<TextLayerReading | null> => {
  let told = false;
  const drawn = () => {
    if (!told) ahead?.drawn();
    told = true;
  };
  try {
    return await withSourcePdfPage(deps.sourcePages, page, async (opened) => {
      const textLayer = ahead?.laidOut ?? textLayerOf(await opened.content(), opened);
      return textLayer && { textLayer, imageWords: await wordsInImages(page, textLayer, opened, deps, drawn) };
    });
  } finally {
    drawn();
  }
};

/**
 * `readTextLayer`, where a PDF the renderer cannot read is not an error: the converter rasterized its
 * pages, so they are OCR'd instead.
 */
const readTextLayerPage = async (page: ConvertedPage, deps: RecognitionDeps): Promise<TextLayerReading | null> => {
  try {
    return await readTextLayer(page, deps);
  } catch (error) {
    deps.logger.warn({ err: error, page_number: page.pageNumber }, 'text layer unreadable, page will be OCR-ed');
    return null;
  }
};

/** The page's reading begun ahead (see `TextLayersReadAhead`), else read now. */
const textLayerReading = async (page: ConvertedPage, file: StoredFile, deps: RecognitionDeps): Promise<TextLayerReading | null> => {
  const ahead = await deps.readAhead?.take(page, file);
  return ahead === undefined ? readTextLayerPage(page, deps) : ahead;
};

/**
 * The text of every page, in page order: a PDF's own text layer where it has real text (exact and far
 * faster) together with OCR of the images placed on it, OCR of the page raster otherwise. A page the
 * converter left without a raster (text alone) is read from its layer; should the layer as read here not be
 * usable, the page is drawn and OCR'd like any other.
 */
export const recognizePages = async (
  pages: readonly ConvertedPage[],
  sourceFiles: ReadonlyMap<number, StoredFile>,
  deps: RecognitionDeps,
): Promise<RecognizedPage[]> => {
  const withWords = async (page: ConvertedPage, words: RecognizedWord[]) =>
    words.length === 0 ? null : storePageWords(deps.blobs, page.pageNumber, words);

  const recognize = async (page: ConvertedPage): Promise<RecognizedPage> => {
    const file = sourceFiles.get(page.sourceIndex);
    const read = file?.mimeType === PDF_MIME_TYPE ? await textLayerReading(page, file, deps) : null;
    if (read) {
      const { textLayer, imageWords } = read;
      const box = (piece: PlacedText) => toPageFractions(piece, textLayer.width, textLayer.height);
      const words = [
        ...textLayer.pieces.map((piece) => ({ text: piece.text, box: box(piece), confidence: null })),
        ...imageWords.map((word) => ({ text: word.text, box: box(word), confidence: word.confidence })),
      ];
      const text = imageWords.length === 0 ? textLayer.text : layoutText([...textLayer.pieces, ...imageWords]);
      return { pageNumber: page.pageNumber, text, method: 'text_layer', confidence: null, words: await withWords(page, words) };
    }
    const image = await deps.pageImages(page);
    const started = performance.now();
    const ocr = await inSpan('ocr page', undefined, () => deps.ocr.recognize(image), { [SpanAttribute.pageNumber]: page.pageNumber }).catch(
      (error: unknown) => {
        throw error instanceof OcrPageBudgetSpent ? error.onPage(page.pageNumber) : error;
      },
    );
    kontorMetrics().ocrPageDuration.record(secondsSince(started));
    const words = ocr.words.map((word) => ({
      text: word.text,
      box: toPageFractions(word, page.widthPx, page.heightPx),
      confidence: word.confidence,
    }));
    return { pageNumber: page.pageNumber, text: ocr.text, method: 'ocr', confidence: ocr.confidence, words: await withWords(page, words) };
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
