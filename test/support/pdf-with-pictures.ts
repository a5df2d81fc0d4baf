import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A PNG of `text` in large black type on white: a picture of text, like a letterhead pasted into an invoice. */
export const pictureOfText = (text: string, width = 900, height = 180): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>` +
        `<text x="20" y="${Math.round(height * 0.66)}" font-family="DejaVu Sans" font-size="${Math.round(height * 0.5)}">${text}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Places on the page in PDF points, measured from the bottom left as PDF draws. */
export interface PageContent {
  /** `rotate`: degrees counter-clockwise, as pdf-lib turns text (90 reads upright on a page shown turned a quarter clockwise). */
  texts?: { x: number; y: number; text: string; size?: number; rotate?: number }[];
  pictures?: { x: number; y: number; width: number; height: number; png: Buffer }[];
  /** The page's /Rotate: how far it is turned clockwise when shown. */
  rotation?: number;
}

/** A one-page A4 PDF (595 × 842 points) with Helvetica text and PNG pictures. */
export const pdfWithPictures = async ({ texts = [], pictures = [], rotation = 0 }: PageContent): Promise<Buffer> => {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.setRotation(degrees(rotation));
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const { x, y, text, size = 10, rotate = 0 } of texts) page.drawText(text, { x, y, size, font, rotate: degrees(rotate) });
  for (const { png, ...place } of pictures) page.drawImage(await document.embedPng(png), place);
  return Buffer.from(await document.save());
};
