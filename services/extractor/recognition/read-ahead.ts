import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { storedFileBytes } from '../../../shared/files/stored-file-bytes.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { pixelsAt, sourcePdfPageIn, type PageToDraw, type PdfRenderer } from '../../converter/index.js';
import { findEmbeddedInvoiceXml, type EmbeddedXmlSearches } from '../einvoice/embedded-invoice-xml.js';
import type { QrSearches } from '../swiss-payments/qr-searches.js';
import { textLayerOf } from './pdf-text-layer.js';
import { searchablePage } from '../swiss-payments/searchable-page.js';
import { PDF_MIME_TYPE, readTextLayer, type RecognitionDeps, type TextLayerReading } from './recognize-pages.js';

/** A document's first pages are read ahead: its fields are mostly there, and a long document's later pages can wait their turn. */
const PAGES_READ_AHEAD = 4;
/** Files whose readings are kept until their pages are taken: a few documents'. */
const KEPT_FILES = 8;

/** What reading a document's stored PDFs ahead needs: the recognition's own ports, its files, and a renderer to count their pages. */
export interface ReadAheadSources extends RecognitionDeps {
  renderer: PdfRenderer;
  sourceFiles: ReadonlyMap<number, StoredFile>;
}

/** A page's reading begun ahead, at the size it was read at; undefined once it failed. */
interface PageReading {
  widthPx: number;
  reading: Promise<TextLayerReading | null | undefined>;
}

/**
 * Text-layer pages read while the converter still works on them, and the PDF's embedded e-invoice looked for.
 * The converter leaves a PDF page with a usable text layer without a raster, and all the recognition does with
 * such a page (read its layer, OCR the pictures on it, begin its QR search) needs only the PDF. So once the PDF
 * is stored, the pages the converter will leave so (by its own rule, at its resolution) are read at once, beside
 * the conversion, and the recognition step takes each reading over, running or done (the extraction step takes
 * the e-invoice search over). One document at a time and its first pages only, so a burst of uploads does not
 * become a burst of work ahead of its turn.
 */
export const createTextLayersReadAhead = ({
  qrSearches,
  xmlSearches,
  ocrDpi,
}: {
  qrSearches: QrSearches;
  xmlSearches: EmbeddedXmlSearches;
  ocrDpi: number;
}) => {
  /** By file (its blob's hash): the readings of its text-layer pages by page, once they are begun. */
  const files = new Map<string, Promise<Map<number, PageReading>>>();
  let reading = false;

  const readFile = async (sourceIndex: number, file: StoredFile, sources: ReadAheadSources): Promise<Map<number, PageReading>> => {
    const pages = new Map<number, PageReading>();
    const bytes = await storedFileBytes(sources.blobs, file, `source file ${sourceIndex}`);
    const pdf = await sources.renderer.open(bytes);
    xmlSearches.begin(file.blob.hash, () => findEmbeddedInvoiceXml(bytes));
    try {
      // The pages' pictures and QR places are drawn from the bytes read here, not read from the blob store again.
      const readerSources = { ...sources, sourcePages: (page: PageToDraw) => sourcePdfPageIn(bytes, page, sources.renderer) };
      for (const [offset, size] of pdf.pages.slice(0, PAGES_READ_AHEAD).entries()) {
        const sourcePage = offset + 1;
        // Asked at once, so the PDF's thread answers the second without waiting for this thread's turn in between.
        const [content, drawings] = await Promise.all([pdf.content(sourcePage), pdf.drawings(sourcePage)]);
        // Laid out once, here: the recognition step would lay it out the same way. A page without a usable layer
        // is rasterized by the converter and OCR'd.
        const textLayer = textLayerOf(content, size);
        if (!textLayer) continue;
        const page = {
          pageNumber: sourcePage,
          sourceIndex,
          sourcePage,
          image: null,
          widthPx: pixelsAt(size.widthPt, ocrDpi),
          heightPx: pixelsAt(size.heightPt, ocrDpi),
          showsOnlyText: drawings.length === 0,
        };
        // A reading that fails is done again by the recognition step, which reports what went wrong. The QR
        // search begins once the reading has drawn the page's pictures: the recognition waits for those, and
        // only the extraction after it for the search.
        const searchable = searchablePage(page, readerSources);
        const drawn = () => searchable && qrSearches.begin(searchable, 1);
        const reading = readTextLayer(page, readerSources, { laidOut: textLayer, drawn }).catch(() => undefined);
        pages.set(sourcePage, { widthPx: page.widthPx, reading });
      }
    } finally {
      await pdf.close();
    }
    return pages;
  };

  return {
    /** Begins reading the text-layer pages of a document's stored PDFs, unless another document's are being read. */
    begin(sources: ReadAheadSources, logger: Logger): void {
      const pdfs = [...sources.sourceFiles].filter(([, file]) => file.mimeType === PDF_MIME_TYPE && !files.has(file.blob.hash));
      if (reading || pdfs.length === 0) return;
      reading = true;
      const begun = pdfs.map(([sourceIndex, file]) => {
        const pages = readFile(sourceIndex, file, sources).catch((error: unknown) => {
          logger.debug(
            { err: error, source_index: sourceIndex },
            'reading ahead of the conversion failed; the recognition reads the file itself',
          );
          return new Map<number, PageReading>();
        });
        files.set(file.blob.hash, pages);
        // A Map iterates in insertion order: the oldest file is dropped.
        if (files.size > KEPT_FILES) files.delete(files.keys().next().value!);
        return pages.then((read) => Promise.all([...read.values()].map((page) => page.reading)));
      });
      void Promise.all(begun).finally(() => (reading = false));
    },

    /**
     * The reading of a page converted without a raster, begun ahead, handed over once: the page's text
     * layer (null when it has none); undefined when it was not read ahead, or its reading failed.
     */
    async take(page: ConvertedPage, file: StoredFile): Promise<TextLayerReading | null | undefined> {
      const listed = page.image === null ? files.get(file.blob.hash) : undefined;
      if (!listed) return undefined;
      const pages = await listed;
      const ahead = pages.get(page.sourcePage);
      pages.delete(page.sourcePage);
      if (pages.size === 0 && files.get(file.blob.hash) === listed) files.delete(file.blob.hash);
      return ahead?.widthPx === page.widthPx ? ahead.reading : undefined;
    },
  };
};
export type TextLayersReadAhead = ReturnType<typeof createTextLayersReadAhead>;
