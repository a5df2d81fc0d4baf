import type { PageRaster } from '../../../shared/imaging/page-raster.js';

/** Rows [top, bottom) of a page, the whole width. */
export interface Band {
  top: number;
  bottom: number;
}

/** Darker than this (of 255) is ink: the converter prepares pages as dark print on white paper. */
const INK_BELOW = 128;
/** Darker than this is no bare paper: light grey rules of a table and shading count, so no cut runs through a framed table. */
const PAPER_FROM = 200;
/** A row with at most this share of its pixels darker than paper is white: a speck of dust left on a scan does not close a gap. */
const MAX_WHITE_ROW_MARKED_SHARE = 0.001;
/** A gap between lines is at least this many white rows: less is the space inside a line's glyphs. */
const MIN_GAP_ROWS = 4;
/**
 * A cut may move from the row where the text divides evenly to a wider gap, as long as its part keeps
 * its text within this share of the page's: a gap between blocks is a safer cut than one between lines.
 */
const INK_SLACK = 0.05;

interface RowInk {
  /** Pixels darker than paper per row: a row with (nearly) none is white. */
  marked: Uint32Array;
  /**
   * Marks whose top is on this row: runs of ink touching no ink of the row above, about one per glyph
   * whatever its size. OCR's time goes with the characters (Tesseract scales each line to one height
   * before reading it), so a large heading weighs what small print of as many characters does.
   */
  markTops: Uint32Array;
}

/** Ink per row (Rec. 601 luma in integers, as `unreadInkRegions` judges ink). */
const inkPerRow = (raster: PageRaster): RowInk => {
  const { pixels, widthPx: width, heightPx: height, channels } = raster;
  const [red, green, blue] = channels < 3 ? [256, 0, 0] : [77, 150, 29];
  const [greenOffset, blueOffset] = channels < 3 ? [0, 0] : [1, 2];
  const [inkBelow, paperFrom] = [INK_BELOW * 256, PAPER_FROM * 256];
  const ink = { marked: new Uint32Array(height), markTops: new Uint32Array(height) };
  // Ink of the row above and of this row, a byte per column, with a blank column on either side.
  let above = new Uint8Array(width + 2);
  let current = new Uint8Array(width + 2);
  for (let y = 0; y < height; y++) {
    let [marked, markTops, runTouchesAbove, inRun] = [0, 0, false, false];
    for (let x = 0, offset = y * width * channels; x < width; x++, offset += channels) {
      const luma = pixels[offset]! * red + pixels[offset + greenOffset]! * green + pixels[offset + blueOffset]! * blue;
      if (luma < paperFrom) marked++;
      const isInk = luma < inkBelow;
      current[x + 1] = isInk ? 1 : 0;
      if (isInk) {
        // Diagonal neighbours above count: a stroke going down at a slant is still the same mark.
        const touches = above[x]! === 1 || above[x + 1]! === 1 || above[x + 2]! === 1;
        runTouchesAbove = inRun ? runTouchesAbove || touches : touches;
        inRun = true;
      } else if (inRun) {
        if (!runTouchesAbove) markTops++;
        inRun = false;
      }
    }
    if (inRun && !runTouchesAbove) markTops++;
    ink.marked[y] = marked;
    ink.markTops[y] = markTops;
    [above, current] = [current, above];
  }
  return ink;
};

interface Gap {
  /** The row a cut through the gap's middle starts its lower band at. */
  middle: number;
  rows: number;
  /** The page's marks above the gap (see `markTops`). */
  marksAbove: number;
}

/** The runs of white rows between inked rows (not the page's blank top and bottom), with the marks above each. */
const gapsBetweenLines = (ink: RowInk, widthPx: number): Gap[] => {
  const whiteUpTo = Math.floor(MAX_WHITE_ROW_MARKED_SHARE * widthPx);
  const gaps: Gap[] = [];
  let marksAbove = 0;
  let whiteSince = -1;
  for (let y = 0; y < ink.marked.length; y++) {
    if (ink.marked[y]! <= whiteUpTo) {
      if (whiteSince < 0) whiteSince = y;
    } else {
      if (whiteSince >= 0 && marksAbove > 0 && y - whiteSince >= MIN_GAP_ROWS) {
        gaps.push({ middle: Math.floor((whiteSince + y) / 2), rows: y - whiteSince, marksAbove });
      }
      whiteSince = -1;
    }
    marksAbove += ink.markTops[y]!;
  }
  return gaps;
};

/**
 * The page cut into at most `parts` bands of about the same text, each cut through the middle of a white
 * gap between lines (no glyph is cut), so the bands can be read at once and their words put together
 * again. Text is measured in marks, about one per glyph (OCR's time goes with the characters, not with
 * their size, nor with the pixels of a logo or a filled bar). Near where the marks divide evenly the widest gap is taken. Fewer bands when the page has fewer
 * gaps; one band, the whole page, when it has none or no ink.
 */
export const bandsOfEqualText = (raster: PageRaster, parts: number): Band[] => {
  const ink = inkPerRow(raster);
  const total = ink.markTops.reduce((sum, row) => sum + row, 0);
  const gaps = gapsBetweenLines(ink, raster.widthPx);
  const cuts: number[] = [];
  for (let part = 1; part < parts; part++) {
    const target = (total * part) / parts;
    const after = gaps.filter((gap) => gap.middle > (cuts.at(-1) ?? 0));
    const distance = (gap: Gap) => Math.abs(gap.marksAbove - target);
    const near = after.filter((gap) => distance(gap) <= INK_SLACK * total);
    // The widest gap near the even division, the closest of equally wide ones; without one near, the closest.
    const isBetter = (gap: Gap, chosen: Gap) =>
      near.length > 0 && gap.rows !== chosen.rows ? gap.rows > chosen.rows : distance(gap) < distance(chosen);
    const best = (near.length > 0 ? near : after).reduce<Gap | null>(
      (chosen, gap) => (chosen === null || isBetter(gap, chosen) ? gap : chosen),
      null,
    );
    if (best === null) break;
    cuts.push(best.middle);
  }
  const edges = [0, ...cuts, raster.heightPx];
  return edges.slice(1).map((bottom, index) => ({ top: edges[index]!, bottom }));
};
