import { expect } from 'chai';
import { imageRegionsToRead } from './image-regions-to-read.js';
import type { PlacedText } from './layout-text.js';
import type { PageRegion } from './pdf-text-layer.js';

const region = (left: number, top: number, width: number, height: number): PageRegion => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});
const piece = (text: string, left: number, top: number): PlacedText => ({
  text,
  left,
  top,
  right: left + 6 * text.length,
  bottom: top + 10,
});

describe('extractor: which images of a text-layer page are read with OCR', () => {
  it('given images too small for a line of text, when regions are chosen, then only the one that can hold a line is read', () => {
    const footer = region(40, 720, 450, 90);
    const icon = region(40, 40, 30, 30);
    const rule = region(40, 700, 500, 4);

    expect(imageRegionsToRead({ imageRegions: [icon, footer, rule], pieces: [] })).to.deep.equal([footer]);
  });

  it('given an image under text of the layer (a background, a scan under its own text), when regions are chosen, then it is not read', () => {
    const background = region(0, 0, 595, 842);
    const logo = region(400, 20, 150, 60);
    const pieces = [piece('Rechnung Nr. 4711', 72, 100), piece('Summe 119,00 EUR', 72, 600)];

    expect(imageRegionsToRead({ imageRegions: [background, logo], pieces })).to.deep.equal([logo]);
  });

  it('given an image with a few characters of the layer on it (a page number), when regions are chosen, then it is still read', () => {
    const footer = region(40, 720, 450, 90);

    expect(imageRegionsToRead({ imageRegions: [footer], pieces: [piece('1/2', 500, 760)] })).to.deep.equal([footer]);
  });

  it('given many images, when regions are chosen, then the eight largest are read, largest first', () => {
    const images = Array.from({ length: 10 }, (_, index) => region(40, 80 * index, 50 + 10 * index, 20));

    expect(imageRegionsToRead({ imageRegions: images, pieces: [] })).to.deep.equal(images.slice(2).reverse());
  });

  it('given a picture painted twice at one place or inside a larger one, when regions are chosen, then it is read once', () => {
    const letterhead = region(40, 20, 500, 100);
    const logoOnIt = region(60, 30, 100, 40);

    expect(imageRegionsToRead({ imageRegions: [logoOnIt, letterhead, { ...letterhead }], pieces: [] })).to.deep.equal([letterhead]);
  });
});
