import { expect } from 'chai';
import { regionPixels } from './region-pixels.js';

const A4 = { widthPt: 595, heightPt: 842 };

describe('regionPixels', () => {
  it('takes every pixel a region touches, on the page raster at that resolution', () => {
    // At 144 dpi a point is two pixels: 10.2 pt starts in pixel 20, 30.1 pt ends in pixel 61.
    expect(regionPixels(A4, 144, { left: 10.2, top: 5, right: 30.1, bottom: 15 })).to.deep.equal({
      pageWidthPx: 1190,
      pageHeightPx: 1684,
      leftPx: 20,
      topPx: 10,
      widthPx: 41,
      heightPx: 20,
    });
  });

  it('clips a region reaching beyond the page to the page', () => {
    const rect = regionPixels(A4, 72, { left: -20, top: 800, right: 700, bottom: 900 });

    expect(rect).to.include({ leftPx: 0, topPx: 800, widthPx: 595, heightPx: 42 });
  });

  it('refuses a region that covers no pixel of the page', () => {
    expect(() => regionPixels(A4, 72, { left: 600, top: 0, right: 700, bottom: 10 })).to.throw(RangeError);
  });
});
