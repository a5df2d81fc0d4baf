/** One page of a file as an upright, opaque PNG. */
export interface PageRaster {
  /** 1-based page number inside its file. */
  sourcePage: number;
  png: Buffer;
  widthPx: number;
  heightPx: number;
}

export interface RenderLimits {
  /** Pages this file may have; more is refused before anything is rendered. */
  maxPages: number;
  /** Pixels per page or decoded image; more is refused before it is decoded. */
  maxPixels: number;
  /** Resolution PDF pages are rendered at; images keep their own pixels. */
  dpi: number;
}
