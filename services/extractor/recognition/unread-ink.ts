import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cellGroups } from './cell-groups.js';
import { typicalWordHeight, union, type Region } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

/** Darker than this (of 255) is ink: the converter prepares pages as dark print on white paper. */
const INK_BELOW = 128;
/** A word's box is grown by this many typical word heights before its ink counts as read: anti-aliased edges and accents stick out of it. */
const WORD_BOX_GROWTH = 0.2;
/** Words with fewer letters or digits are no reading: OCR gives large type it fails at back as single letters and bars ("| N V | E"). */
const MIN_READ_CHARACTERS = 2;
/** Ink is gathered in square cells this many typical word heights wide: fine enough to keep a glyph apart from the next line, coarse enough to be quick. */
const CELL_HEIGHTS = 1 / 8;
/** Blobs of ink lower than this (typical word heights) are dots, dust, underlines or rules, no glyphs of large type. */
const MIN_GLYPH_HEIGHTS = 0.5;
/** Glyphs on one line at most this many of their heights apart belong together: letter-spaced capitals and word spaces stay one region. */
const GLYPH_GAP = 1;
/** A line of type is at least this many times as wide as high: a logo square or a vertical rule is not. */
const MIN_WIDTH_PER_HEIGHT = 2;
/** Type inks at least this share of its box: less is a frame's outline. */
const MIN_INK_SHARE = 0.08;
/** ...and at most this share: more is a filled bar (a table's header) or a picture. */
const MAX_INK_SHARE = 0.6;

/** Which unread ink a search looks for: lines of type between two heights (in typical word heights), and how many a page may cost. */
export interface InkSearch {
  minHeights: number;
  maxHeights: number;
  /** Each region costs an OCR call: at most this many a page, the largest first. */
  maxRegions: number;
  /** Lines side by side however far apart are one region: a table row's cells are read together, each the other's context. */
  wholeRows: boolean;
  /** Around a region, the cut-out takes in this many of its heights on every side: OCR needs a margin. */
  contextHeights: number;
}

/**
 * Titles in large type that page layout analysis lost (it often reads a letter-spaced "INVOICE" in large
 * capitals as nothing, or as scattered letters, while the same title cut out on its own reads perfectly).
 * Lower is body text, higher a logo or a picture.
 */
export const LARGE_TYPE: InkSearch = { minHeights: 1.5, maxHeights: 6, maxRegions: 4, wholeRows: false, contextHeights: 0.5 };

/**
 * Lines of body type the page's reading lost: read as one block, a ruled box's rows run into its rules
 * ("[saw iw" for "Warenwert netto" over "MwSt. 20%") and a grid's header labels vanish. Lower is dots,
 * dust and underlines.
 */
export const BODY_TYPE: InkSearch = { minHeights: 0.6, maxHeights: 1.5, maxRegions: 8, wholeRows: true, contextHeights: 0.75 };

export const lettersAndDigitsIn = (word: OcrWord): number => word.text.replace(/[^\p{L}\d]/gu, '').length;

/** A word OCR really read, whose ink is accounted for; single letters and bars are what it makes of type it failed at. */
export const isReading = (word: OcrWord): boolean => lettersAndDigitsIn(word) >= MIN_READ_CHARACTERS;

interface Blob extends Region {
  ink: number;
}

/** 1 for each pixel inside a (grown) word box: ink there has been read. */
export const pixelsUnderWords = (raster: PageRaster, words: readonly OcrWord[], growth: number): Uint8Array => {
  const covered = new Uint8Array(raster.widthPx * raster.heightPx);
  for (const word of words.filter(isReading)) {
    const left = Math.max(0, Math.floor(word.left - growth));
    const right = Math.min(raster.widthPx, Math.ceil(word.right + growth));
    if (right <= left) continue;
    for (let y = Math.max(0, Math.floor(word.top - growth)); y < Math.min(raster.heightPx, Math.ceil(word.bottom + growth)); y++) {
      covered.fill(1, y * raster.widthPx + left, y * raster.widthPx + right);
    }
  }
  return covered;
};

