import { expect } from 'chai';
import sharp from 'sharp';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { pictureForOcr } from './picture-for-ocr.js';

const PIXELS_PER_POINT = 300 / 72;

/** A white picture at 300 dpi with a line of eight black letters `typePx` tall. */
const pictureWithType = (typePx: number): PageRaster => {
  const [widthPx, heightPx] = [400, 200];
  const pixels = Buffer.alloc(widthPx * heightPx, 255);
  for (let letter = 0; letter < 8; letter++)
    for (let y = 40; y < 40 + typePx; y++) pixels.fill(0, y * widthPx + 10 + letter * 45, y * widthPx + 40 + letter * 45);
  return { pixels, widthPx, heightPx, channels: 1, dpi: 300 };
};

describe('extractor: a picture made ready for OCR', () => {
  it('given type no taller than OCR reads it (10-point type at 300 dpi), when the picture is made ready, then it keeps its size, framed in white', async () => {
    const crop = await pictureForOcr(pictureWithType(18), { left: 100, top: 50 }, PIXELS_PER_POINT, 10);

    const { width, height, density } = await sharp(crop.png).metadata();
    expect({ width, height, density }).to.deep.equal({ width: 420, height: 220, density: 300 });
    expect(crop).to.include({ left: 90, top: 40, scale: 1 });
  });

  it('given type twice as tall as OCR reads it, when the picture is made ready, then it is shrunk to half, its density and margin with it', async () => {
    const crop = await pictureForOcr(pictureWithType(40), { left: 100, top: 50 }, PIXELS_PER_POINT, 10);

    const { width, height, density } = await sharp(crop.png).metadata();
    expect({ width, height, density }).to.deep.equal({ width: 210, height: 110, density: 150 });
    expect(crop).to.include({ left: 90, top: 40, scale: 0.5 });
  });

  it('given very large type, when the picture is made ready, then it is shrunk to half at most', async () => {
    const crop = await pictureForOcr(pictureWithType(120), { left: 0, top: 0 }, PIXELS_PER_POINT, 0);

    expect(crop.scale).to.equal(0.5);
  });

  it('given a picture without letters, when it is made ready, then it keeps its size', async () => {
    const blank: PageRaster = { pixels: Buffer.alloc(400 * 200, 255), widthPx: 400, heightPx: 200, channels: 1, dpi: 300 };

    expect((await pictureForOcr(blank, { left: 0, top: 0 }, PIXELS_PER_POINT, 0)).scale).to.equal(1);
  });
});
