import sharp from 'sharp';

/** One byte of luminance per pixel, row by row: what the QR decoders read. */
export interface GrayImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const fromRaw = ({ data, info }: { data: Buffer; info: sharp.OutputInfo }): GrayImage => ({
  data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
  width: info.width,
  height: info.height,
});

/** A PNG or JPEG as luminance: turned upright by its EXIF orientation, transparency laid on white. */
export const grayImageOf = async (image: Buffer): Promise<GrayImage> =>
  fromRaw(await sharp(image).autoOrient().flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true }));

/** The image shrunk so that its shorter side is at most `maxShortSide` pixels; the image itself when it is no larger. */
export const shrunkTo = async (image: GrayImage, maxShortSide: number): Promise<GrayImage> => {
  const scale = maxShortSide / Math.min(image.width, image.height);
  if (scale >= 1) return image;
  const raw = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
  return fromRaw(
    await sharp(raw, { raw: { width: image.width, height: image.height, channels: 1 } })
      .resize(Math.round(image.width * scale), Math.round(image.height * scale))
      // Without it a one-channel raw input comes back with three channels.
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
};

/** The bottom `fraction` of the image (a copy): where the payment part of a QR-bill sits. */
export const bottomPart = (image: GrayImage, fraction: number): GrayImage => {
  const height = Math.round(image.height * fraction);
  return { data: image.data.slice((image.height - height) * image.width), width: image.width, height };
};

export interface Point {
  x: number;
  y: number;
}

/** Paints the box around `corners`, widened by `margin` of its size, white: so a decoder finds the next code. */
export const whitenAround = (image: GrayImage, corners: readonly Point[], margin: number): void => {
  const xs = corners.map((point) => point.x);
  const ys = corners.map((point) => point.y);
  const widen = margin * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const left = Math.max(0, Math.floor(Math.min(...xs) - widen));
  const right = Math.min(image.width - 1, Math.ceil(Math.max(...xs) + widen));
  const top = Math.max(0, Math.floor(Math.min(...ys) - widen));
  const bottom = Math.min(image.height - 1, Math.ceil(Math.max(...ys) + widen));
  for (let y = top; y <= bottom; y++) image.data.fill(255, y * image.width + left, y * image.width + right + 1);
};