/** Unread ink pixels per cell of `cell` × `cell` pixels, row by row. */
const unreadInkPerCell = (raster: PageRaster, covered: Uint8Array, cell: number, columns: number, rows: number): Uint32Array => {
  const { pixels, widthPx: width, heightPx: height, channels } = raster;
  const counts = new Uint32Array(columns * rows);
  const columnOf = Int32Array.from({ length: width }, (_, x) => Math.floor(x / cell));
  // Rec. 601 luma in integers (of 256 × 255); a grey raster is its own brightness.
  const [red, green, blue] = channels < 3 ? [256, 0, 0] : [77, 150, 29];
  const [greenOffset, blueOffset] = channels < 3 ? [0, 0] : [1, 2];
  const inkBelow = INK_BELOW * 256;
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0, index = y * width, offset = index * channels; x < width; x++, index++, offset += channels) {
      if (
        pixels[offset]! * red + pixels[offset + greenOffset]! * green + pixels[offset + blueOffset]! * blue < inkBelow &&
        covered[index] === 0
      )
        counts[row + columnOf[x]!]!++;
    }
  }
  return counts;
};

/** The 8-connected groups of cells with ink, as boxes in pixels with their ink. */
const inkBlobs = (counts: Uint32Array, columns: number, rows: number, cell: number): Blob[] =>
  cellGroups(counts, columns, rows, true).map((group) => ({
    left: group.left * cell,
    top: group.top * cell,
    right: group.right * cell,
    bottom: group.bottom * cell,
    ink: group.weight,
  }));

const heightOf = (region: Region) => region.bottom - region.top;
const widthOf = (region: Region) => region.right - region.left;

/** Side by side on one line however far apart: overlapping by half the lower one's height. */
const sameRow = (a: Region, b: Region) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >= Math.min(heightOf(a), heightOf(b)) / 2;

/** Side by side on one line and close enough for letter and word spacing. */
const sameLine = (a: Region, b: Region) =>
  sameRow(a, b) && Math.max(a.left, b.left) - Math.min(a.right, b.right) <= GLYPH_GAP * Math.max(heightOf(a), heightOf(b));

/** The blobs grouped by `together`: each joins every group it belongs with, which may join groups apart until then. */
const groupedBy = (blobs: readonly Blob[], together: (a: Region, b: Region) => boolean): Blob[] => {
  const groups: Blob[] = [];
  for (const blob of blobs) {
    let group = blob;
    for (let index = groups.length - 1; index >= 0; index--) {
      if (together(groups[index]!, group)) {
        const other = groups.splice(index, 1)[0]!;
        group = { ...union(group, other), ink: group.ink + other.ink };
        index = groups.length;
      }
    }
    groups.push(group);
  }
  return groups;
};

/**
 * Where the page has ink that no word read covers, shaped like lines of type of the searched size (see
 * `LARGE_TYPE`, `BODY_TYPE`). Boxes in page pixels, the largest first; rules, frames, filled bars, logos
 * and pictures are left out by their shape.
 */
export const unreadInkRegions = (raster: PageRaster, words: readonly OcrWord[], search: InkSearch): Region[] => {
  const wordHeight = typicalWordHeight(words.filter(isReading));
  if (wordHeight === 0) return [];
  const cell = Math.max(1, Math.round(CELL_HEIGHTS * wordHeight));
  const [columns, rows] = [Math.ceil(raster.widthPx / cell), Math.ceil(raster.heightPx / cell)];
  const counts = unreadInkPerCell(raster, pixelsUnderWords(raster, words, WORD_BOX_GROWTH * wordHeight), cell, columns, rows);
  const glyphs = inkBlobs(counts, columns, rows, cell).filter(
    (blob) => heightOf(blob) >= MIN_GLYPH_HEIGHTS * wordHeight && heightOf(blob) <= search.maxHeights * wordHeight,
  );
  const lines = groupedBy(glyphs, sameLine).filter((line) => {
    const [height, width] = [heightOf(line), widthOf(line)];
    const inkShare = line.ink / (height * width);
    return (
      height >= search.minHeights * wordHeight &&
      height <= search.maxHeights * wordHeight &&
      width >= MIN_WIDTH_PER_HEIGHT * height &&
      inkShare >= MIN_INK_SHARE &&
      inkShare <= MAX_INK_SHARE
    );
  });
  return (search.wholeRows ? groupedBy(lines, sameRow) : lines)
    .sort((a, b) => heightOf(b) * widthOf(b) - heightOf(a) * widthOf(a))
    .slice(0, search.maxRegions)
    .map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
};
