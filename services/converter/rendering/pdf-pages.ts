import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdfPage } from './pdf2pic-page.js';
import type { PageRaster, RenderLimits } from './page-raster.js';
import { RenderingFailure, unreadable } from './rendering-failure.js';

const POINTS_PER_INCH = 72;

const openPdf = async (bytes: Buffer): Promise<PDFDocumentProxy> => {
  // pdf.js may take over the array it is given, so it gets a copy.
  const loading = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 });
  try {
    return await loading.promise;
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') {
      throw new RenderingFailure('conversion_failed', 'the PDF is password-protected', error);
    }
    throw unreadable('not a readable PDF', error);
  }
};

/** Counts and measures the pages with pdf.js first, so nothing is rendered from a file that will be refused. */
const checkedPageCount = async (bytes: Buffer, limits: RenderLimits): Promise<number> => {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new RenderingFailure('too_many_pages', `the PDF has ${pdf.numPages} pages, more than the ${limits.maxPages} allowed`);
    }
    for (let pageNumber = 1; pageNumber <= pdf.numPages; pageNumber++) {
      const viewport = (await pdf.getPage(pageNumber)).getViewport({ scale: limits.dpi / POINTS_PER_INCH });
      const [width, height] = [Math.round(viewport.width), Math.round(viewport.height)];
      if (width * height > limits.maxPixels) {
        throw new RenderingFailure(
          'conversion_failed',
          `page ${pageNumber} would be ${width}x${height} pixels at ${limits.dpi} dpi, more than the limit of ${limits.maxPixels}`,
        );
      }
    }
    return pdf.numPages;
  } catch (error) {
    throw unreadable('not a readable PDF', error);
  } finally {
    await pdf.destroy();
  }
};

/** Each page of a PDF rendered by pdf2pic at the OCR resolution, one at a time, each within the page timeout. */
export async function* renderPdfPages(bytes: Buffer, limits: RenderLimits): AsyncGenerator<PageRaster> {
  const pageCount = await checkedPageCount(bytes, limits);
  const options = { dpi: limits.dpi, timeoutMs: limits.pageTimeoutMs };
  for (let sourcePage = 1; sourcePage <= pageCount; sourcePage++) {
    yield { sourcePage, ...(await renderPdfPage(bytes, sourcePage, options)) };
  }
}
