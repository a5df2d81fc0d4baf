import { expect } from 'chai';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import { bandsOfEqualText } from './page-bands.js';

const WIDTH = 400;

/** A grey page (white) with the given rows drawn: text (a stroke every 4 pixels), a solid bar, or a light grey rule. */
const page = (height: number, drawn: Array<{ kind: 'text' | 'bar' | 'rule'; top: number; bottom: number }>): PageRaster => {
  const pixels = Buffer.alloc(WIDTH * height, 255);
  for (const { kind, top, bottom } of drawn) {
    for (let y = top; y < bottom; y++) {
      for (let x = 20; x < WIDTH - 20; x++) {
        if (kind === 'bar' || (kind === 'text' && x % 4 === 0)) pixels[y * WIDTH + x] = 0;
        if (kind === 'rule' && (x === 20 || x === WIDTH - 21)) pixels[y * WIDTH + x] = 180;
      }
    }
  }
  return { pixels, widthPx: WIDTH, heightPx: height, channels: 1 };
};

/** Lines of text 20 rows high, 10 white rows apart, from `top` on. */
const lines = (top: number, count: number) =>
  Array.from({ length: count }, (_, line) => ({ kind: 'text' as const, top: top + line * 30, bottom: top + line * 30 + 20 }));

describe('extractor: cutting a page into bands of about equal text', () => {
  it('given lines of text evenly down the page, when cut in two, then the cut runs through the middle of the gap halfway', () => {
    const raster = page(620, lines(10, 20));
    expect(bandsOfEqualText(raster, 2)).to.deep.equal([
      { top: 0, bottom: 305 },
      { top: 305, bottom: 620 },
    ]);
  });

  it('given a solid bar above the text, when cut in two, then the bar weighs one mark: the cut halves the text lines', () => {
    const raster = page(820, [{ kind: 'bar', top: 10, bottom: 190 }, ...lines(210, 20)]);
    const [upper] = bandsOfEqualText(raster, 2);
    expect(upper!.bottom).to.equal(505);
  });

  it('given ten lines of large type above ten of small print with as many characters, when cut in two, then the cut lies between them', () => {
    const large = Array.from({ length: 10 }, (_, line) => ({ kind: 'text' as const, top: 10 + line * 90, bottom: 90 + line * 90 }));
    const small = Array.from({ length: 10 }, (_, line) => ({ kind: 'text' as const, top: 930 + line * 20, bottom: 940 + line * 20 }));
    const raster = page(1140, [...large, ...small]);
    expect(bandsOfEqualText(raster, 2)[0]!.bottom).to.equal(915);
  });

  it('given a wider gap near the middle, when cut in two, then the cut takes the wider gap (between blocks rather than lines)', () => {
    const raster = page(700, [...lines(10, 10), ...lines(340, 11)]);
    expect(bandsOfEqualText(raster, 2)[0]!.bottom).to.equal(320);
  });

  it('given a framed table (light grey side rules) down the page, when cut, then no cut runs through it', () => {
    const raster = page(620, [...lines(10, 20), { kind: 'rule', top: 0, bottom: 620 }]);
    expect(bandsOfEqualText(raster, 2)).to.deep.equal([{ top: 0, bottom: 620 }]);
  });

  it('given a blank page, or one part asked for, then the page is one band', () => {
    expect(bandsOfEqualText(page(300, []), 2)).to.deep.equal([{ top: 0, bottom: 300 }]);
    expect(bandsOfEqualText(page(620, lines(10, 20)), 1)).to.deep.equal([{ top: 0, bottom: 620 }]);
  });

  it('given three parts asked for, then three bands of about a third of the lines each', () => {
    const bands = bandsOfEqualText(page(920, lines(10, 30)), 3);
    expect(bands.map((band) => band.bottom)).to.deep.equal([305, 605, 920]);
  });
});
