import type { PDFDocument, PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { pngImageData } from './png-image-data.js';

/**
 * Above this many PNG bytes per pixel a page is photographic or noisy (a phone shot, a scan with paper
 * texture or JPEG artefacts), and JPEG keeps it about three times smaller; below it the page is clean
 * text and graphics (rendered PDF pages take about 0.02 to 0.05), which PNG keeps small and sharp.
 */
const PHOTOGRAPHIC_BYTES_PER_PIXEL = 0.1;
const JPEG_QUALITY = 85;

const flateImage = (doc: PDFDocument, image: NonNullable<ReturnType<typeof pngImageData>>): PDFRef =>
  doc.context.register(
    doc.context.stream(image.deflated, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: image.widthPx,
      Height: image.heightPx,
      ColorSpace: image.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
      // PNG's filtered rows are what PDF calls Flate with PNG predictors: the data is used as it is.
      DecodeParms: { Predictor: 15, Colors: image.channels, BitsPerComponent: 8, Columns: image.widthPx },
    }),
  );

const jpegImage = async (doc: PDFDocument, png: Buffer): Promise<PDFRef> => {
  // The page raster was made by the converter, within the pixel limit.
  const { data, info } = await sharp(png, { limitInputPixels: false })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer({ resolveWithObject: true });
  return doc.context.register(
    doc.context.stream(data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: info.width,
      Height: info.height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    }),
  );
};

/** A page raster (PNG) as an image XObject of `doc`: its own compressed data when it is clean, JPEG when photographic. */
export const embedPageImage = async (doc: PDFDocument, png: Buffer): Promise<PDFRef> => {
  const image = pngImageData(png);
  const clean = image !== null && image.deflated.length <= image.widthPx * image.heightPx * PHOTOGRAPHIC_BYTES_PER_PIXEL;
  return clean ? flateImage(doc, image) : jpegImage(doc, png);
};
