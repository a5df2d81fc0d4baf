import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';
import { drawInvisibleWords } from './invisible-words.js';
import { embedPageImage } from './page-image-xobject.js';

const POINTS_PER_INCH = 72;
const PRODUCER = 'Kontor';

/** One page of the document, with its content fetched only if the page needs it. */
export interface EnhancedPdfPage {
  /** Where the page is in its source PDF when its text came from that PDF's own text layer; it is copied as it is. */
  original: { sourceIndex: number; sourcePage: number } | null;
  widthPx: number;
  heightPx: number;
  /** The upright page raster (PNG): the page of a scan or photo, and the stand-in for an original that cannot be copied. */
  image(): Promise<Buffer>;
  /**
   * The page's words with their boxes, for the invisible text over the image; on an original page only
   * those OCR read (in its pictures) are laid over it.
   */
  words(): Promise<RecognizedWord[]>;
}

export interface EnhancedPdfOptions {
  sourcePdf(sourceIndex: number): Promise<Buffer>;
  /** Resolution of the page rasters: a page made from a raster gets the size the raster has at it. */
  dpi: number;
}

export interface EnhancedPdf {
  pdf: Buffer;
  copiedPages: number;
  rasterPages: number;
  /** Source PDFs whose pages could not be copied (damaged, encrypted): their pages were made from rasters. */
  uncopiedSources: Array<{ sourceIndex: number; reason: string }>;
}

const originalKey = (sourceIndex: number, sourcePage: number) => `${sourceIndex}:${sourcePage}`;

/** Copies every original page of a source in one go, so pages of one file share their fonts and images. */
const copyOriginals = async (doc: PDFDocument, pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions) => {
  const wanted = new Map<number, number[]>();
  for (const { original } of pages)
    if (original) wanted.set(original.sourceIndex, [...(wanted.get(original.sourceIndex) ?? []), original.sourcePage]);
  const copied = new Map<string, PDFPage>();
  const uncopiedSources: EnhancedPdf['uncopiedSources'] = [];
  for (const [sourceIndex, sourcePages] of wanted) {
    // Outside the try: a source missing from the blob store is an outage to retry, not a damaged file.
    const bytes = await options.sourcePdf(sourceIndex);
    try {
      const source = await PDFDocument.load(bytes, { updateMetadata: false });
      const pagesOfSource = await doc.copyPages(
        source,
        sourcePages.map((sourcePage) => sourcePage - 1),
      );
      sourcePages.forEach((sourcePage, index) => copied.set(originalKey(sourceIndex, sourcePage), pagesOfSource[index]!));
    } catch (error) {
      uncopiedSources.push({ sourceIndex, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { copied, uncopiedSources };
};

/** The page raster filling a page of its size at `dpi`, with the words in invisible text over it. */
const addRasterPage = async (doc: PDFDocument, font: PDFFont, page: EnhancedPdfPage, dpi: number): Promise<void> => {
  const [width, height] = [(page.widthPx * POINTS_PER_INCH) / dpi, (page.heightPx * POINTS_PER_INCH) / dpi];
  const pdfPage = doc.addPage([width, height]);
  const image = pdfPage.node.newXObject('PageImage', await embedPageImage(doc, await page.image()));
  pdfPage.pushOperators(pushGraphicsState(), concatTransformationMatrix(width, 0, 0, height, 0, 0), drawObject(image), popGraphicsState());
  drawInvisibleWords(pdfPage, font, await page.words());
};

/**
 * One searchable PDF of the whole document, pages in document order: born-digital pages copied from
 * their source PDF with their own text (and the words OCR read in their pictures), every other page its
 * upright raster with the recognized words laid over it in invisible text at their places.
 */
export const buildEnhancedPdf = async (pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions): Promise<EnhancedPdf> => {
  const doc = await PDFDocument.create();
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { copied, uncopiedSources } = await copyOriginals(doc, pages, options);
  let copiedPages = 0;
  for (const page of pages) {
    const original = page.original && copied.get(originalKey(page.original.sourceIndex, page.original.sourcePage));
    if (original) {
      doc.addPage(original);
      // Words OCR read in the page's pictures are not in its text layer: they are laid over it like a scan's.
      drawInvisibleWords(
        original,
        font,
        (await page.words()).filter((word) => word.confidence !== null),
      );
      copiedPages++;
    } else {
      await addRasterPage(doc, font, page, options.dpi);
    }
  }
  return { pdf: Buffer.from(await doc.save()), copiedPages, rasterPages: pages.length - copiedPages, uncopiedSources };
};
