import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { SourcePageRaster } from './source-page-raster.js';
import { scaledCopy } from './scaled-copy.js';

const page = (widthPx: number, heightPx: number): SourcePageRaster => ({
  sourcePage: 1,
  channels: 3,
  pixels: Buffer.alloc(widthPx * heightPx * 3, 255),
  widthPx,
  heightPx,
});

describe('converter: scaled copies of a page', () => {
  it('scales a page down to the given width as a JPEG, keeping its proportions', async () => {
    const copy = await scaledCopy(page(2480, 3508), 1000);

    expect((await fileTypeFromBuffer(copy))?.mime).to.equal('image/jpeg');
    expect(await sharp(copy).metadata()).to.include({ width: 1000, height: 1415 });
  });

  it('never enlarges a page narrower than the given width', async () => {
    const copy = await scaledCopy(page(300, 400), 1000);

    expect(await sharp(copy).metadata()).to.include({ width: 300, height: 400 });
  });
});
