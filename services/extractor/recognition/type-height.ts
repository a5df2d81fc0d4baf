import type { PageRaster } from '../../../shared/imaging/page-raster.js';

/** Ink is darker than this (0–255 luminance); where most of a picture is, its type is the light part (white on a band). */
const INK_BELOW = 128;
/** Shorter than this, in points, a mark is a dot, a comma, a hyphen or a speck, no letter's body. */
const MIN_GLYPH_POINTS = 1.5;
/** Wider than this many times its height, a mark is a rule or an underline. */
const MAX_GLYPH_ASPECT = 5;
/** The type measured is the picture's smaller type: this share of its letters is shorter. */
const SMALL_TYPE_SHARE = 0.25;

/** Which pixels of the raster are ink, as 1s, row by row. */
const inkOf = ({ pixels, widthPx, heightPx, channels }: PageRaster): Uint8Array => {
  const ink = new Uint8Array(widthPx * heightPx);
  let dark = 0;
  for (let at = 0, sample = 0; at < ink.length; at++, sample += channels) {
    const luminance = channels >= 3 ? 0.299 * pixels[sample]! + 0.587 * pixels[sample + 1]! + 0.114 * pixels[sample + 2]! : pixels[sample]!;
    if (luminance < INK_BELOW) {
      ink[at] = 1;
      dark++;
    }
  }
  if (dark * 2 > ink.length) for (let at = 0; at < ink.length; at++) ink[at] = 1 - ink[at]!;
  return ink;
};

/**
 * The heights and widths of the ink's marks (8-connected pixels), in pixels: runs of ink along each row, joined
 * with the runs of the row above that touch them (diagonally too).
 */
const marksOf = (ink: Uint8Array, width: number, height: number): Array<{ width: number; height: number }> => {
  const runs: Array<{ left: number; right: number; top: number; bottom: number; parent: number }> = [];
  const root = (of: number): number => {
    let at = of;
    while (runs[at]!.parent !== at) at = runs[at]!.parent = runs[runs[at]!.parent]!.parent;
    return at;
  };
  let above: number[] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x] === 0) continue;
      const left = x;
      while (x + 1 < width && ink[y * width + x + 1] === 1) x++;
      const own = runs.length;
      runs.push({ left, right: x, top: y, bottom: y, parent: own });
      row.push(own);
      for (const run of above) {
        if (runs[run]!.right < left - 1 || runs[run]!.left > x + 1) continue;
        const [a, b] = [root(run), root(own)];
        if (a !== b) runs[Math.max(a, b)]!.parent = Math.min(a, b);
      }
    }
    above = row;
  }
  const marks = new Map<number, { left: number; right: number; top: number; bottom: number }>();
  for (const [at, run] of runs.entries()) {
    const mark = marks.get(root(at));
    if (!mark) marks.set(root(at), { left: run.left, right: run.right, top: run.top, bottom: run.bottom });
    else {
      mark.left = Math.min(mark.left, run.left);
      mark.right = Math.max(mark.right, run.right);
      mark.top = Math.min(mark.top, run.top);
      mark.bottom = Math.max(mark.bottom, run.bottom);
    }
  }
  return [...marks.values()].map((mark) => ({ width: mark.right - mark.left + 1, height: mark.bottom - mark.top + 1 }));
};

/**
 * The height of a picture's smaller type, in pixels: of the marks its ink makes that may be letters (not dots,
 * specks or rules), the height a quarter of them stay under (a lower-case letter's x-height, an all-caps line's cap
 * height). Null when nothing on it may be a letter.
 */
export const typeHeightOf = (raster: PageRaster, pixelsPerPoint: number): number | null => {
  const heights = marksOf(inkOf(raster), raster.widthPx, raster.heightPx)
    .filter((mark) => mark.height >= MIN_GLYPH_POINTS * pixelsPerPoint && mark.width <= MAX_GLYPH_ASPECT * mark.height)
    .map((mark) => mark.height)
    .sort((a, b) => a - b);
  return heights.length === 0 ? null : heights[Math.floor(heights.length * SMALL_TYPE_SHARE)]!;
};
