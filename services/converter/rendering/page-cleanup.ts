import sharp from 'sharp';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { filterChannelsAlike } from './grey-samples.js';
import { RASTER_CHANNELS, type SourcePageRaster, type RenderLimits } from './source-page-raster.js';

/** The paper's brightness is sampled in blocks this large: wider than a stroke, narrower than a lamp's falloff. */
const BACKGROUND_BLOCK_PX = 32;
/** Darker than this is no paper but a dark area of the page, left as it is rather than lifted to white. */
const MIN_BACKGROUND = 48;
/** A page whose paper is this bright nearly everywhere (a rendered PDF, a good scan) is left as it is. */
const EVEN_WHITE = 250;
const EVENLY_LIT_SHARE = 0.9;

/**
 * The brightness of the bare paper around every pixel, per channel, at 1/`BACKGROUND_BLOCK_PX` of the
 * page's size: the brightest of each block and its neighbours (ink is darker than the paper it is on),
 * smoothed so a block's edge leaves no seam.
 */
const paperBrightness = async (raster: SourcePageRaster): Promise<{ data: Buffer; width: number; height: number }> => {
  // A quarter-size copy averages the sensor noise away, so the brightest pixel is the paper's, not a speck's.
  const quarter = Math.max(1, Math.round(raster.widthPx / 4));
  const { data, info } = await rasterImage(raster).resize({ width: quarter, kernel: 'linear' }).raw().toBuffer({ resolveWithObject: true });
  const block = BACKGROUND_BLOCK_PX / 4;
  const [columns, rows] = [Math.ceil(info.width / block), Math.ceil(info.height / block)];
  const blocks = Buffer.alloc(columns * rows * RASTER_CHANNELS);
  for (let y = 0; y < info.height; y++) {
    const row = Math.floor(y / block) * columns;
    for (let x = 0; x < info.width; x++) {
      const [from, to] = [(y * info.width + x) * RASTER_CHANNELS, (row + Math.floor(x / block)) * RASTER_CHANNELS];
      for (let channel = 0; channel < RASTER_CHANNELS; channel++)
        blocks[to + channel] = Math.max(blocks[to + channel]!, data[from + channel]!);
    }
  }
  // A block covered by a heading's strokes takes its brightness from its neighbours.
  const widened = Buffer.alloc(blocks.length);
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      for (let channel = 0; channel < RASTER_CHANNELS; channel++) {
        let brightest = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const [r, c] = [row + dy, column + dx];
            if (r >= 0 && r < rows && c >= 0 && c < columns)
              brightest = Math.max(brightest, blocks[(r * columns + c) * RASTER_CHANNELS + channel]!);
          }
        }
        widened[(row * columns + column) * RASTER_CHANNELS + channel] = brightest;
      }
    }
  }
  return { data: widened, width: columns, height: rows };
};

/**
 * The page as if evenly lit on white paper: each channel divided by the brightness of the bare paper
 * around it, which takes out a lamp's falloff, a shadow's gradient and the tint of the light or the paper.
 * Ink keeps its darkness relative to the paper it is printed on. A page already on even white (a rendered
 * PDF, a clean scan: nearly all of its paper at full brightness) is kept as it is.
 */
