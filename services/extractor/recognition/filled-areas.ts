import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { areaOf } from './box-area.js';
import { cellGroups } from './cell-groups.js';
import { typicalWordHeight, type Region } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';
import { isReading, pixelsUnderWords } from './unread-ink.js';

/** Darker than this (of 255) is no paper but tone: a grey or coloured fill, or ink. */
const TONE_BELOW = 200;
/** Tone is gathered in square cells this many typical word heights wide: finer than a bar's height, coarse enough to be quick. */
const CELL_HEIGHTS = 1 / 4;
/** A cell is filled when at least this share of it is tone: the type on a bar leaves the rest. */
const MIN_CELL_TONE = 0.5;
/** A bar's box is at least this share filled cells: text, a logo or a photo's edge is not. */
const MIN_FILLED_CELLS = 0.7;
/** A bar holds a line of type with a margin: at least this many typical word heights high... */
const MIN_BAR_HEIGHTS = 1.2;
/** ...and at most this many (two lines of a table header, a totals box's three); higher is a sidebar, a picture or a dark photo's background. */
const MAX_BAR_HEIGHTS = 8;
/** ...and at least this many wide: a label, not a bullet or a checkbox. */
const MIN_BAR_WIDTH_HEIGHTS = 3;
/** A bar is at least this many times as wide as high: a square is a logo or a QR code. */
const MIN_BAR_WIDTH_PER_HEIGHT = 2;
/** A pixel this much lighter or darker (of 255) than the bar's own level is part of the type on it. */
const GLYPH_CONTRAST = 64;
/** Type covers at least this share of a bar no word read covers: less is an empty bar or a bar OCR read. */
const MIN_UNREAD_TYPE = 0.02;
/** ...and at most this share: more is a picture, a pattern or a line of bold print whose strokes filled the cells. */
const MAX_TYPE = 0.3;
/** All bars of a page are read together in one OCR call; at most this many, those with the most type unread first. */
const MAX_BARS = 8;

/** A bar of the page with type on it: its box in page pixels, its own level and whether its type is lighter than it. */
export interface FilledArea extends Region {
  level: number;
  lightType: boolean;
}

/** Rec. 601 luma of a pixel, 0–255; a grey raster's is its own. */
const lumaAt = (raster: PageRaster, index: number): number => {
  const offset = index * raster.channels;
  const { pixels } = raster;
  return raster.channels < 3 ? pixels[offset]! : (pixels[offset]! * 77 + pixels[offset + 1]! * 150 + pixels[offset + 2]! * 29) >> 8;
};

/** Whether each cell of `cell` × `cell` pixels is mostly tone. */
const filledCells = (raster: PageRaster, cell: number, columns: number, rows: number): Uint8Array => {
  const { widthPx: width, heightPx: height } = raster;
  const tone = new Uint32Array(columns * rows);
  const columnOf = Int32Array.from({ length: width }, (_, x) => Math.floor(x / cell));
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / cell) * columns;
    for (let x = 0, index = y * width; x < width; x++, index++) if (lumaAt(raster, index) < TONE_BELOW) tone[row + columnOf[x]!]!++;
  }
  const filled = new Uint8Array(columns * rows);
  for (let index = 0; index < filled.length; index++) filled[index] = tone[index]! >= MIN_CELL_TONE * cell * cell ? 1 : 0;
  return filled;
};

/** The bar's own level (its median luma) and its type's pixels, lighter or darker than that: whichever there are more of. */
const typeOn = (raster: PageRaster, box: Region, read: Uint8Array) => {
  const width = raster.widthPx;
  const levels = new Uint32Array(256);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) levels[lumaAt(raster, y * width + x)]!++;
  const area = (box.right - box.left) * (box.bottom - box.top);
  let level = 0;
  for (let seen = levels[0]!; seen < area / 2;) seen += levels[++level]!;
  let [lighter, darker, unreadLighter, unreadDarker] = [0, 0, 0, 0];
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left, index = y * width + x; x < box.right; x++, index++) {
      const difference = lumaAt(raster, index) - level;
      if (difference >= GLYPH_CONTRAST) [lighter, unreadLighter] = [lighter + 1, unreadLighter + (read[index] === 0 ? 1 : 0)];
      else if (difference <= -GLYPH_CONTRAST) [darker, unreadDarker] = [darker + 1, unreadDarker + (read[index] === 0 ? 1 : 0)];
    }
  }
  const lightType = lighter >= darker;
  return { level, lightType, share: Math.max(lighter, darker) / area, unread: (lightType ? unreadLighter : unreadDarker) / area };
};

/**
 * Where the page has bars of grey or colour with type on them that no word read covers: table headers,
 * labels and totals printed light on a dark or coloured fill, or dark on a grey one. Tesseract takes
 * such a bar for a picture and reads nothing of it, while the same type cut out and set dark on white
 * reads perfectly. Boxes in page pixels, those with the most type unread first.
 */
export const filledAreas = (raster: PageRaster, words: readonly OcrWord[]): FilledArea[] => {
  const wordHeight = typicalWordHeight(words.filter(isReading));
  if (wordHeight === 0) return [];
  const { widthPx: width, heightPx: height } = raster;
  const cell = Math.max(2, Math.round(CELL_HEIGHTS * wordHeight));
  const [columns, rows] = [Math.ceil(width / cell), Math.ceil(height / cell)];
  const bars = cellGroups(filledCells(raster, cell, columns, rows), columns, rows, false)
    .filter((group) => group.weight >= MIN_FILLED_CELLS * (group.right - group.left) * (group.bottom - group.top))
    .map((group) => ({
      left: group.left * cell,
      top: group.top * cell,
      right: Math.min(width, group.right * cell),
      bottom: Math.min(height, group.bottom * cell),
    }))
    .filter((box) => {
      const barHeight = box.bottom - box.top;
      return (
        barHeight >= MIN_BAR_HEIGHTS * wordHeight &&
        barHeight <= MAX_BAR_HEIGHTS * wordHeight &&
        box.right - box.left >= Math.max(MIN_BAR_WIDTH_HEIGHTS * wordHeight, MIN_BAR_WIDTH_PER_HEIGHT * barHeight)
      );
    });
  if (bars.length === 0) return [];
  const read = pixelsUnderWords(raster, words, 0);
  return bars
    .map((box) => ({ box, type: typeOn(raster, box, read) }))
    .filter(({ type }) => type.unread >= MIN_UNREAD_TYPE && type.share <= MAX_TYPE)
    .sort((a, b) => b.type.unread * areaOf(b.box) - a.type.unread * areaOf(a.box))
    .slice(0, MAX_BARS)
    .map(({ box, type }) => ({ ...box, level: type.level, lightType: type.lightType }));
};
