import { isUsableTextLayer } from '../../../shared/files/usable-text-layer.js';
import { RASTER_CHANNELS, type RenderLimits, type SourcePageRaster } from './source-page-raster.js';
import { showsOnlyText, type OpenPdf, type PdfRenderer } from './pdf-renderer.js';
import { RenderingFailure } from './rendering-failure.js';
import { pixelsAt, POINTS_PER_INCH } from './region-pixels.js';

/** A rendered PDF page, and whether its text layer has real text (the extractor reads that instead of OCR). */
export type PdfPageRaster = SourcePageRaster & { hasTextLayer: boolean };

/**
 * A PDF page with a usable text layer: the extractor reads that layer, and draws from the PDF whatever
 * else on the page it needs to see (a picture to OCR, where a QR code may be), so no raster is made at
 * the OCR resolution; what people look at is drawn at its own size.
 */
export interface TextLayerPdfPage {
  /** 1-based page number inside its file. */
  sourcePage: number;
  /** The page's size at the OCR resolution, the size its raster would have had. */
  widthPx: number;
  heightPx: number;
  /** It paints nothing but its text (see `OpenPdf.showsOnlyText`). */
  showsOnlyText: boolean;
  /** The page drawn `widthPx` wide (height in proportion), while its file is still being rendered. */
  drawn(widthPx: number): Promise<SourcePageRaster>;
}

export const isTextLayerPage = (page: SourcePageRaster | TextLayerPdfPage): page is TextLayerPdfPage => 'drawn' in page;

/** Counts and measures the pages first, so nothing is rendered from a file that will be refused. */
const checkLimits = (pdf: OpenPdf, limits: RenderLimits) => {
  if (pdf.pages.length > limits.maxPages) {
    throw new RenderingFailure('too_many_pages', `the PDF has ${pdf.pages.length} pages, more than the ${limits.maxPages} allowed`);
  }
  pdf.pages.forEach(({ widthPt, heightPt }, index) => {
    const [width, height] = [pixelsAt(widthPt, limits.dpi), pixelsAt(heightPt, limits.dpi)];
    if (width * height > limits.maxPixels) {
      throw new RenderingFailure(
        'conversion_failed',
        `page ${index + 1} would be ${width}x${height} pixels at ${limits.dpi} dpi, more than the limit of ${limits.maxPixels}`,
      );
    }
  });
};

const textLayerPage = async (pdf: OpenPdf, sourcePage: number, dpi: number): Promise<TextLayerPdfPage> => {
  const { widthPt, heightPt } = pdf.pages[sourcePage - 1]!;
  return {
    sourcePage,
    widthPx: pixelsAt(widthPt, dpi),
    heightPx: pixelsAt(heightPt, dpi),
    showsOnlyText: await showsOnlyText(pdf, sourcePage),
    async drawn(widthPx) {
      const drawnDpi = (widthPx * POINTS_PER_INCH) / widthPt;
      return { sourcePage, dpi: drawnDpi, channels: RASTER_CHANNELS, ...(await pdf.render(sourcePage, drawnDpi)) };
    },
  };
};

/**
 * What becomes of a PDF page with a usable text layer: `rasterize` renders it at the OCR resolution like
 * every other page; `leave` yields it as a `TextLayerPdfPage`, drawn only as far as it is shown or read.
 */
export type TextLayerPages = 'rasterize' | 'leave';

/** Each page of a PDF rendered at the OCR resolution, one at a time, or left undrawn as `textLayerPages` says. */
export function renderPdfPages(bytes: Buffer, limits: RenderLimits, renderer: PdfRenderer): AsyncGenerator<PdfPageRaster>;
export function renderPdfPages(
  bytes: Buffer,
  limits: RenderLimits,
  renderer: PdfRenderer,
  textLayerPages: TextLayerPages,
): AsyncGenerator<PdfPageRaster | TextLayerPdfPage>;
export async function* renderPdfPages(
  bytes: Buffer,
  limits: RenderLimits,
  renderer: PdfRenderer,
  textLayerPages: TextLayerPages = 'rasterize',
): AsyncGenerator<PdfPageRaster | TextLayerPdfPage> {
  const pdf = await renderer.open(bytes);
  try {
    checkLimits(pdf, limits);
    for (let sourcePage = 1; sourcePage <= pdf.pages.length; sourcePage++) {
      const hasTextLayer = isUsableTextLayer(await pdf.text(sourcePage));
      if (hasTextLayer && textLayerPages === 'leave') yield await textLayerPage(pdf, sourcePage, limits.dpi);
      else yield { sourcePage, dpi: limits.dpi, hasTextLayer, channels: RASTER_CHANNELS, ...(await pdf.render(sourcePage, limits.dpi)) };
    }
  } finally {
    await pdf.close();
  }
}
