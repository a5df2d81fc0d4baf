import { rasterImage } from '../../../shared/imaging/page-raster.js';
import type { SourcePageRaster } from './source-page-raster.js';

/** A page shrunk to look at its shapes rather than its print: one grey byte a pixel, row by row. */
export interface Grey {
  data: Buffer;
  width: number;
  height: number;
}

/** The page at most `widthPx` wide, grey, blurred by `blurSigma` so a speck or the print's grain counts little. */
export const analysisGrey = async (raster: SourcePageRaster, widthPx: number, blurSigma: number): Promise<Grey> => {
  const scale = Math.min(1, widthPx / raster.widthPx);
  const { data, info } = await rasterImage(raster)
    .resize({ width: Math.max(1, Math.round(raster.widthPx * scale)), kernel: 'linear' })
    .greyscale()
    .blur(blurSigma)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
