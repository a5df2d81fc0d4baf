import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import type { OcrWord } from './ocr-engine.js';
import { readFilledAreas } from './read-filled-areas.js';

/** A page with a line of body text and, with `bar`, a blue bar (x 200 to 1400, y 300 to 360) with white type on it. */
const page = (bar: boolean) =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="white"/>' +
        '<text x="100" y="150" font-family="sans-serif" font-size="24">Lorem ipsum dolor sit amet</text>' +
        (bar
          ? '<rect x="200" y="300" width="1200" height="60" fill="#6fa4fa"/>' +
            '<text x="240" y="340" font-family="sans-serif" font-size="30" font-weight="bold" fill="white">Description</text>'
          : '') +
        '</svg>',
    ),
  )
    .png()
    .toBuffer();

const BODY: OcrWord[] = ['Lorem', 'ipsum', 'dolor'].map((text, index) => ({
  text,
  left: 100 + index * 90,
  top: 130,
  right: 170 + index * 90,
  bottom: 156,
  confidence: 0.95,
}));

/** OCR that finds `text` where the image is darkest: the type set dark on white. */
const readingTheDarkestRow =
  (text: string, images: Buffer[]) =>
  async (png: Buffer): Promise<OcrWord[]> => {
    images.push(png);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark: { x: number; y: number }[] = [];
    for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) if (data[y * info.width + x]! < 100) dark.push({ x, y });
    if (dark.length === 0) return [];
    const xs = dark.map((pixel) => pixel.x);
    const ys = dark.map((pixel) => pixel.y);
    return [{ text, left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys), confidence: 0.95 }];
  };

describe('extractor: reading type on bars of grey or colour', () => {
  it('given white type on a blue bar the page’s OCR read nothing of, when the bar is read on its own, then its type comes out dark on white and its words are added where the bar is', async () => {
    const images: Buffer[] = [];

    const words = await readFilledAreas(async () => decodePageRaster(await page(true)), BODY, readingTheDarkestRow('Description', images));

    expect(images).to.have.length(1);
    expect(words.map((word) => word.text)).to.deep.equal(['Lorem', 'ipsum', 'dolor', 'Description']);
    const added = words[3]!;
    expect(added.left).to.be.closeTo(240, 8);
    expect((added.top + added.bottom) / 2).to.be.closeTo(330, 8);
  });

  it('given a page without bars, when it is searched, then nothing is read again', async () => {
    const images: Buffer[] = [];

    const words = await readFilledAreas(async () => decodePageRaster(await page(false)), BODY, readingTheDarkestRow('Description', images));

    expect(images).to.have.length(0);
    expect(words).to.deep.equal(BODY);
  });
});
