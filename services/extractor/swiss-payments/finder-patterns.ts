import type { GrayImage } from './gray-image.js';

/** Thresholds are set per block of 2^5 = 32 pixels square, so uneven lighting in scans and photos does not hide a pattern. */
const BLOCK_SHIFT = 5;
/** A block whose darkest and lightest pixels differ less than this is flat: paper (light) or a filled area (dark). */
const MIN_CONTRAST = 24;
/** Rows scanned: every second one; a finder pattern's middle square is at least three rows tall at any readable size. */
const ROW_STEP = 2;
/** How far each run of a 1:1:3:1:1 pattern may be off its share of the pattern's width. */
const TOLERANCE = 0.5;
/** Beyond this many confirmed candidates the page is busy (a halftone, a pattern): let the decoders judge. */
const MAX_CANDIDATES = 100;
/** How far a QR code's shape may be off: the sides of its finder triangle, perspective and noise included. */
const SHAPE_TOLERANCE = 0.3;

interface Candidate {
  x: number;
  y: number;
  /** Width of one module: a seventh of the pattern. */
  module: number;
  /** Scanned rows that crossed it. */
  hits: number;
}

/** Per block, the threshold below which a pixel is dark. */
const blockThresholds = (image: GrayImage): { thresholds: Uint8Array; columns: number } => {
  const columns = (image.width >> BLOCK_SHIFT) + 1;
  const rows = (image.height >> BLOCK_SHIFT) + 1;
  const low = new Uint8Array(columns * rows).fill(255);
  const high = new Uint8Array(columns * rows);
  const { data, width, height } = image;
  for (let y = 0; y < height; y++) {
    const rowBlocks = (y >> BLOCK_SHIFT) * columns;
    for (let x = 0, at = y * width; x < width; x++, at++) {
      const value = data[at]!;
      const block = rowBlocks + (x >> BLOCK_SHIFT);
      if (value < low[block]!) low[block] = value;
      if (value > high[block]!) high[block] = value;
    }
  }
  const thresholds = new Uint8Array(columns * rows);
  for (let block = 0; block < thresholds.length; block++) {
    // A flat block is one colour: inside a dark area of a code it is dark, on paper light.
    const flat = high[block]! - low[block]! < MIN_CONTRAST;
    thresholds[block] = flat ? (low[block]! < 128 ? 255 : 0) : (low[block]! + high[block]!) >> 1;
  }
  return { thresholds, columns };
};

/** The module width when five runs (dark, light, dark, light, dark) are 1:1:3:1:1 as in a finder pattern, else 0. */
const finderModule = (a: number, b: number, c: number, d: number, e: number): number => {
  const unit = (a + b + c + d + e) / 7;
  if (unit < 1) return 0;
  const off = unit * TOLERANCE + 0.5;
  const fits =
    Math.abs(a - unit) <= off &&
    Math.abs(b - unit) <= off &&
    Math.abs(c - 3 * unit) <= 3 * off &&
    Math.abs(d - unit) <= off &&
    Math.abs(e - unit) <= off;
  return fits ? unit : 0;
};

const distance = (a: Candidate, b: Candidate) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Whether three candidates sit as a QR code's finder patterns do: modules of about one size, at three corners
 * of a square at least 14 modules wide (two equal sides and a diagonal √2 times as long, at any angle).
 */
const formCode = (a: Candidate, b: Candidate, c: Candidate): boolean => {
  const modules = [a.module, b.module, c.module];
  if (Math.max(...modules) > Math.min(...modules) * (1 + 2 * SHAPE_TOLERANCE)) return false;
  const [short1, short2, long] = [distance(a, b), distance(b, c), distance(a, c)].sort((x, y) => x - y) as [number, number, number];
  const module = (a.module + b.module + c.module) / 3;
  return (
    short1 >= 14 * module &&
    short2 <= short1 * (1 + SHAPE_TOLERANCE) &&
    Math.abs(long - (Math.SQRT2 * (short1 + short2)) / 2) <= long * SHAPE_TOLERANCE
  );
};

