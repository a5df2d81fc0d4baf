import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';

/** Darker than this (of 255) is a mark on the paper: print, or dust. */
const MARK_THRESHOLD = 200;
/** A mark smaller than this both ways is a dot: a full stop, an i's dot (about 0.35 mm in 10-point type), or dust. */
const DOT_MM = 0.7;
/** A dot with nothing else printed this close is dust: print has neighbours (a space is about 0.8 mm in 10-point type). */
const CLEARANCE_MM = 1.5;
/** The resolution of a page that does not state one: the OCR resolution. */
const DEFAULT_DPI = 300;

/** A mark's pixel not yet traced, in the mask (bordered by a ring of bare paper, so no neighbour lies off it). */
const MARKED = 1;
const TRACED = 2;

/**
 * Counts of marked pixels over rectangles of the page in constant time: a summed-area table of the mask
 * (`stride` wide, with its one-pixel border), its entries for the page's pixels.
 */
const summedArea = (mask: Uint8Array, width: number, height: number, stride: number) => {
  const tableStride = width + 1;
  const table = new Int32Array(tableStride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    const [from, above, here] = [(y + 1) * stride + 1, y * tableStride + 1, (y + 1) * tableStride + 1];
    for (let x = 0; x < width; x++) {
      row += mask[from + x]! === 0 ? 0 : 1;
      table[here + x] = table[above + x]! + row;
    }
  }
  return (left: number, top: number, right: number, bottom: number): number => {
    const [x0, y0, x1, y1] = [Math.max(0, left), Math.max(0, top), Math.min(width, right + 1), Math.min(height, bottom + 1)];
    return table[y1 * tableStride + x1]! - table[y0 * tableStride + x1]! - table[y1 * tableStride + x0]! + table[y0 * tableStride + x0]!;
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

  // The mask has a border of bare paper a pixel wide: a mark's eight neighbours are always in it.
  const stride = width + 2;
  const mask = new Uint8Array(stride * (height + 2));
  let markedCount = 0;
  for (let y = 0, offset = 0; y < height; y++) {
    const row = (y + 1) * stride + 1;
    for (let x = 0; x < width; x++, offset += RASTER_CHANNELS) {
      if (pixels[offset]! + pixels[offset + 1]! + pixels[offset + 2]! < 3 * MARK_THRESHOLD) {
        mask[row + x] = MARKED;
        markedCount++;
      }
    }
  }
  const marksIn = summedArea(mask, width, height, stride);

  const cleaned = Buffer.from(pixels);
  // Each marked pixel is pushed once at most.
  const stack = new Int32Array(markedCount);
  // The pixels of the mark being traced, while it is still small enough to be a dot.
  const dot = new Int32Array((dotSize + 1) * (dotSize + 1));
  const neighbours = Int32Array.of(-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1);
  for (let start = stride + 1; start < mask.length - stride; start++) {
    if (mask[start] !== MARKED) continue;
    let left = width;
    let top = height;
    let right = -1;
    let bottom = -1;
    let size = 0;
    let depth = 0;
    stack[depth++] = start;
    mask[start] = TRACED;
    while (depth > 0) {
      const at = stack[--depth]!;
      // Plain statements rather than destructured arrays: this runs once for every marked pixel of the page.
      const x = (at % stride) - 1;
      const y = (at - x - 1) / stride - 1;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (size < dot.length) dot[size] = y * width + x;
      size++;
      // Eight neighbours: a diagonal step still belongs to the same mark.
      for (let index = 0; index < 8; index++) {
        const next = at + neighbours[index]!;
        if (mask[next] === MARKED) {
          mask[next] = TRACED;
          stack[depth++] = next;
        }
      }
    }
    const isDot = right - left < dotSize && bottom - top < dotSize;
    if (!isDot || marksIn(left - clearance, top - clearance, right + clearance, bottom + clearance) !== size) continue;
    for (let index = 0; index < size; index++) cleaned.fill(255, dot[index]! * RASTER_CHANNELS, (dot[index]! + 1) * RASTER_CHANNELS);
  }
  return { ...raster, pixels: cleaned };
};
