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

/**
 * The page's pixels through `filter`, a filter that treats channels alike: on a grey page it runs on one
 * channel, a third of the samples, and gives the same pixels.
 */
export const filterChannelsAlike = async (raster: SourcePageRaster, filter: (image: Sharp) => Sharp): Promise<Buffer> => {
  const grey = await greySamplesOf(raster);
  if (grey === null) return filter(rasterImage(raster)).raw().toBuffer();
  // Kept one channel on output: sharp would otherwise convert it to sRGB, which shifts grey values.
  const filtered = await filter(sharp(grey, greyOf(raster)))
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return sharp(filtered, greyOf(raster)).joinChannel([filtered, filtered], greyOf(raster)).raw().toBuffer();
};