/**
 * Whether the image may hold a QR code: three places where a row and a column both cross a finder pattern
 * (dark, light, dark three times as wide, light, dark), on more than one row, with modules of one size, at
 * three corners of a square. Cheap (one pass for thresholds, one over every second row) and generous:
 * drawings may pass, which only costs the full search; a page that fails it holds no code any decoder
 * would read, since every decoder locates a code by these patterns.
 */
export const mayHoldQrCode = (image: GrayImage): boolean => {
  const { data, width, height } = image;
  const { thresholds, columns } = blockThresholds(image);
  const isDark = (x: number, y: number) => data[y * width + x]! < thresholds[(y >> BLOCK_SHIFT) * columns + (x >> BLOCK_SHIFT)]!;

  /** The run of one colour from (x, y) going `step` rows at a time, its first pixel included. */
  const verticalRun = (x: number, y: number, step: 1 | -1, dark: boolean): number => {
    let length = 0;
    for (let at = y; at >= 0 && at < height && isDark(x, at) === dark; at += step) length += 1;
    return length;
  };

  /** The module width of a 1:1:3:1:1 pattern along the column through (x, y), which lies in its middle run; 0 when none. */
  const verticalModule = (x: number, y: number): number => {
    if (!isDark(x, y)) return 0;
    const up = verticalRun(x, y, -1, true);
    const down = verticalRun(x, y, 1, true);
    const upLight = verticalRun(x, y - up, -1, false);
    const upDark = verticalRun(x, y - up - upLight, -1, true);
    const downLight = verticalRun(x, y + down, 1, false);
    const downDark = verticalRun(x, y + down + downLight, 1, true);
    return finderModule(upDark, upLight, up + down - 1, downLight, downDark);
  };

  const candidates: Candidate[] = [];
  /** Adds a candidate, or counts another hit of one close by (the same pattern, crossed by another row). */
  const addCandidate = (x: number, y: number, module: number) => {
    const same = candidates.find((known) => Math.abs(known.x - x) + Math.abs(known.y - y) < 4 * Math.max(known.module, module));
    if (same) same.hits += 1;
    else candidates.push({ x, y, module, hits: 1 });
  };

  for (let y = 0; y < height; y += ROW_STEP) {
    const rowBlocks = (y >> BLOCK_SHIFT) * columns;
    // The widths of the last five runs, oldest first, and of the run being measured.
    let [a, b, c, d, e] = [0, 0, 0, 0, 0];
    let current = 0;
    let runDark = false;
    for (let x = 0, at = y * width; x <= width; x++, at++) {
      const pixelDark = x < width && data[at]! < thresholds[rowBlocks + (x >> BLOCK_SHIFT)]!;
      if (x < width && pixelDark === runDark) {
        current += 1;
        continue;
      }
      [a, b, c, d, e] = [b, c, d, e, current];
      if (runDark) {
        const horizontal = finderModule(a, b, c, d, e);
        if (horizontal > 0) {
          const centre = x - e - d - Math.ceil(c / 2);
          const vertical = verticalModule(centre, y);
          if (vertical > 0 && Math.max(vertical, horizontal) <= 1.5 * Math.min(vertical, horizontal))
            addCandidate(centre, y, (vertical + horizontal) / 2);
        }
      }
      runDark = pixelDark;
      current = 1;
    }
  }
  // A pattern's middle square is three modules tall, so every row through it crosses the pattern; a
  // coincidence of letters in a line of text rarely holds for more than one row.
  const confirmed = candidates.filter((candidate) => candidate.hits >= Math.max(2, Math.floor((1.5 * candidate.module) / ROW_STEP)));
  if (confirmed.length > MAX_CANDIDATES) return true;
  return confirmed.some((first, i) =>
    confirmed.some((second, j) => j > i && confirmed.some((third, k) => k > j && formCode(first, second, third))),
  );
};
