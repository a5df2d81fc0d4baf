import sharp, { type Sharp } from 'sharp';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import type { SourcePageRaster } from './source-page-raster.js';

const greyOf = (raster: SourcePageRaster) => ({ raw: { width: raster.widthPx, height: raster.heightPx, channels: 1 as const } });

/**
 * The page's one grey sample per pixel when its red, green and blue are equal everywhere (a grey scan, or
 * a colour scan of black print after clean-up), else null.
 */
export const greySamplesOf = async (raster: SourcePageRaster): Promise<Buffer | null> => {
  const [red, green, blue] = await Promise.all(
    ([0, 1, 2] as const).map((band) => rasterImage(raster).extractChannel(band).raw().toBuffer()),
  );
  return red!.equals(green!) && red!.equals(blue!) ? red! : null;
};

interface RawImage {
  pixels: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

/** A page shorter than this many rows is filtered whole: two pipelines cost more than they share. */
const MIN_HALVES_ROWS = 64;

/**
 * The image's pixels through `filter`, whose every pixel depends on the pixels at most `reach` rows from it (a 3×3
 * median: one row), run on the image's top and bottom halves at once, each with `reach` rows of the other beyond the
 * cut and those rows dropped again: the same pixels as filtering it whole. sharp runs each libvips operation on one
 * thread on glibc (its default, against the heap's fragmentation, and one setting for the whole process), so a page
 * filtered whole takes one core while OCR's workers, which wait for the page, leave the other idle; two pipelines
 * run on two of libuv's threads.
 */
const filterInHalves = async (image: RawImage, reach: number, filter: (image: Sharp) => Sharp): Promise<Buffer> => {
  const { pixels, width, height, channels } = image;
  const rows = (top: number, count: number) => {
    const filtered = filter(
      rasterImage({ pixels, widthPx: width, heightPx: height, channels }).extract({ left: 0, top, width, height: count }),
    );
    // Kept one channel on output: sharp would otherwise convert it to sRGB, which shifts grey values.
    return (channels === 1 ? filtered.toColourspace('b-w') : filtered).raw().toBuffer();
  };
  if (height < MIN_HALVES_ROWS) return rows(0, height);
  const [half, rowBytes] = [Math.floor(height / 2), width * channels];
  const [top, bottom] = await Promise.all([rows(0, half + reach), rows(half - reach, height - half + reach)]);
  return Buffer.concat([top.subarray(0, half * rowBytes), bottom.subarray(reach * rowBytes)]);
};

/**
 * The page's pixels through `filter`, a filter that treats channels alike and reaches `reach` rows around each
 * pixel: on a grey page it runs on one channel, a third of the samples, and gives the same pixels; either way in
 * two halves at once (see `filterInHalves`).
 */
export const filterChannelsAlike = async (raster: SourcePageRaster, reach: number, filter: (image: Sharp) => Sharp): Promise<Buffer> => {
  const grey = await greySamplesOf(raster);
  const [width, height] = [raster.widthPx, raster.heightPx];
  if (grey === null) return filterInHalves({ pixels: raster.pixels, width, height, channels: 3 }, reach, filter);
  const filtered = await filterInHalves({ pixels: grey, width, height, channels: 1 }, reach, filter);
  return sharp(filtered, greyOf(raster)).joinChannel([filtered, filtered], greyOf(raster)).raw().toBuffer();
};
