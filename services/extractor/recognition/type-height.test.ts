import { expect } from 'chai';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { typeHeightOf } from './type-height.js';

/** 300 dpi. */
const PIXELS_PER_POINT = 300 / 72;

interface Mark {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A grey raster of `paper` with `marks` filled in `ink`. */
const picture = (marks: readonly Mark[], { paper = 255, ink = 0 } = {}): PageRaster => {
  const [widthPx, heightPx] = [400, 200];
  const pixels = Buffer.alloc(widthPx * heightPx, paper);
  for (const mark of marks)
    for (let y = mark.top; y < mark.top + mark.height; y++) pixels.fill(ink, y * widthPx + mark.left, y * widthPx + mark.left + mark.width);
  return { pixels, widthPx, heightPx, channels: 1 };
};

/** `count` letters `height` pixels tall side by side on a line whose top is `top`. */
const line = (count: number, height: number, top: number): Mark[] =>
  Array.from({ length: count }, (_, at) => ({ left: 10 + at * 30, top, width: 20, height }));

describe('extractor: the type height of a picture', () => {
  it('given letters of one height, when the picture is measured, then its type is that tall', () => {
    expect(typeHeightOf(picture(line(8, 40, 20)), PIXELS_PER_POINT)).to.equal(40);
  });

  it('given a line of large type and a line of small type, when the picture is measured, then its type is the small one', () => {
    expect(typeHeightOf(picture([...line(6, 70, 10), ...line(10, 30, 120)]), PIXELS_PER_POINT)).to.equal(30);
  });

  it('given a few small marks beside the letters (a ™, an accent), when the picture is measured, then they are not its type', () => {
    expect(typeHeightOf(picture([...line(10, 48, 20), ...line(2, 12, 100)]), PIXELS_PER_POINT)).to.equal(48);
  });

  it('given dots and a rule under the letters, when the picture is measured, then neither counts as a letter', () => {
    const dots = Array.from({ length: 20 }, (_, at) => ({ left: 10 + at * 15, top: 100, width: 4, height: 4 }));
    const rule = { left: 10, top: 150, width: 380, height: 8 };

    expect(typeHeightOf(picture([...line(5, 40, 20), ...dots, rule]), PIXELS_PER_POINT)).to.equal(40);
  });

  it('given light letters on a dark band, when the picture is measured, then the letters are measured, not the band', () => {
    expect(typeHeightOf(picture(line(8, 36, 20), { paper: 20, ink: 240 }), PIXELS_PER_POINT)).to.equal(36);
  });

  it('given letters touching diagonally, when the picture is measured, then they are one mark', () => {
    const steps = [
      { left: 10, top: 10, width: 20, height: 20 },
      { left: 30, top: 30, width: 20, height: 20 },
    ];

    expect(typeHeightOf(picture(steps), PIXELS_PER_POINT)).to.equal(40);
  });

  it('given a picture without ink, when it is measured, then it has no type height', () => {
    expect(typeHeightOf(picture([]), PIXELS_PER_POINT)).to.equal(null);
  });
});
