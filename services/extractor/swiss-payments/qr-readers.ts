import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  Exception as ZXingException,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
  type Binarizer,
  type LuminanceSource,
} from '@zxing/library';
import jsQrModule from 'jsqr';
import { whitenAround, type GrayImage, type Point } from './gray-image.js';

export interface QrCodeRead {
  text: string;
  /** Where the code is: its finder patterns' centres or its corners. */
  outline: Point[];
}

/** Reads one QR code of an image, or none. */
export type QrReader = (image: GrayImage) => QrCodeRead | null;

// jsqr is CommonJS with a TypeScript default export: Node hands over module.exports, whose `default` is the function.
const jsQR = jsQrModule.default;

const ZXING_HINTS = new Map<DecodeHintType, unknown>([
  [DecodeHintType.TRY_HARDER, true],
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]],
  // The Swiss Payments Code is UTF-8 (coding 1) but rarely says so in the code; ZXing would otherwise guess.
  [DecodeHintType.CHARACTER_SET, 'UTF-8'],
]);

const zxingReader =
  (binarizer: (source: LuminanceSource) => Binarizer): QrReader =>
  (image) => {
    const bitmap = new BinaryBitmap(binarizer(new RGBLuminanceSource(image.data, image.width, image.height)));
    try {
      const result = new QRCodeReader().decode(bitmap, ZXING_HINTS);
      return { text: result.getText(), outline: result.getResultPoints().map((point) => ({ x: point.getX(), y: point.getY() })) };
    } catch (error) {
      // ZXing reports "nothing found" and "found but unreadable" by throwing.
      if (error instanceof ZXingException) return null;
      throw error;
    }
  };

/** ZXing with one threshold for the whole image: robust against the Swiss cross on clean renderings. */
export const zxingGlobalThreshold: QrReader = zxingReader((source) => new GlobalHistogramBinarizer(source));
/** ZXing with local thresholds: for uneven lighting in scans and photos. */
export const zxingLocalThreshold: QrReader = zxingReader((source) => new HybridBinarizer(source));

/** jsQR: slower, with its own locator, which finds codes that ZXing's misses. */
export const jsQrReader: QrReader = (image) => {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0, at = 0; pixel < image.data.length; pixel++, at += 4) {
    rgba[at] = rgba[at + 1] = rgba[at + 2] = image.data[pixel]!;
    rgba[at + 3] = 255;
  }
  const code = jsQR(rgba, image.width, image.height, { inversionAttempts: 'dontInvert' });
  if (!code) return null;
  const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
  return { text: code.data, outline: [topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner] };
};

/** Finder pattern centres lie inside the code, and a quiet zone surrounds it: whiten a quarter more on each side. */
const OUTLINE_MARGIN = 0.25;
/** A page holds one or two bills; more reads than that would mean whitening failed to hide a code. */
const MAX_CODES_PER_IMAGE = 4;

/** Every code `read` finds in the image: after each, the code is whitened (on a copy) and the image read again. */
export const readEveryCode = (read: QrReader, image: GrayImage): string[] => {
  const remaining = { ...image, data: image.data.slice() };
  const texts: string[] = [];
  for (let attempt = 0; attempt < MAX_CODES_PER_IMAGE; attempt++) {
    const code = read(remaining);
    if (!code) break;
    if (!texts.includes(code.text)) texts.push(code.text);
    whitenAround(remaining, code.outline, OUTLINE_MARGIN);
  }
  return texts;
};
