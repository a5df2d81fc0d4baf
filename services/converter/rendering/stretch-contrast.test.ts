import { expect } from 'chai';
import { RASTER_CHANNELS, type SourcePageRaster } from './source-page-raster.js';
import { stretchContrast } from './stretch-contrast.js';

const WIDTH = 200;
const HEIGHT = 100;

/** A page of `paper` grey with a bar of `ink` grey across a tenth of it: a scan's faint strokes on greyish paper. */
const page = (paper: number, ink: number | null): SourcePageRaster => {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * RASTER_CHANNELS, paper);
  if (ink !== null) pixels.fill(ink, 0, (WIDTH * HEIGHT * RASTER_CHANNELS) / 10);
  return { sourcePage: 1, channels: 3, pixels, widthPx: WIDTH, heightPx: HEIGHT, dpi: 300 };
};

const levelAt = (raster: SourcePageRaster, pixel: number) => raster.pixels[pixel * RASTER_CHANNELS]!;

describe('converter: stretching a scan’s contrast', () => {
  it('makes the paper white and the ink black', async () => {
    const stretched = await stretchContrast(page(236, 120));

    expect(levelAt(stretched, WIDTH * HEIGHT - 1), 'paper').to.equal(255);
    expect(levelAt(stretched, 0), 'ink').to.equal(0);
  });

  it('leaves black print on white paper, and a page with nothing printed, as they are', async () => {
    for (const unchanged of [page(255, 0), page(240, null)]) {
      expect((await stretchContrast(unchanged)).pixels.equals(unchanged.pixels)).to.equal(true);
    }
  });
});
