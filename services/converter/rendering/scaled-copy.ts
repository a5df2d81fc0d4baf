import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { type SourcePageRaster } from './source-page-raster.js';

const JPEG_QUALITY = 85;

/** A JPEG of a page for people to look at, at the raster's own size. */
export const viewingCopy = (raster: SourcePageRaster): Promise<Buffer> => rasterImage(raster).jpeg({ quality: JPEG_QUALITY }).toBuffer();

/** A smaller JPEG of a page for people to look at; never wider than the page itself. */
export const scaledCopy = (raster: SourcePageRaster, widthPx: number): Promise<Buffer> =>
  rasterImage(raster).resize({ width: widthPx, withoutEnlargement: true }).jpeg({ quality: JPEG_QUALITY }).toBuffer();
