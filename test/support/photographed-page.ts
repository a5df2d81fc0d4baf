import sharp from 'sharp';
import { rasterImage } from '../../shared/imaging/page-raster.js';
import { type SourcePageRaster } from '../../services/converter/rendering/source-page-raster.js';

/** How a test photographs a page. */
export interface Shot {
  background: string;
  degrees: number;
  shear: number;
  /** Brightness at the far side of the light, 0..1. */
  darkest: number;
}

/**
 * The page as a phone sees it lying on a table: on a background, sheared and turned a little, lit
 * unevenly from one corner, as JPEG.
 */
export const photographed = async (page: SourcePageRaster, { background, degrees, shear, darkest }: Shot): Promise<SourcePageRaster> => {
  const margin = Math.round(page.widthPx * 0.05);
  const step = async (image: sharp.Sharp) => {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } });
  };
  let image = await step(rasterImage(page).extend({ top: margin, bottom: margin, left: margin, right: margin, background }));
  image = await step(
    image.affine(
      [
        [1, shear],
        [0, 1],
      ],
      { background },
    ),
  );
  image = await step(image.rotate(degrees, { background }));
  const { width, height } = await image
    .clone()
    .png()
    .toBuffer({ resolveWithObject: true })
    .then(({ info }) => info);
  const grey = Math.round(255 * darkest);
  const light = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="rgb(${grey},${grey},${grey})"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`;
  const jpeg = await image
    .composite([{ input: Buffer.from(light), blend: 'multiply' }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const { data, info } = await sharp(jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { sourcePage: 1, channels: 3, pixels: data, widthPx: info.width, heightPx: info.height };
};
