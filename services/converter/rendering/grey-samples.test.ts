import { expect } from 'chai';
import { rasterImage } from '../../../shared/imaging/page-raster.js';
import { filterChannelsAlike, greySamplesOf } from './grey-samples.js';
import type { SourcePageRaster } from './source-page-raster.js';

/** A noisy page: each pixel's grey from a fixed pseudo-random sequence, tinted by `tint` per channel. */
const noisyPage = (tint: [number, number, number], heightPx = 47): SourcePageRaster => {
  const widthPx = 61;
  const pixels = Buffer.alloc(widthPx * heightPx * 3);
  let seed = 7;
  for (let index = 0; index < widthPx * heightPx; index++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    for (let channel = 0; channel < 3; channel++) pixels[index * 3 + channel] = Math.min(255, (seed % 256) + tint[channel]!);
  }
  return { sourcePage: 1, channels: 3, pixels, widthPx, heightPx };
};

describe('grey samples', () => {
  it('given a grey page, then its samples are one channel of it', async () => {
    const page = noisyPage([0, 0, 0]);

    const grey = await greySamplesOf(page);

    expect(grey?.length).to.equal(page.widthPx * page.heightPx);
    expect(grey![5]).to.equal(page.pixels[15]);
  });

  it('given a page with one coloured pixel, then it has no grey samples', async () => {
    const page = noisyPage([0, 0, 0]);
    page.pixels[3 * 100 + 2] = page.pixels[3 * 100]! ^ 1;

    expect(await greySamplesOf(page)).to.equal(null);
  });

  for (const [kind, tint, heightPx] of [
    ['grey', [0, 0, 0], 47],
    ['tinted', [0, 9, 30], 47],
    ['grey', [0, 0, 0], 131],
    ['tinted', [0, 9, 30], 131],
  ] as const) {
    it(`given a ${kind} page ${heightPx} rows high, when filtered channels alike (in halves from 64 rows on), then the pixels are those of filtering every channel of the page whole`, async () => {
      const page = noisyPage([...tint], heightPx);

      const filtered = await filterChannelsAlike(page, 1, (image) => image.median(3));

      expect(filtered.equals(await rasterImage(page).median(3).raw().toBuffer())).to.equal(true);
    });
  }
});
