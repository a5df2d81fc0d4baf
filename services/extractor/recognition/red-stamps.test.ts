import { expect } from 'chai';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { liftRedStampsOverPrint } from './red-stamps.js';

type Colour = readonly [number, number, number];
const BLACK: Colour = [20, 20, 20];
const STAMP_RED: Colour = [220, 40, 60];
const WIDTH = 800;
const HEIGHT = 400;

/** A white page, 800 × 400 pixels, RGB, with rectangles painted on it in order. */
const page = (...rectangles: Array<{ left: number; top: number; width: number; height: number; colour: Colour }>): PageRaster => {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3, 255);
  for (const { left, top, width, height, colour } of rectangles)
    for (let y = top; y < top + height; y++) for (let x = left; x < left + width; x++) pixels.set(colour, (y * WIDTH + x) * 3);
  return { pixels, widthPx: WIDTH, heightPx: HEIGHT, channels: 3 };
};

/** Lines of type: rows of black glyph-like blocks, 3 pixels apart, from row 150 on. */
const typeLines = Array.from({ length: 6 }, (_, line) =>
  Array.from({ length: 60 }, (_, glyph) => ({ left: 40 + glyph * 12, top: 150 + line * 40, width: 9, height: 20, colour: BLACK })),
).flat();

const pixelAt = (raster: PageRaster, x: number, y: number) => [...raster.pixels.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3)];

describe('extractor: red stamps lifted off the print before OCR', () => {
  it('given a red stamp across lines of type, sees the page through a red filter: the stamp as light as the paper, the type black', () => {
    const stamp = [
      { left: 200, top: 90, width: 300, height: 12, colour: STAMP_RED },
      { left: 200, top: 90, width: 12, height: 200, colour: STAMP_RED },
      { left: 200, top: 280, width: 300, height: 12, colour: STAMP_RED },
      { left: 488, top: 90, width: 12, height: 200, colour: STAMP_RED },
    ];

    const lifted = liftRedStampsOverPrint(page(...typeLines, ...stamp));

    expect(lifted).to.not.equal(null);
    expect(pixelAt(lifted!, 205, 200)).to.deep.equal([220, 220, 220]);
    expect(pixelAt(lifted!, 44, 160)).to.deep.equal([20, 20, 20]);
  });

  it('given a large red heading on a line of its own above the type, keeps the page as it is', () => {
    const heading = Array.from({ length: 8 }, (_, glyph) => ({
      left: 200 + glyph * 50,
      top: 10,
      width: 40,
      height: 110,
      colour: STAMP_RED,
    }));

    expect(liftRedStampsOverPrint(page(...typeLines, ...heading))).to.equal(null);
  });

  it('given a small red tick over the type, keeps the page as it is: no stamp disturbs the reading', () => {
    expect(liftRedStampsOverPrint(page(...typeLines, { left: 300, top: 150, width: 16, height: 16, colour: STAMP_RED }))).to.equal(null);
  });

  it('given a red band across the page between lines of type, keeps the page as it is: long but low, no stamp', () => {
    expect(liftRedStampsOverPrint(page(...typeLines, { left: 0, top: 180, width: WIDTH, height: 50, colour: STAMP_RED }))).to.equal(null);
  });

  it('given a grey page, keeps it as it is', () => {
    const grey = page(...typeLines);
    const oneChannel = { ...grey, pixels: Buffer.alloc(WIDTH * HEIGHT, 255), channels: 1 as const };

    expect(liftRedStampsOverPrint(oneChannel)).to.equal(null);
  });
});
