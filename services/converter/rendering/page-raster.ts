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
  /** Its resolution where known: a PDF's render resolution, or an image's as judged by its text. */
  dpi?: number;
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
  /** Resolution PDF pages are rendered at; images keep their own pixels unless their text is smaller than at this resolution. */
  dpi: number;
}

/** The stored page image: lossless for OCR, 8-bit RGB and not interlaced, so a PDF can take its data as is. */
export const encodePagePng = (raster: PageRaster): Promise<Buffer> => {
  // The PNG states the page's resolution: OCR sizes its noise filters by it (sharp's default says 25 dpi).
  const image = raster.dpi === undefined ? rasterImage(raster) : rasterImage(raster).withMetadata({ density: raster.dpi });
  return image.png({ progressive: false, palette: false }).toBuffer();
};
