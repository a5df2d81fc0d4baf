import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';
import { analysisGrey, type Grey } from './analysis-grey.js';

/** Enough to place a receipt's edge within a few pixels of a 300-dpi scan, small enough to label quickly. */
const ANALYSIS_WIDTH_PX = 400;
/** The sheet is at least this much brighter than the ground it lies on (as `findPaper` asks of a photo's table). */
const MIN_SHEET_RATIO = 1.12;
/** The paper's brightness: the brightest pixels but for a few specks. */
const PAPER_PERCENTILE = 0.99;
/** A sheet that covers more of the scan than this is a page filling it, with at most a dark rim: left as it is. */
const MAX_SHEET_SHARE = 0.8;
/** Less than this is no sheet but a label or a bright speck on the ground. */
const MIN_SHEET_SHARE = 0.02;
/** Around the sheet's box the ground is dark nearly everywhere: what is bright there is a speck or a second sheet. */
const MAX_BRIGHT_SHARE_OUTSIDE = 0.05;
/** Inside its box the sheet's paper shows between the lines of its print. */
const MIN_BRIGHT_SHARE_INSIDE = 0.3;
/** Along each side the sheet is cut at, the ground is compared over this many analysis pixels, from `SIDE_GAP` out. */
const SIDE_STRIP_PX = 20;
/** Pixels nearest a cut side are left out of the comparison: the edge's blur and the sheet's shadow. */
const SIDE_GAP_PX = 3;
/** A pixel this far from the ground's median is no ground: print on shaded paper, or a second sheet. */
const GROUND_DEVIATION = 25;
/** At most this share of a side's ground may be such pixels: a card's grain or a hole, not lines of print. */
const MAX_UNEVEN_GROUND_SHARE = 0.08;
/** A bright part smaller than this share of the scan is a speck of the ground, not a piece of the sheet. */
const MIN_PART_SHARE = 0.002;
/** Paper is what is as bright as the paper within this ratio: a grey card or a lid's shadow is not. */
const PAPER_TOLERANCE = 1.06;

/**
 * The sheet's box in the image's pixels, right and bottom exclusive: its paper's edge, no margin of the ground,
 * which the clean-up would darken into a bar OCR reads as a column of "|" and "=" (tried: a 3 mm margin).
 */
export interface SheetBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const median = (values: number[]): number => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The grey level at `rank` (0-based) of the pixels in ascending order, counted in a histogram rather than sorted. */
const levelAtRank = (data: Buffer, rank: number): number => {
  const histogram = new Uint32Array(256);
  for (const value of data) histogram[value]!++;
  let seen = 0;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level]!;
    if (seen > rank) return level;
  }
  return 255;
};

const borderValues = ({ data, width, height }: Grey): number[] => {
  const values: number[] = [];
  for (let x = 0; x < width; x++) values.push(data[x]!, data[(height - 1) * width + x]!);
  for (let y = 1; y < height - 1; y++) values.push(data[y * width]!, data[y * width + width - 1]!);
  return values;
};

/**
 * The box around every 4-connected set of pixels at or above `threshold` of at least `minPixels`: the parts of
 * one sheet its print's heavier lines cut apart, without specks of the ground.
 */
const brightRegionsBox = ({ data, width, height }: Grey, threshold: number, minPixels: number): SheetBox | null => {
  const seen = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let union: SheetBox | null = null;
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! < threshold) continue;
    seen[start] = 1;
    let [head, tail] = [0, 0];
    queue[tail++] = start;
    const box = { left: width, top: height, right: 0, bottom: 0 };
    while (head < tail) {
      const at = queue[head++]!;
      const [x, y] = [at % width, Math.floor(at / width)];
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x + 1);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y + 1);
      for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1]) {
        if (next < 0 || seen[next] || data[next]! < threshold) continue;
        seen[next] = 1;
        queue[tail++] = next;
      }
    }
    if (tail < minPixels) continue;
    union = union && {
      left: Math.min(union.left, box.left),
      top: Math.min(union.top, box.top),
      right: Math.max(union.right, box.right),
      bottom: Math.max(union.bottom, box.bottom),
    };
    union ??= box;
  }
  return union;
};

type BoxSide = 'left' | 'right' | 'top' | 'bottom';

/** The pixels at `from` to `to` analysis pixels outside (negative: inside) one side of the box, along its length. */
const stripBeside = ({ data, width, height }: Grey, box: SheetBox, side: BoxSide, from: number, to: number): number[] => {
  const values: number[] = [];
  const horizontal = side === 'top' || side === 'bottom';
  const [alongFrom, alongTo] = horizontal ? [box.left, box.right] : [box.top, box.bottom];
  for (let distance = from; distance < to; distance++) {
    const across = {
      left: box.left - 1 - distance,
      right: box.right + distance,
      top: box.top - 1 - distance,
      bottom: box.bottom + distance,
    }[side];
    if (across < 0 || across >= (horizontal ? height : width)) continue;
    for (let along = alongFrom; along < alongTo; along++) values.push(data[horizontal ? across * width + along : along * width + across]!);
  }
  return values;
};

