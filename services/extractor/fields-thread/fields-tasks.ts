import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { extractFields } from '../fields/extract-fields.js';
import type { ExtractionInput } from '../fields/extraction-input.js';
import { readQrView, type ViewReading } from '../swiss-payments/read-qr-view.js';
import type { RgbPixels } from '../swiss-payments/luminance.js';

/** The fields of a document's gathered input (see `extractFields`), read in the extraction's thread. */
export const extract = (input: ExtractionInput): ExtractedData => extractFields(input);

/** What the QR search asks of one view of a page (see `QrViewReader`), in the extraction's thread. */
export interface QrViewTask {
  view: RgbPixels;
  lookFirst: boolean;
}

/** One view of a page read for QR codes (luminance, finder patterns, ZXing-C++; see `readQrView`) in the extraction's thread. */
export const qrView = ({ view, lookFirst }: QrViewTask): Promise<ViewReading> => readQrView(view, lookFirst);
