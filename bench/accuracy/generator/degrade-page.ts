import sharp from 'sharp';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import type { SeededRandom } from './seeded-random.js';

/**
 * Paper copies of a born-digital page: a flatbed scan (noise, blur, a skew of 0.5–3°, JPEG) and a phone
 * photo (rotation and shear for the perspective, a lighting gradient, a background around the page,
 * lower resolution, JPEG). Noise comes from the document's seeded stream, so the same seed gives the
 * same pixels.
 */

const RGB = 3;

/** Adds Gaussian noise of `sigma` grey levels to every sample. */
const addNoise = (pixels: Buffer, sigma: number, random: SeededRandom): void => {
  for (let index = 0; index < pixels.length; index++) {
    const value = pixels[index]! + random.gaussian() * sigma;
    pixels[index] = value < 0 ? 0 : value > 255 ? 255 : value;
  }
};

/** Dust: a few dark specks of one or two pixels. */
const addSpecks = (pixels: Buffer, width: number, height: number, channels: number, count: number, random: SeededRandom): void => {
  for (let speck = 0; speck < count; speck++) {
    const [x, y, size] = [random.int(0, width - 3), random.int(0, height - 3), random.int(1, 2)];
    for (let dy = 0; dy < size; dy++)
      for (let dx = 0; dx < size; dx++)
        pixels.fill(random.int(20, 90), ((y + dy) * width + x + dx) * channels, ((y + dy) * width + x + dx + 1) * channels);
  }
};

/** Skew angle in degrees, either way: at least `min`, at most `max`. */
const skew = (random: SeededRandom, min: number, max: number): number => (random.chance(0.5) ? -1 : 1) * random.between(min, max);

export interface DegradedPage {
  bytes: Buffer;
  format: 'jpeg' | 'png';
}

/**
 * A flatbed scan, slightly blurred and skewed: grey or colour with sensor noise and dust as JPEG, or in
 * black-and-white mode (thresholded, as office scanners save to PNG).
 */
export const scanPage = async (raster: PageRaster, random: SeededRandom, format: 'jpeg' | 'png'): Promise<DegradedPage> => {
  const grey = format === 'png' || random.chance(0.6);
  const { data, info } = await sharp(raster.pixels, { raw: { width: raster.widthPx, height: raster.heightPx, channels: RGB } })
    .rotate(skew(random, 0.5, 3), { background: '#ffffff' })
    .blur(random.between(0.4, 0.9))
    .linear(random.between(0.85, 1), random.between(0, 20))
    .toColourspace(grey ? 'b-w' : 'srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  addNoise(data, random.between(5, 14), random);
  addSpecks(data, info.width, info.height, info.channels, random.int(50, 400), random);
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 1 | 3 } });
  const bytes =
    format === 'png'
      ? await image.threshold(random.int(140, 185)).png({ palette: true, colours: 2 }).toBuffer()
      : await image.jpeg({ quality: random.int(55, 85) }).toBuffer();
  return { bytes, format };
};

/** Light falling off with the distance from a lamp somewhere over the page: 1 under it, down to `darkest` a page diagonal away. */
const lightingGain = (width: number, height: number, darkest: number, random: SeededRandom): ((x: number, y: number) => number) => {
  const [lightX, lightY] = [random.between(0, 1) * width, random.between(0, 1) * height];
  const reach = Math.hypot(width, height);
  return (x, y) => 1 - (1 - darkest) * Math.min(1, Math.hypot(x - lightX, y - lightY) / reach);
};

const BACKGROUNDS = [
  { r: 120, g: 92, b: 64 },
  { r: 150, g: 150, b: 150 },
  { r: 205, g: 200, b: 190 },
  { r: 70, g: 75, b: 85 },
];

interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}

const rawImage = ({ data, info }: Raw) => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } });
const toRaw = (image: sharp.Sharp): Promise<Raw> => image.raw().toBuffer({ resolveWithObject: true });

/**
 * A phone photo: the page on a background, sheared and turned a little (a perspective seen askew),
 * unevenly lit and warm, at a phone's lower resolution, slightly out of focus, as JPEG. Each geometric
 * step is its own sharp pipeline: sharp orders the operations of one pipeline itself.
 */
export const photographPage = async (raster: PageRaster, random: SeededRandom): Promise<DegradedPage> => {
  const margin = Math.round(raster.widthPx * random.between(0.02, 0.06));
  const background = random.pick(BACKGROUNDS);
  let image: Raw = { data: raster.pixels, info: { width: raster.widthPx, height: raster.heightPx, channels: RGB } };
  image = await toRaw(rawImage(image).extend({ top: margin, bottom: margin, left: margin, right: margin, background }));
  const shear = [random.between(-0.015, 0.015), random.between(-0.01, 0.01)] as const;
  image = await toRaw(
    rawImage(image).affine(
      [
        [1, shear[0]],
        [shear[1], 1],
      ],
      { background },
    ),
  );
  image = await toRaw(rawImage(image).rotate(skew(random, 1, 4), { background }));
  // A phone resolves an A4 page at about 160 to 240 dpi: the 250-dpi page shrunk by a third at most.
  image = await toRaw(rawImage(image).resize({ width: Math.round(image.info.width * random.between(0.65, 0.95)) }));

  const { data, info } = image;
  const gain = lightingGain(info.width, info.height, random.between(0.6, 0.85), random);
  const tint = [1, random.between(0.94, 0.99), random.between(0.82, 0.94)];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const light = gain(x, y);
      const offset = (y * info.width + x) * RGB;
      for (let channel = 0; channel < RGB; channel++)
        data[offset + channel] = Math.min(255, data[offset + channel]! * light * tint[channel]!);
    }
  }
  addNoise(data, random.between(3, 8), random);
  const bytes = await rawImage(image)
    .blur(random.between(0.5, 1.1))
    .jpeg({ quality: random.int(70, 88) })
    .toBuffer();
  return { bytes, format: 'jpeg' };
};
