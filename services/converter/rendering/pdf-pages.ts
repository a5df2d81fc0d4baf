import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { RASTER_CHANNELS, type RenderLimits, type SourcePageRaster } from './source-page-raster.js';
import type { OpenPdf, PdfRenderer } from './pdf-renderer.js';
import { RenderingFailure } from './rendering-failure.js';

const POINTS_PER_INCH = 72;

/** A rendered PDF page, and whether its text layer has real text (the extractor reads that instead of OCR). */
export type PdfPageRaster = SourcePageRaster & { hasTextLayer: boolean };

/** Counts and measures the pages first, so nothing is rendered from a file that will be refused. */
const checkLimits = (pdf: OpenPdf, limits: RenderLimits) => {
  if (pdf.pages.length > limits.maxPages) {
    throw new RenderingFailure('too_many_pages', `the PDF has ${pdf.pages.length} pages, more than the ${limits.maxPages} allowed`);
  }
  pdf.pages.forEach(({ widthPt, heightPt }, index) => {
    const [width, height] = [Math.round((widthPt * limits.dpi) / POINTS_PER_INCH), Math.round((heightPt * limits.dpi) / POINTS_PER_INCH)];
    if (width * height > limits.maxPixels) {
      throw new RenderingFailure(
        'conversion_failed',
        `page ${index + 1} would be ${width}x${height} pixels at ${limits.dpi} dpi, more than the limit of ${limits.maxPixels}`,
      );
    }
  });
};

/** Each page of a PDF rendered at the OCR resolution, one at a time. */
export async function* renderPdfPages(bytes: Buffer, limits: RenderLimits, renderer: PdfRenderer): AsyncGenerator<PdfPageRaster> {
  const pdf = await renderer.open(bytes);
  try {
    checkLimits(pdf, limits);
    for (let sourcePage = 1; sourcePage <= pdf.pages.length; sourcePage++) {
      const hasTextLayer = isUsableTextLayer(await pdf.text(sourcePage));
      yield { sourcePage, dpi: limits.dpi, hasTextLayer, channels: RASTER_CHANNELS, ...(await pdf.render(sourcePage, limits.dpi)) };
    }
  } finally {
    await pdf.close();
  }
}
