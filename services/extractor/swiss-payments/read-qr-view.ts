import { mayHoldQrCode } from './finder-patterns.js';
import { grayImageOfRgb, type RgbPixels } from './luminance.js';
import { readQrCodes } from './qr-readers.js';

/** What the QR search made of one view of a page: whether it may hold a code at all, and the texts of the codes read in it. */
export interface ViewReading {
  mayHold: boolean;
  texts: string[];
}

/**
 * Reads one view of a page: its luminance, then, with `lookFirst`, whether it may hold a QR code at all (finder
 * patterns, see `mayHoldQrCode`; nothing is read when not), then ZXing-C++. On the calling thread (`readQrView`),
 * or in the extraction's thread, the pixels handed to it (`createFieldsThread`'s `readQrView`).
 */
export type QrViewReader = (view: RgbPixels, lookFirst: boolean) => Promise<ViewReading>;

/** `QrViewReader` on the calling thread. Imports neither the converter nor sharp: the extraction's thread loads it. */
export const readQrView: QrViewReader = async (view, lookFirst) => {
  const gray = grayImageOfRgb(view);
  if (lookFirst && !mayHoldQrCode(gray)) return { mayHold: false, texts: [] };
  return { mayHold: true, texts: await readQrCodes(gray) };
};
