import type { PdfPageSize, PdfRegion } from './pdf-renderer.js';

export const POINTS_PER_INCH = 72;

/** Pixels a length in points comes to at `dpi`, as the renderers round a page's size. */
export const pixelsAt = (points: number, dpi: number) => Math.max(1, Math.round((points * dpi) / POINTS_PER_INCH));

/** Where a region lies in a page's raster at some resolution, in whole pixels. */
export interface PixelRect {
  /** The whole page's raster size. */
  pageWidthPx: number;
  pageHeightPx: number;
  leftPx: number;
  topPx: number;
  widthPx: number;
  heightPx: number;
}

/** Edges a rounding error away from a pixel boundary lie on it (108 pt at 150 dpi is 225.00000000000003 px). */
const EDGE_TOLERANCE = 1e-6;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The pixels of a page at `dpi` that `region` touches: from the pixel its left and top edges fall in to
 * the one its right and bottom edges fall in, clipped to the page. A region that covers no pixel of the
 * page is a caller's mistake (a RangeError).
 */
export const regionPixels = (page: PdfPageSize, dpi: number, region: PdfRegion): PixelRect => {
  const [pageWidthPx, pageHeightPx] = [pixelsAt(page.widthPt, dpi), pixelsAt(page.heightPt, dpi)];
  const scale = dpi / POINTS_PER_INCH;
  const leftPx = clamp(Math.floor(region.left * scale + EDGE_TOLERANCE), 0, pageWidthPx);
  const topPx = clamp(Math.floor(region.top * scale + EDGE_TOLERANCE), 0, pageHeightPx);
  const rightPx = clamp(Math.ceil(region.right * scale - EDGE_TOLERANCE), 0, pageWidthPx);
  const bottomPx = clamp(Math.ceil(region.bottom * scale - EDGE_TOLERANCE), 0, pageHeightPx);
  if (rightPx <= leftPx || bottomPx <= topPx) throw new RangeError(`the region ${JSON.stringify(region)} covers no pixel of the page`);
  return { pageWidthPx, pageHeightPx, leftPx, topPx, widthPx: rightPx - leftPx, heightPx: bottomPx - topPx };
};
