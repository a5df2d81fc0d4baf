import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import sharp from 'sharp';

/** Test pages with QR codes drawn as a QR-bill draws them: 46 mm square, medium error correction, Swiss cross. */

const A4_AT_300_DPI = { width: 2480, height: 3508 };
const MM_AT_300_DPI = 300 / 25.4;
const QR_SIDE_MM = 46;
const CROSS_SIDE_MM = 7;

export interface PlacedCode {
  text: string;
  /** The top left corner of the code on the page, in pixels. */
  left: number;
  top: number;
}

const fillRect = (page: Buffer, pageWidth: number, left: number, top: number, size: number, value: number, height = size) => {
  for (let y = top; y < top + height; y++) page.fill(value, y * pageWidth + left, y * pageWidth + left + size);
};

const drawCode = (page: Buffer, pageWidth: number, { text, left, top }: PlacedCode) => {
  const side = Math.round(QR_SIDE_MM * MM_AT_300_DPI);
  const hints = new Map<EncodeHintType, unknown>([
    [EncodeHintType.ERROR_CORRECTION, 'M'],
    [EncodeHintType.MARGIN, 0],
  ]);
  // Without a character set ZXing writes UTF-8 bytes and no ECI marker saying so, as bill generators do.
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, side, side, hints);
  for (let y = 0; y < matrix.getHeight(); y++) {
    for (let x = 0; x < matrix.getWidth(); x++) if (matrix.get(x, y)) page[(top + y) * pageWidth + left + x] = 0;
  }
  // The Swiss cross: a black square with a white border and a white cross, over the code's centre.
  const cross = Math.round(CROSS_SIDE_MM * MM_AT_300_DPI);
  const crossLeft = left + Math.round((matrix.getWidth() - cross) / 2);
  const crossTop = top + Math.round((matrix.getHeight() - cross) / 2);
  const border = Math.round(cross / 14);
  fillRect(page, pageWidth, crossLeft - border, crossTop - border, cross + 2 * border, 255);
  fillRect(page, pageWidth, crossLeft, crossTop, cross, 0);
  const arm = Math.round(cross * 0.6);
  const thickness = Math.round(cross * 0.18);
  const middle = Math.round((cross - thickness) / 2);
  const armStart = Math.round((cross - arm) / 2);
  fillRect(page, pageWidth, crossLeft + armStart, crossTop + middle, arm, 255, thickness);
  fillRect(page, pageWidth, crossLeft + middle, crossTop + armStart, thickness, 255, arm);
};

/** A white A4 page at 300 dpi with the codes drawn on it, as a PNG (or JPEG), optionally turned by 90° steps. */
export const pageWithCodes = async (codes: PlacedCode[], { rotate = 0, format = 'png' as 'png' | 'jpeg' } = {}): Promise<Buffer> => {
  const { width, height } = A4_AT_300_DPI;
  const page = Buffer.alloc(width * height, 255);
  for (const code of codes) drawCode(page, width, code);
  const image = sharp(page, { raw: { width, height, channels: 1 } }).rotate(rotate);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
};

/** Where the code of a payment part sits on an A4 page: 67 mm from the left, 17 mm below the perforation. */
export const PAYMENT_PART_CODE = { left: Math.round(67 * MM_AT_300_DPI), top: Math.round((192 + 17) * MM_AT_300_DPI) };
