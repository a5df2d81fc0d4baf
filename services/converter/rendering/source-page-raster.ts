import { rasterImage, type PageRaster } from '../../../shared/imaging/page-raster.js';
import { withPngDensity } from '../../../shared/imaging/png-density.js';

/** The converter's pages are RGB throughout: its steps read and write three samples per pixel. */
export const RASTER_CHANNELS = 3;

/**
 * One page of a source file as upright, opaque 8-bit RGB pixels. Pages stay raw between the converter's
 * steps so the raster, preview and thumbnail are each encoded once, with no PNG decoded in between.
 */
export interface SourcePageRaster extends PageRaster {
  /** 1-based page number inside its file. */
  sourcePage: number;
  channels: typeof RASTER_CHANNELS;
}

export interface RenderLimits {
  /** Pages this file may have; more is refused before anything is rendered. */
  maxPages: number;
  /** Pixels per page or decoded image; more is refused before it is decoded. */
  maxPixels: number;
  /** Resolution PDF pages are rendered at; images keep their own pixels unless their text is smaller than at this resolution. */
  dpi: number;
}

/** The stored page image: lossless for OCR, 8-bit RGB and not interlaced, so a PDF can take its data as is. */
export const encodePagePng = async (raster: PageRaster): Promise<Buffer> => {
  const png = await rasterImage(raster).png({ progressive: false, palette: false }).toBuffer();
  // The PNG states the page's resolution: OCR sizes its noise filters by it (sharp's default says 72 dpi).
  return raster.dpi === undefined ? png : withPngDensity(png, raster.dpi);
};
