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
  const histogram = new Uint32Array(256);
  const { pixels } = raster;
  for (let offset = 0; offset < pixels.length; offset += SAMPLE_EVERY * RASTER_CHANNELS) {
    histogram[Math.round((pixels[offset]! + pixels[offset + 1]! + pixels[offset + 2]!) / 3)]!++;
  }
  const paper = percentile(histogram, 256, 0.5);
  const inkBelow = paper - INK_BELOW_PAPER;
  const sampled = histogram.reduce((sum, count) => sum + count, 0);
  if (inkBelow <= 0 || histogram.slice(0, inkBelow).reduce((sum, count) => sum + count, 0) < MIN_INK_SHARE * sampled) return raster;
  // A page whose darkest ink is black already (a rendering, a bilevel scan, a QR code) has solid strokes.
  if (percentile(histogram, inkBelow, DARKEST_INK) <= CLOSE_ENOUGH) return raster;
  const ink = percentile(histogram, inkBelow, INK_BLACK_POINT);
  const gain = 255 / (paper - ink);
  return {
    ...raster,
    pixels: await rasterImage(raster)
      .linear(gain, -ink * gain)
      .raw()
      .toBuffer(),
  };
};
