import sharp from 'sharp';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';

/** Wide enough to resolve the text lines of a 300-dpi page, small enough to search many angles quickly. */
const ANALYSIS_WIDTH_PX = 1000;
/** Grey values below this are ink. */
const INK_THRESHOLD = 160;
/** Scanners and phone shots skew pages by a few degrees; more than this is a page turned on purpose. */
const MAX_SKEW_DEGREES = 10;
const COARSE_STEP_DEGREES = 0.5;
const FINE_STEP_DEGREES = 0.05;
/** Below this, turning the page would blur its pixels for no gain in OCR. */
const MIN_CORRECTION_DEGREES = 0.25;
/** An almost empty page or a photo gives no text lines to measure by. */
const MIN_INK_SHARE = 0.001;
const MAX_INK_SHARE = 0.4;
/** The best angle must sharpen the line profile clearly over leaving the page as it is. */
const MIN_PROFILE_GAIN = 1.1;
const WHITE = { r: 255, g: 255, b: 255 };

/** Ink pixels of a downscaled, binarized copy, as coordinates around the page's centre. */
interface InkPoints {
  xs: Float32Array;
  ys: Float32Array;
  /** Longest distance a point can be from the centre, in rows. */
  reach: number;
}

const inkPointsOf = async (raster: SourcePageRaster): Promise<InkPoints | null> => {
  const { data, info } = await rasterImage(raster)
    // Green is close to brightness and dark for black, blue and red ink alike; one channel is a quarter of the work.
    .extractChannel('green')
    .resize({ width: Math.min(ANALYSIS_WIDTH_PX, raster.widthPx), kernel: 'linear' })
    .threshold(INK_THRESHOLD)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let inkCount = 0;
  for (const value of data) if (value === 0) inkCount++;
  const share = inkCount / data.length;
  if (share < MIN_INK_SHARE || share > MAX_INK_SHARE) return null;
  const xs = new Float32Array(inkCount);
  const ys = new Float32Array(inkCount);
  const [centreX, centreY] = [info.width / 2, info.height / 2];
  let next = 0;
  for (let index = 0; index < data.length; index++) {
    if (data[index] !== 0) continue;
    xs[next] = (index % info.width) - centreX;
    ys[next] = Math.floor(index / info.width) - centreY;
    next++;
  }
  return { xs, ys, reach: Math.ceil(Math.hypot(centreX, centreY)) };
};

/**
 * How sharply the ink falls into rows once the page is turned back by `degrees`: the sum of squared row
 * counts, which peaks when text lines lie along rows.
 */
const profileSharpness = ({ xs, ys, reach }: InkPoints, degrees: number): number => {
  const radians = (degrees * Math.PI) / 180;
  const [sin, cos] = [Math.sin(radians), Math.cos(radians)];
  const rows = new Uint32Array(2 * reach + 1);
  for (let index = 0; index < xs.length; index++) rows[Math.round(ys[index]! * cos - xs[index]! * sin) + reach]!++;
  let sharpness = 0;
  for (const count of rows) sharpness += count * count;
  return sharpness;
};

const sharpestAngle = (points: InkPoints, from: number, to: number, step: number): number => {
  let best = { degrees: 0, sharpness: -1 };
  for (let degrees = from; degrees <= to + step / 2; degrees += step) {
    const sharpness = profileSharpness(points, degrees);
    if (sharpness > best.sharpness) best = { degrees, sharpness };
  }
  return best.degrees;
};

/**
 * The angle in degrees by which the page's text lines are turned clockwise (negative: anticlockwise),
 * found by a projection-profile search over ±10° on a small binarized copy; 0 when the page has too
 * little or too much ink to tell, or no angle lines its text up clearly better than none.
 */
export const detectSkewDegrees = async (raster: SourcePageRaster): Promise<number> => {
  const points = await inkPointsOf(raster);
  if (!points) return 0;
  const coarse = sharpestAngle(points, -MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP_DEGREES);
  const fine = sharpestAngle(points, coarse - COARSE_STEP_DEGREES, coarse + COARSE_STEP_DEGREES, FINE_STEP_DEGREES);
  if (profileSharpness(points, fine) < MIN_PROFILE_GAIN * profileSharpness(points, 0)) return 0;
  return Math.round(fine * 100) / 100;
};

/**
 * The page turned so its text lines run level, on white and at its own size (the corners that turn out
 * of the frame are margins). OCR and the searchable PDF both use this raster, so their words agree.
 */
export const deskewPage = async (raster: SourcePageRaster): Promise<SourcePageRaster> => {
  const skew = await detectSkewDegrees(raster);
  if (Math.abs(skew) < MIN_CORRECTION_DEGREES) return raster;
  const turned = await rasterImage(raster).rotate(-skew, { background: WHITE }).raw().toBuffer({ resolveWithObject: true });
  const { widthPx, heightPx } = raster;
  const pixels = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels },
    limitInputPixels: false,
  })
    .extract({
      left: Math.floor((turned.info.width - widthPx) / 2),
      top: Math.floor((turned.info.height - heightPx) / 2),
      width: widthPx,
      height: heightPx,
    })
    .removeAlpha()
    .raw()
    .toBuffer();
  if (pixels.length !== widthPx * heightPx * RASTER_CHANNELS) throw new Error(`deskewing page ${raster.sourcePage} changed its channels`);
  return { ...raster, pixels };
};
