import sharp from 'sharp';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { withPngDensity } from '../../../shared/imaging/png-density.js';
import { cropPageRegion, placedOnPage, type PageCrop } from './crop-page-region.js';
import { filledAreas, type FilledArea } from './filled-areas.js';
import type { OcrWord } from './ocr-engine.js';
import { withWordsReadAgain } from './read-unread-ink.js';

/** The bars' cut-outs are stacked this many of the tallest bar's heights apart, and as far from the image's edge: OCR needs a margin. */
const SPACING_HEIGHTS = 1;

/** A line of dark pixels across this share of a strip's width or height is a rule or a cell's border, no type. */
const RULE_SHARE = 0.8;
/** Darker than this (of 255) is dark on the strip. */
const DARK_BELOW = 128;

/** The strip without its rules and borders: Tesseract reads a border beside a word as part of it ("[bare" for "DATE"). */
const withoutRules = (image: { data: Buffer; width: number; height: number }) => {
  const { data, width, height } = image;
  const darkInRow = new Uint32Array(height);
  const darkInColumn = new Uint32Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (data[y * width + x]! < DARK_BELOW) {
        darkInRow[y]!++;
        darkInColumn[x]!++;
      }
    }
  }
  for (let y = 0; y < height; y++) if (darkInRow[y]! >= RULE_SHARE * width) data.fill(255, y * width, (y + 1) * width);
  for (let x = 0; x < width; x++) if (darkInColumn[x]! >= RULE_SHARE * height) for (let y = 0; y < height; y++) data[y * width + x] = 255;
  return image;
};

/**
 * The bar's type dark on white, by the bar's own level rather than the page's: its level becomes white and
 * the type's extreme (white for light type, black for dark) black, so light type on blue and dark type on
 * grey come out alike.
 */
const darkOnWhite = (crop: PageCrop, bar: FilledArea): Promise<{ data: Buffer; width: number; height: number }> => {
  const level = Math.min(254, Math.max(1, bar.level));
  const [gain, offset] = bar.lightType ? [-255 / (255 - level), (255 * 255) / (255 - level)] : [255 / level, 0];
  return sharp(crop.png)
    .greyscale()
    .linear(gain, offset)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .then(({ data, info }) => withoutRules({ data, width: info.width, height: info.height }));
};

interface Strip {
  crop: PageCrop;
  image: { data: Buffer; width: number; height: number };
  top: number;
}

/** The strips one under the other on white, `spacing` apart and from the edges, as one PNG of the page's density. */
const stacked = async (strips: readonly Strip[], spacing: number, dpi: number | undefined): Promise<Buffer> => {
  const width = Math.max(...strips.map((strip) => strip.image.width)) + 2 * spacing;
  const last = strips[strips.length - 1]!;
  const png = await sharp({ create: { width, height: last.top + last.image.height + spacing, channels: 3, background: 'white' } })
    .composite(
      strips.map((strip) => ({
        input: strip.image.data,
        raw: { width: strip.image.width, height: strip.image.height, channels: 1 as const },
        left: spacing,
        top: strip.top,
      })),
    )
    .greyscale()
    .png()
    .toBuffer();
  return dpi ? withPngDensity(png, dpi) : png;
};

/**
 * The page's words with what its bars of grey or colour say (see `filledAreas`): each bar is cut out and
 * its type set dark on white, all of a page's bars are stacked into one image read in one OCR call, and
 * each bar's words are added, placed on the page, where that bar's reading is confident and the page has
 * not read them yet. A page without such bars costs only the search. `read` recognizes a PNG image.
 */
export const readFilledAreas = async (
  pageRaster: () => Promise<PageRaster>,
  words: OcrWord[],
  read: (png: Buffer) => Promise<OcrWord[]>,
): Promise<OcrWord[]> => {
  const raster = await pageRaster();
  const bars = filledAreas(raster, words);
  if (bars.length === 0) return words;
  const spacing = Math.round(SPACING_HEIGHTS * Math.max(...bars.map((bar) => bar.bottom - bar.top)));
  const strips: Strip[] = [];
  let top = spacing;
  for (const bar of bars) {
    const crop = await cropPageRegion(raster, bar);
    if (crop === null) continue;
    const image = await darkOnWhite(crop, bar);
    strips.push({ crop, image, top });
    top += image.height + spacing;
  }
  if (strips.length === 0) return words;
  const readings = await read(await stacked(strips, spacing, raster.dpi));
  return strips.reduce((merged, strip) => {
    const onStrip = readings.filter((word) => {
      const middle = (word.top + word.bottom) / 2;
      return middle >= strip.top && middle < strip.top + strip.image.height;
    });
    const placing = { ...strip.crop, left: strip.crop.left - spacing, top: strip.crop.top - strip.top };
    return onStrip.length === 0 ? merged : withWordsReadAgain(merged, placedOnPage(onStrip, placing));
  }, words);
};
