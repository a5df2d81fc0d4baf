import { expect } from 'chai';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';
import { stretchContrast } from './stretch-contrast.js';

const WIDTH = 400;
const HEIGHT = 200;

const setLevel = (pixels: Buffer, x: number, y: number, level: number) =>
  pixels.fill(level, (y * WIDTH + x) * RASTER_CHANNELS, (y * WIDTH + x + 1) * RASTER_CHANNELS);

/** A page of `paper` grey with strokes of `ink` grey (two pixels wide, over a third of the page's height) across its top: a scan's faint print. */
const page = (paper: number, ink: number | null): SourcePageRaster => {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * RASTER_CHANNELS, paper);
  if (ink !== null)
    for (let y = 0; y < HEIGHT / 3; y++) for (let x = 0; x < WIDTH; x += 6) [x, x + 1].forEach((at) => setLevel(pixels, at, y, ink));
  return { sourcePage: 1, channels: 3, pixels, widthPx: WIDTH, heightPx: HEIGHT, dpi: 300 };
};

/** The same page with a bar of `fill` grey across its lower half, larger than all the strokes, with strokes of `ink` on it. */
const withBar = (raster: SourcePageRaster, fill: number, ink: number): SourcePageRaster => {
  const pixels = Buffer.from(raster.pixels);
  for (let y = 120; y < 180; y++) for (let x = 0; x < WIDTH; x++) setLevel(pixels, x, y, x % 12 < 2 && y > 140 && y < 160 ? ink : fill);
  return { ...raster, pixels };
};

const levelAt = (raster: SourcePageRaster, x: number, y: number) => raster.pixels[(y * WIDTH + x) * RASTER_CHANNELS]!;

describe('converter: stretching a scan’s contrast', () => {
  it('makes the paper white and the ink black', async () => {
    const stretched = await stretchContrast(page(236, 120));

    expect(levelAt(stretched, WIDTH - 1, HEIGHT - 1), 'paper').to.equal(255);
    expect(levelAt(stretched, 0, 0), 'ink').to.equal(0);
  });

  it('leaves black print on white paper, and a page with nothing printed, as they are', async () => {
    for (const unchanged of [page(255, 0), page(240, null)]) {
      expect((await stretchContrast(unchanged)).pixels.equals(unchanged.pixels)).to.equal(true);
    }
  });

  it('given a grey table header with type on it, larger than all the print, when stretched, then the header stays grey under black type', async () => {
    const stretched = await stretchContrast(withBar(page(236, 120), 170, 120));

    expect(levelAt(stretched, 0, 150), 'type on the bar').to.equal(0);
    expect(levelAt(stretched, 6, 125), 'the bar').to.be.within(60, 200);
  });

  it('given black print and a grey band with black type, when stretched, then the page is left as it is (its print is black already)', async () => {
    const unchanged = withBar(page(255, 0), 185, 0);

    expect((await stretchContrast(unchanged)).pixels.equals(unchanged.pixels)).to.equal(true);
  });
});
