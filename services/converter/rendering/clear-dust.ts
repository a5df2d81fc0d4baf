import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';

/** Darker than this (of 255) is a mark on the paper: print, or dust. */
const MARK_THRESHOLD = 200;
/** A mark smaller than this both ways is a dot: a full stop, an i's dot (about 0.35 mm in 10-point type), or dust. */
const DOT_MM = 0.7;
/** A dot with nothing else printed this close is dust: print has neighbours (a space is about 0.8 mm in 10-point type). */
const CLEARANCE_MM = 1.5;
/** The resolution of a page that does not state one: the OCR resolution. */
const DEFAULT_DPI = 300;

/** Counts of marked pixels over rectangles in constant time: a summed-area table of the mark mask. */
const summedArea = (marked: Uint8Array, width: number, height: number) => {
  const stride = width + 1;
  const table = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += marked[y * width + x]!;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1]! + row;
    }
  }
  return (left: number, top: number, right: number, bottom: number): number => {
    const [x0, y0, x1, y1] = [Math.max(0, left), Math.max(0, top), Math.min(width, right + 1), Math.min(height, bottom + 1)];
    return table[y1 * stride + x1]! - table[y0 * stride + x1]! - table[y1 * stride + x0]! + table[y0 * stride + x0]!;
  };
};

/**
 * The page without dust: marks the size of a dot with nothing else printed around them, painted over
 * with white. A 3x3 median (see `despeckle`) clears specks of a pixel or two; dust on a 200-dpi scan
 * enlarged to the OCR resolution is larger, and OCR reads it as words ("Der", "SIRS"), breaks the lines
 * of an address it lies near into nonsense, or glues it to amounts. Dots of print (full stops, decimal
 * points, an i's dot, a colon) sit beside the glyphs they belong to and are kept; thin strokes are not
 * touched, unlike a larger median or OCR's own heavy noise removal, which erode small print.
 */
export const clearDust = (raster: SourcePageRaster): SourcePageRaster => {
  const { widthPx: width, heightPx: height, pixels } = raster;
  const pxPerMm = (raster.dpi ?? DEFAULT_DPI) / 25.4;
  const dotSize = Math.max(1, Math.round(DOT_MM * pxPerMm));
  const clearance = Math.max(1, Math.round(CLEARANCE_MM * pxPerMm));

  const marked = new Uint8Array(width * height);
  let markedCount = 0;
  for (let index = 0, offset = 0; index < marked.length; index++, offset += RASTER_CHANNELS) {
    marked[index] = pixels[offset]! + pixels[offset + 1]! + pixels[offset + 2]! < 3 * MARK_THRESHOLD ? 1 : 0;
    markedCount += marked[index]!;
  }
  const marksIn = summedArea(marked, width, height);

  const cleaned = Buffer.from(pixels);
  const visited = new Uint8Array(width * height);
  // Each marked pixel is pushed once at most.
  const stack = new Int32Array(markedCount);
  // The pixels of the mark being traced, while it is still small enough to be a dot.
  const dot = new Int32Array((dotSize + 1) * (dotSize + 1));
  for (let start = 0; start < marked.length; start++) {
    if (!marked[start] || visited[start]) continue;
    let left = width;
    let top = height;
    let right = -1;
    let bottom = -1;
    let size = 0;
    let depth = 0;
    stack[depth++] = start;
    visited[start] = 1;
    while (depth > 0) {
      const at = stack[--depth]!;
      // Plain statements rather than destructured arrays: this runs once for every marked pixel of the page.
      const x = at % width;
      const y = (at - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (size < dot.length) dot[size] = at;
      size++;
      // Eight neighbours: a diagonal step still belongs to the same mark.
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (marked[next] && !visited[next]) {
            visited[next] = 1;
            stack[depth++] = next;
          }
        }
      }
    }
    const isDot = right - left < dotSize && bottom - top < dotSize;
    if (!isDot || marksIn(left - clearance, top - clearance, right + clearance, bottom + clearance) !== size) continue;
    for (let index = 0; index < size; index++) cleaned.fill(255, dot[index]! * RASTER_CHANNELS, (dot[index]! + 1) * RASTER_CHANNELS);
  }
  return { ...raster, pixels: cleaned };
};
