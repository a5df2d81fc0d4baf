import { mayHoldQrCode } from './finder-patterns.js';
import { bottomPart, grayImageOf, type GrayImage } from './gray-image.js';
import { jsQrReader, readEveryCode, zxingGlobalThreshold, zxingLocalThreshold, type QrReader } from './qr-readers.js';

/** The page at about 150 dpi (an A4 page at 300 dpi is 2480 px wide): QR modules stay 3 px or more, noise shrinks. */
const HALF_RESOLUTION_SHORT_SIDE = 1240;
/** The payment part is the bottom 105 mm of an A4 page; 40 % of the page height leaves room for a skewed scan. */
const PAYMENT_PART_SHARE = 0.4;

type View = 'half' | 'full' | 'paymentPart';

interface Attempt {
  view: View;
  reader: QrReader;
}

/**
 * Tried in this order until enough QR-bills are read, cheapest and most successful first. Measured on the
 * converter's pages of the QR-bill corpus (54 codes on 51 pages): ZXing with local thresholds at half
 * resolution reads 50 codes, with one global threshold 43; the next two attempts read the rest. Full
 * resolution and jsQR (which alone reads all 54 at half resolution, but takes ten times as long) are for
 * worse scans. Rotating the page does not help: both decoders locate a code at any angle.
 */
const ATTEMPTS: Attempt[] = [
  { view: 'half', reader: zxingLocalThreshold },
  { view: 'half', reader: zxingGlobalThreshold },
  { view: 'paymentPart', reader: zxingLocalThreshold },
  { view: 'full', reader: zxingGlobalThreshold },
  { view: 'full', reader: zxingLocalThreshold },
  { view: 'half', reader: jsQrReader },
  // A dense code (long addresses) on a black-and-white scan, its modules two or three pixels: jsQR at full
  // resolution, on the payment part only (a whole page takes it up to ten times as long). Measured on the
  // bench's scan degradation of the QR-bill corpus's A4 bills: 1 of 3 codes unread in 42 scans.
  { view: 'paymentPart', reader: jsQrReader },
];

const isQrBill = (text: string): boolean => text.startsWith('SPC');

/** Each view is made once, when an attempt first needs it: a page without a code is decoded at half resolution only. */
const viewsOf = (image: Buffer) => {
  const made = new Map<View, Promise<GrayImage>>();
  const make = (view: View): Promise<GrayImage> => {
    if (view === 'half') return grayImageOf(image, HALF_RESOLUTION_SHORT_SIDE);
    if (view === 'paymentPart') return views('full').then((page) => bottomPart(page, PAYMENT_PART_SHARE));
    return grayImageOf(image);
  };
  const views = (view: View): Promise<GrayImage> => {
    if (!made.has(view)) made.set(view, make(view));
    return made.get(view)!;
  };
  return views;
};

export interface DecodeOptions {
  /** How many QR-bills the page is expected to hold: attempts stop once that many are read. Default 1. */
  expectedBills?: number;
}

/**
 * The texts of the QR codes on a page image (PNG or JPEG), each once, in the order found. The Swiss cross
 * in a QR-bill's code defeats some decoders at some sizes, so several decoders read several views of the
 * page (half resolution, full resolution, the payment part) until `expectedBills` QR-bill codes are found
 * or every attempt is made. Each attempt reads every code it can: a page may carry two bills. A page
 * without a finder pattern at half resolution (most pages) gets no attempt at all.
 */
export const decodeQrCodes = async (image: Buffer, { expectedBills = 1 }: DecodeOptions = {}): Promise<string[]> => {
  const view = viewsOf(image);
  if (!mayHoldQrCode(await view('half'))) return [];
  const texts = new Set<string>();
  for (const attempt of ATTEMPTS) {
    for (const text of readEveryCode(attempt.reader, await view(attempt.view))) texts.add(text);
    if ([...texts].filter(isQrBill).length >= expectedBills) break;
  }
  return [...texts];
};
