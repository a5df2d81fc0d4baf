import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { filledAreas } from './filled-areas.js';
import type { OcrWord } from './ocr-engine.js';

/** A page with a line of body text and a bar of `fill` (x 200 to 1400, y 300 to 360) with a table's header in `type` on it. */
const page = (fill: string, type: string) =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="white"/>' +
        '<text x="100" y="150" font-family="sans-serif" font-size="24">Lorem ipsum dolor sit amet</text>' +
        `<rect x="200" y="300" width="1200" height="60" fill="${fill}"/>` +
        `<text x="240" y="338" font-family="sans-serif" font-size="30" font-weight="bold" fill="${type}">Description</text>` +
        `<text x="900" y="338" font-family="sans-serif" font-size="30" font-weight="bold" fill="${type}">Quantity</text></svg>`,
    ),
  )
    .png()
    .toBuffer()
    .then(decodePageRaster);

const BODY: OcrWord[] = ['Lorem', 'ipsum', 'dolor'].map((text, index) => ({
  text,
  left: 100 + index * 90,
  top: 130,
  right: 170 + index * 90,
  bottom: 156,
  confidence: 0.95,
}));

describe('extractor: bars of grey or colour with type on them', () => {
  it('given white type on a blue bar OCR read nothing of, when the page is searched, then the bar is found, its type lighter than it', async () => {
    const [bar, ...more] = filledAreas(await page('#6fa4fa', 'white'), BODY);

    expect(more).to.have.length(0);
    expect(bar).to.include({ lightType: true });
    expect(bar!.left).to.be.closeTo(200, 8);
    expect(bar!.right).to.be.closeTo(1400, 8);
    expect(bar!.top).to.be.closeTo(300, 8);
    expect(bar!.bottom).to.be.closeTo(360, 8);
  });

  it('given black type on a grey bar, when the page is searched, then the bar is found, its type darker than it', async () => {
    const [bar] = filledAreas(await page('#a0a0a0', 'black'), BODY);

    expect(bar).to.include({ lightType: false });
  });

  it('given a bar whose type the page’s OCR has read, or a bar with nothing on it, when the page is searched, then there is nothing to read', async () => {
    const read: OcrWord[] = [
      { text: 'Description', left: 236, top: 312, right: 440, bottom: 346, confidence: 0.9 },
      { text: 'Quantity', left: 896, top: 312, right: 1040, bottom: 346, confidence: 0.9 },
    ];

    expect(filledAreas(await page('#6fa4fa', 'white'), [...BODY, ...read])).to.deep.equal([]);
    expect(filledAreas(await page('#6fa4fa', '#6fa4fa'), BODY)).to.deep.equal([]);
  });

  it('given a page of body text only, when it is searched, then there is no bar', async () => {
    expect(filledAreas(await page('white', 'black'), BODY)).to.deep.equal([]);
  });
});