/**
 * Each side the box cuts the scan at (one not at its edge) has plain ground outside it, clearly darker than
 * the paper inside: not the shaded part of a page lit unevenly, whose print goes on past the cut.
 */
const isCutFromPlainGround = (grey: Grey, box: SheetBox): boolean => {
  const cut = (['left', 'right', 'top', 'bottom'] as const).filter(
    (side) => ({ left: box.left, top: box.top, right: grey.width - box.right, bottom: grey.height - box.bottom })[side] > SIDE_GAP_PX,
  );
  return cut.every((side) => {
    const outside = stripBeside(grey, box, side, SIDE_GAP_PX, SIDE_GAP_PX + SIDE_STRIP_PX);
    const inside = stripBeside(grey, box, side, -SIDE_GAP_PX - SIDE_STRIP_PX, -SIDE_GAP_PX);
    if (outside.length === 0 || inside.length === 0) return false;
    const ground = median(outside);
    const uneven = outside.filter((value) => Math.abs(value - ground) > GROUND_DEVIATION).length / outside.length;
    return uneven <= MAX_UNEVEN_GROUND_SHARE && median(inside) >= MIN_SHEET_RATIO * Math.max(1, ground);
  });
};

const brightShare = ({ data, width }: Grey, threshold: number, inside: (x: number, y: number) => boolean): number => {
  let [bright, count] = [0, 0];
  for (let index = 0; index < data.length; index++) {
    if (!inside(index % width, Math.floor(index / width))) continue;
    count++;
    if (data[index]! >= threshold) bright++;
  }
  return count === 0 ? 0 : bright / count;
};

/**
 * The box of a sheet (a till receipt, a small note) scanned on a flatbed without its lid, or on a card,
 * lying on an even ground clearly darker than its paper that makes up most of the scan's border; the sheet
 * may run off the scan's edges. Null for a scan its page fills (its border is paper, or the page covers most
 * of it), and where the ground is not even around one sheet.
 *
 * Cut to its sheet, such a scan no longer gives OCR a large grey ground that the scan clean-up turns into
 * specks, which Tesseract then reads for minutes.
 */
export const findSheetOnGround = async (raster: SourcePageRaster): Promise<SheetBox | null> => {
  const grey = await analysisGrey(raster, ANALYSIS_WIDTH_PX, 1);
  const { data } = grey;
  const paper = levelAtRank(data, Math.floor(PAPER_PERCENTILE * (data.length - 1)));
  const threshold = paper / PAPER_TOLERANCE;
  // Most of the border is ground, clearly darker than the paper: the sheet lies on it, or runs off one edge.
  const border = borderValues(grey);
  const ground = border.filter((value) => value < threshold);
  if (ground.length < border.length / 2 || paper < MIN_SHEET_RATIO * Math.max(1, median(ground))) return null;
  const box = brightRegionsBox(grey, threshold, MIN_PART_SHARE * data.length);
  if (!box) return null;
  const share = ((box.right - box.left) * (box.bottom - box.top)) / (grey.width * grey.height);
  if (share < MIN_SHEET_SHARE || share > MAX_SHEET_SHARE) return null;
  const inBox = (x: number, y: number) => x >= box.left && x < box.right && y >= box.top && y < box.bottom;
  if (brightShare(grey, threshold, inBox) < MIN_BRIGHT_SHARE_INSIDE) return null;
  if (brightShare(grey, threshold, (x, y) => !inBox(x, y)) > MAX_BRIGHT_SHARE_OUTSIDE) return null;
  if (!isCutFromPlainGround(grey, box)) return null;
  const [sx, sy] = [raster.widthPx / grey.width, raster.heightPx / grey.height];
  return {
    left: Math.floor(box.left * sx),
    top: Math.floor(box.top * sy),
    right: Math.min(raster.widthPx, Math.ceil(box.right * sx)),
    bottom: Math.min(raster.heightPx, Math.ceil(box.bottom * sy)),
  };
};

/** The scan cut to its sheet's box (see `findSheetOnGround`), at its own resolution. */
const cutToSheet = async (raster: SourcePageRaster, box: SheetBox): Promise<SourcePageRaster> => {
  const [widthPx, heightPx] = [box.right - box.left, box.bottom - box.top];
  const pixels = await rasterImage(raster).extract({ left: box.left, top: box.top, width: widthPx, height: heightPx }).raw().toBuffer();
  return { ...raster, pixels, widthPx, heightPx, channels: RASTER_CHANNELS };
};

/** The scan cut to the sheet lying on a darker ground (see `findSheetOnGround`); as it is when it shows none. */
export const cutToSheetOnGround = async (raster: SourcePageRaster): Promise<SourcePageRaster> => {
  const box = await findSheetOnGround(raster);
  return box ? cutToSheet(raster, box) : raster;
};
