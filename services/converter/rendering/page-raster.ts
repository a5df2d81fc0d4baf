import sharp from 'sharp';

/**
 * One page of a file as upright, opaque 8-bit RGB pixels, row by row. Pages stay raw between steps
 * so the raster, preview and thumbnail are each encoded once, with no PNG decoded in between.
 */
export interface PageRaster {
  /** 1-based page number inside its file. */
  sourcePage: number;
  pixels: Buffer;
  widthPx: number;
  heightPx: number;
}

export const RASTER_CHANNELS = 3;

/** A sharp pipeline reading the raster; its size was checked against the pixel limit when it was made. */
export const rasterImage = (raster: PageRaster) =>
  sharp(raster.pixels, { raw: { width: raster.widthPx, height: raster.heightPx, channels: RASTER_CHANNELS }, limitInputPixels: false });

export interface RenderLimits {
  /** Pages this file may have; more is refused before anything is rendered. */
  maxPages: number;
  /** Pixels per page or decoded image; more is refused before it is decoded. */
  maxPixels: number;
  /** Resolution PDF pages are rendered at; images keep their own pixels. */
  dpi: number;
  /** How long Ghostscript may take for one PDF page before it is killed and the file fails. */
  pageTimeoutMs: number;
}

/** The stored page image: lossless for OCR, 8-bit RGB and not interlaced, so a PDF can take its data as is. */
export const encodePagePng = (raster: PageRaster): Promise<Buffer> => rasterImage(raster).png({ progressive: false, palette: false }).toBuffer();
