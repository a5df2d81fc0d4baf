import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { cropPageRegion, placedOnPage } from './crop-page-region.js';
import type { OcrWord } from './ocr-engine.js';
import { bandsOfEqualText, type Band } from './page-bands.js';

/** A word belongs to the band its middle lies in: each line of text lies wholly in one band (the cuts run through white gaps). */
const isInside = (word: OcrWord, band: Band) => (word.top + word.bottom) / 2 >= band.top && (word.top + word.bottom) / 2 < band.bottom;

/**
 * A part smaller than this (pixels) does not pay for cutting the page: each reading has a fixed cost (the
 * engine's set-up of the image and its layout analysis), and the cut-outs are encoded again. An A4 page at
 * 300 dpi has 8.7 million pixels; one at 150 dpi 2.2 million.
 */
const MIN_PART_PIXELS = 1_500_000;
/**
 * Each part is read with this much of the page above and below it (inches; the words read there belong to
 * the part beside it and are dropped): Tesseract's layout analysis loses lines at the very edge of an image
 * (the rows of a framed table a cut lies just above came back missing, while with an inch of the page
 * above them they were read as on the whole page).
 */
const CONTEXT_INCHES = 1;
/** The resolution of a page that does not state one: the OCR resolution. */
const DEFAULT_DPI = 300;

/** How many parts a page of `pixels` is read in, at most `readers` (the engine's workers that may read at once). */
export const partsFor = (pixels: number, readers: number): number => Math.max(1, Math.min(readers, Math.floor(pixels / MIN_PART_PIXELS)));

/**
 * The words of a page read in up to `readers` horizontal bands at once (see `bandsOfEqualText`), in page
 * coordinates: one page's recognition spread over several engine workers, where one would read it alone
 * in about the sum of their times. A small page, or one without white gaps to cut at, is read whole.
 * `read` recognizes a PNG image; `pageRaster` decodes the page (only when it is cut). `partRead`, when given, is
 * told each part's words as soon as that part is read, while the others may still be read.
 */
export const readPageInParts = async (
  image: Buffer,
  pageRaster: () => Promise<PageRaster>,
  readers: number,
  read: (png: Buffer) => Promise<OcrWord[]>,
  partRead: (words: readonly OcrWord[]) => void = () => {},
): Promise<OcrWord[]> => {
  const whole = async () => {
    const words = await read(image);
    partRead(words);
    return words;
  };
  if (readers < 2) return whole();
  const raster = await pageRaster();
  const bands = bandsOfEqualText(raster, partsFor(raster.widthPx * raster.heightPx, readers));
  if (bands.length < 2) return whole();
  const context = Math.round(CONTEXT_INCHES * (raster.dpi ?? DEFAULT_DPI));
  const parts = await Promise.all(
    bands.map(async (band) => {
      const crop = await cropPageRegion(raster, { left: 0, right: raster.widthPx, top: band.top - context, bottom: band.bottom + context });
      const words = crop === null ? [] : placedOnPage(await read(crop.png), crop);
      const inside = words.filter((word) => isInside(word, band));
      partRead(inside);
      return inside;
    }),
  );
  return parts.flat();
};
