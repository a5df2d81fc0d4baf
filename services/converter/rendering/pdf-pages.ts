import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fromBuffer } from 'pdf2pic';
import sharp from 'sharp';
import type { PageRaster, RenderLimits } from './page-raster.js';
import { RenderingFailure, unreadable } from './rendering-failure.js';

const POINTS_PER_INCH = 72;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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

/** When Ghostscript cannot render a page it prints why to the stdout the image would have gone to. */
const renderedPng = (output: Buffer | undefined, pageNumber: number): Buffer => {
  if (output?.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return output;
  const complaint = output?.toString('latin1').trim().split('\n')[0]?.slice(0, 200) || 'no output';
  throw new RenderingFailure('conversion_failed', `page ${pageNumber} of the PDF could not be rendered: ${complaint}`);
};

const renderPage = async (bytes: Buffer, pageNumber: number, dpi: number): Promise<Buffer> => {
  // No width or height: pdf2pic's default would resize to 768x512; without them the page keeps its size at `dpi`.
  const convert = fromBuffer(bytes, { density: dpi, units: 'PixelsPerInch', format: 'png', width: undefined, height: undefined });
  const { buffer } = await convert(pageNumber, { responseType: 'buffer' });
  return renderedPng(buffer, pageNumber);
};

/** Each page of a PDF rendered by Ghostscript (through GraphicsMagick) at the OCR resolution, one at a time. */
export async function* renderPdfPages(bytes: Buffer, limits: RenderLimits): AsyncGenerator<PageRaster> {
  const pageCount = await checkedPageCount(bytes, limits);
  for (let sourcePage = 1; sourcePage <= pageCount; sourcePage++) {
    const png = await renderPage(bytes, sourcePage, limits.dpi);
    // The page's size was checked against the pixel limit before it was rendered.
    const { width, height } = await sharp(png, { limitInputPixels: false }).metadata().catch((error: unknown) => {
      throw unreadable(`page ${sourcePage} of the PDF rendered to an unreadable image`, error);
    });
    yield { sourcePage, png, widthPx: width, heightPx: height };
  }
}
