import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import type { GrayImage } from './gray-image.js';

const READER_OPTIONS: ReaderOptions = {
  formats: ['QRCode'],
  tryHarder: true,
  // The Swiss Payments Code is UTF-8 (coding 1) but rarely says so in the code; ZXing would otherwise guess.
  characterSet: 'UTF8',
  textMode: 'Plain',
};

let prepared = false;
/** ZXing-C++'s WebAssembly from the installed package: left to itself the package fetches it from a CDN, and Kontor runs offline. */
const prepareOnce = () => {
  if (prepared) return;
  const wasmBinary = Uint8Array.from(readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')));
  prepareZXingModule({ overrides: { wasmBinary: wasmBinary.buffer } });
  prepared = true;
};

/**
 * The texts of every valid QR code in the image, in the order found, read by ZXing-C++ (compiled to
 * WebAssembly): codes at any angle, several per image, with local thresholds and the harder search.
 */
export const readQrCodes = async (image: GrayImage): Promise<string[]> => {
  prepareOnce();
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0, at = 0; pixel < image.data.length; pixel++, at += 4) {
    rgba[at] = rgba[at + 1] = rgba[at + 2] = image.data[pixel]!;
    rgba[at + 3] = 255;
  }
  // An ImageData's members: Node has no ImageData class, and the reader asks for no more.
  const pixels = { data: rgba, width: image.width, height: image.height, colorSpace: 'srgb' } as unknown as Parameters<
    typeof readBarcodes
  >[0];
  const found = await readBarcodes(pixels, READER_OPTIONS);
  return [...new Set(found.filter((code) => code.isValid).map((code) => code.text))];
};
