import type { PageRaster } from '../../../shared/imaging/page-raster.js';

/** Ink is darker than this (0–255 luminance); where most of a picture is that dark, its type is the light part (white on a band). */
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
  // Luminance in thousandths, in integers.
  const below = INK_BELOW * 1000;
  let dark = 0;
  for (let at = 0, sample = 0; at < ink.length; at++, sample += channels) {
    const luminance =
      channels >= 3 ? 299 * pixels[sample]! + 587 * pixels[sample + 1]! + 114 * pixels[sample + 2]! : 1000 * pixels[sample]!;
    if (luminance < below) {
      ink[at] = 1;
      dark++;
    }
  }
  if (dark * 2 > ink.length) for (let at = 0; at < ink.length; at++) ink[at] = 1 - ink[at]!;
  return ink;
};

/**
 * The heights and widths of the ink's marks (8-connected pixels), in pixels: runs of ink along each row, joined
 * with the runs of the row above that touch them (diagonally too). Both rows' runs lie left to right, so each
 * run is compared with the runs above from the first that reaches it.
 */
const marksOf = (ink: Uint8Array, width: number, height: number): Array<{ width: number; height: number }> => {
  // Each run's first and last pixel, its row, and the run it joins (itself when it is its mark's first).
  const lefts: number[] = [];
  const rights: number[] = [];
  const rows: number[] = [];
  const parents: number[] = [];
  const root = (of: number): number => {
    let at = of;
    while (parents[at] !== at) at = parents[at] = parents[parents[at]!]!;
    return at;
  };
  let [aboveFrom, aboveTo] = [0, 0];
  for (let y = 0; y < height; y++) {
    const rowFrom = lefts.length;
    let above = aboveFrom;
    for (let x = 0, at = y * width; x < width; x++, at++) {
      if (ink[at] === 0) continue;
      const left = x;
      while (x + 1 < width && ink[at + 1] === 1) {
        x++;
        at++;
      }
      const own = lefts.length;
      lefts.push(left);
      rights.push(x);
      rows.push(y);
      parents.push(own);
      while (above < aboveTo && rights[above]! < left - 1) above++;
      for (let run = above; run < aboveTo && lefts[run]! <= x + 1; run++) {
        const [a, b] = [root(run), root(own)];
        if (a !== b) parents[Math.max(a, b)] = Math.min(a, b);
      }
    }
    [aboveFrom, aboveTo] = [rowFrom, lefts.length];
  }
  const boxes = new Map<number, { left: number; right: number; top: number; bottom: number }>();
  for (let run = 0; run < lefts.length; run++) {
    const mark = root(run);
    const box = boxes.get(mark);
    if (!box) boxes.set(mark, { left: lefts[run]!, right: rights[run]!, top: rows[run]!, bottom: rows[run]! });
    else {
      box.left = Math.min(box.left, lefts[run]!);
      box.right = Math.max(box.right, rights[run]!);
      box.bottom = rows[run]!;
    }
  }
  return [...boxes.values()].map((box) => ({ width: box.right - box.left + 1, height: box.bottom - box.top + 1 }));
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
