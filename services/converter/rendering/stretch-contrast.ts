import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';

/** Darker than the paper by this much (of 255) is ink. */
const INK_BELOW_PAPER = 48;
/** Fewer ink pixels than this share of the page: nothing printed to judge the ink by. */
const MIN_INK_SHARE = 0.0005;
/** The share of the ink darker than the level made black: half of a scan's ink is its strokes' blurred edges. */
const INK_BLACK_POINT = 0.5;
/** The darkest tenth of the ink tells whether the page has black strokes at all. */
const DARKEST_INK = 0.1;
/** Ink this close to black is black. */
const CLOSE_ENOUGH = 8;
/** Pixels sampled for the levels: every this many, enough for a histogram of a page. */
const SAMPLE_EVERY = 7;
/** A sampled pixel with the same level (within this much) this far away on all four sides lies in a filled area: a rule or a stroke does not. */
const FILL_TOLERANCE = 16;
/** ...this far being this share of the page's width: about 1 mm on an A4 page, wider than a stroke's half, narrower than a bar's (a page's stated resolution may be a guess). */
const FILL_REACH_OF_WIDTH = 1 / 200;
/** When more than this share of what is darker than the paper is filled area, the levels are judged by the rest. */
export const MAX_FILL_SHARE = 0.25;

/** The luminance below which `share` of the sampled pixels lie, from a 256-bin histogram. */
const percentile = (histogram: Uint32Array, below: number, share: number): number => {
  const total = histogram.slice(0, below).reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (let level = 0; level < below; level++) {
    seen += histogram[level]!;
    if (seen >= share * total) return level;
  }
  return below - 1;
};

/**
 * The page's levels stretched so its paper is white and its ink black. A scan's thin strokes come out
 * grey, blurred into the paper around them, and on a page that is mostly paper OCR's own global
 * threshold cuts them into pieces: Courier's decimal points and the hairlines of small print are lost
 * ("131.00" read as "13100"). Mapping the paper's brightness (the median pixel: most of a page is
 * paper) to white and the ink's median to black makes strokes solid again. A page with black ink
 * already (a rendered PDF, a bilevel scan) is left as it is: its strokes are solid, and stretching
 * its anti-aliased edges would only thicken them (and a QR code's modules with them).
 */
export const stretchContrast = async (raster: SourcePageRaster): Promise<SourcePageRaster> => {
  const { all, strokes, paper, inkBelow, darkIn, filledShare } = pageLevels(raster);
  if (inkBelow <= 0) return raster;
  // A grey or coloured table header, band or box is no ink: were its level taken for the ink's, it would
  // turn black with the type on it. Where such areas are much of the dark, only the strokes judge the ink.
  const ink = filledShare > MAX_FILL_SHARE ? strokes : all;
  if (darkIn(ink) < MIN_INK_SHARE * all.reduce((sum, count) => sum + count, 0)) return raster;
  // A page whose darkest ink is black already (a rendering, a bilevel scan, a QR code) has solid strokes.
  if (percentile(ink, inkBelow, DARKEST_INK) <= CLOSE_ENOUGH) return raster;
  const black = percentile(ink, inkBelow, INK_BLACK_POINT);
  const gain = 255 / (paper - black);
  return {
    ...raster,
    pixels: await rasterImage(raster)
      .linear(gain, -black * gain)
      .raw()
      .toBuffer(),
  };
};

/** The page's sampled levels, its paper's, what is darker than the paper by `INK_BELOW_PAPER`, and the share of that in filled areas. */
const pageLevels = (raster: SourcePageRaster) => {
  const { pixels, widthPx: width, heightPx: height } = raster;
  const levelAt = (x: number, y: number) => {
    const offset = (y * width + x) * RASTER_CHANNELS;
    return Math.round((pixels[offset]! + pixels[offset + 1]! + pixels[offset + 2]!) / 3);
  };
  const all = new Uint32Array(256);
  const sampled = new Uint8Array(Math.ceil((width * height) / SAMPLE_EVERY));
  for (let sample = 0, offset = 0; offset < pixels.length; sample++, offset += SAMPLE_EVERY * RASTER_CHANNELS) {
    sampled[sample] = Math.round((pixels[offset]! + pixels[offset + 1]! + pixels[offset + 2]!) / 3);
    all[sampled[sample]!]!++;
  }
  const paper = percentile(all, 256, 0.5);
  const inkBelow = paper - INK_BELOW_PAPER;
  // Only what is dark is looked at again, for the filled areas: a few per cent of a page.
  const strokes = new Uint32Array(256);
  const reach = Math.max(2, Math.round(FILL_REACH_OF_WIDTH * width));
  const alike = (level: number, x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && Math.abs(levelAt(x, y) - level) <= FILL_TOLERANCE;
  for (let sample = 0; sample < sampled.length; sample++) {
    const level = sampled[sample]!;
    if (level >= inkBelow) continue;
    const pixel = sample * SAMPLE_EVERY;
    const [x, y] = [pixel % width, Math.floor(pixel / width)];
    const filled = alike(level, x - reach, y) && alike(level, x + reach, y) && alike(level, x, y - reach) && alike(level, x, y + reach);
    if (!filled) strokes[level]!++;
  }
  for (let level = Math.max(0, inkBelow); level < 256; level++) strokes[level] = all[level]!;
  const darkIn = (histogram: Uint32Array) => histogram.slice(0, Math.max(0, inkBelow)).reduce((sum, count) => sum + count, 0);
  const dark = darkIn(all);
  return { all, strokes, paper, inkBelow, darkIn, filledShare: dark === 0 ? 0 : (dark - darkIn(strokes)) / dark };
};

/** The share of what is darker than the paper that lies in filled areas: above `MAX_FILL_SHARE`, the strokes alone judge the ink. */
export const filledShareOfDark = (raster: SourcePageRaster): number => pageLevels(raster).filledShare;