export const flattenLighting = async (raster: SourcePageRaster): Promise<SourcePageRaster> => {
  const grid = await paperBrightness(raster);
  if (grid.data.filter((value) => value >= EVEN_WHITE).length >= EVENLY_LIT_SHARE * grid.data.length) return raster;
  // Where no paper shows, dividing would only lift dark print to grey: such places keep their pixels.
  for (let index = 0; index < grid.data.length; index++) if (grid.data[index]! < MIN_BACKGROUND) grid.data[index] = 255;
  const shadow = await sharp(grid.data, { raw: { width: grid.width, height: grid.height, channels: RASTER_CHANNELS } })
    .blur(1)
    .resize({ width: raster.widthPx, height: raster.heightPx, fit: 'fill', kernel: 'linear' })
    .negate()
    .raw()
    .toBuffer();
  // Colour dodge divides the page by the inverse of its source: by the paper's own brightness here.
  const pixels = await rasterImage(raster)
    .composite([
      { input: shadow, raw: { width: raster.widthPx, height: raster.heightPx, channels: RASTER_CHANNELS }, blend: 'colour-dodge' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
  return { ...raster, pixels };
};

/** Grey values below this are ink, on a page whose paper is white (see `flattenLighting`). */
const INK_THRESHOLD = 160;
/** Rows with at least this share of dark pixels are part of a text line. */
const MIN_ROW_INK_SHARE = 0.004;
const ANALYSIS_WIDTH_PX = 1200;

/**
 * The typical height of a line of text in pixels: the median height of the bands of rows that hold ink
 * (a level page's text lines), between blank rows. Null when the page has too few lines to tell.
 */
export const typicalLineHeight = async (raster: SourcePageRaster): Promise<number | null> => {
  const scale = Math.min(1, ANALYSIS_WIDTH_PX / raster.widthPx);
  const { data, info } = await rasterImage(raster)
    .resize({ width: Math.max(1, Math.round(raster.widthPx * scale)) })
    .greyscale()
    .threshold(INK_THRESHOLD)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const minInk = Math.max(2, Math.round(MIN_ROW_INK_SHARE * info.width));
  const heights: number[] = [];
  let run = 0;
  for (let y = 0; y <= info.height; y++) {
    let ink = 0;
    if (y < info.height) for (let x = 0; x < info.width; x++) if (data[y * info.width + x] === 0) ink++;
    if (ink >= minInk) run++;
    else {
      if (run >= 3) heights.push(run);
      run = 0;
    }
  }
  if (heights.length < 3) return null;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)]! / scale;
};

/** At this resolution, a text line of an invoice's body is about `REFERENCE_LINE_PX` high. */
const REFERENCE_DPI = 300;
const REFERENCE_LINE_PX = 26;
/** Enlarging by less gains OCR nothing; by more, a page of tiny print becomes a huge one. */
const MIN_ENLARGEMENT = 1.15;
const MAX_ENLARGEMENT = 2.5;

/**
 * An image whose text is smaller than a page's at the OCR resolution (a phone photo, a 200-dpi scan),
 * enlarged to that size: OCR separates small glyphs from noise and from each other better at the size it is tuned
 * for. Its resolution is judged by its text lines, since an image's own dpi tag says nothing of a photo.
 * Never beyond the pixel limit. The page records the resolution it now has.
 */
export const enlargeSmallText = async (
  raster: SourcePageRaster,
  limits: Pick<RenderLimits, 'maxPixels' | 'dpi'>,
): Promise<SourcePageRaster> => {
  const lineHeight = await typicalLineHeight(raster);
  if (lineHeight === null) return raster;
  const dpi = (REFERENCE_DPI * lineHeight) / REFERENCE_LINE_PX;
  const scale = Math.min(MAX_ENLARGEMENT, limits.dpi / dpi, Math.sqrt(limits.maxPixels / (raster.widthPx * raster.heightPx)));
  if (scale < MIN_ENLARGEMENT) return { ...raster, dpi: Math.round(dpi) };
  const [widthPx, heightPx] = [Math.floor(raster.widthPx * scale), Math.floor(raster.heightPx * scale)];
  const pixels = await rasterImage(raster).resize({ width: widthPx, height: heightPx, fit: 'fill' }).raw().toBuffer();
  return { ...raster, pixels, widthPx, heightPx, dpi: Math.round(dpi * scale) };
};

/**
 * Dust and sensor noise of a scan taken out: a 3x3 median clears specks of one or two pixels, which OCR
 * reads as stray ":", "i" or "." and glues to the words beside them, and keeps strokes and dots of print
 * at 300 dpi, which are wider. A grey page is filtered as one channel: the same pixels for about half the
 * CPU time (the median is the costliest step of a scan's clean-up); its halves at once, on two cores.
 */
export const despeckle = async (raster: SourcePageRaster): Promise<SourcePageRaster> =>
  raster.widthPx < 3 || raster.heightPx < 3
    ? raster
    : { ...raster, pixels: await filterChannelsAlike(raster, 1, (image) => image.median(3)) };
