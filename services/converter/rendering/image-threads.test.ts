import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { imageOperationsOnEveryCore } from './image-threads.js';

/** A noisy grey page: specks, strokes and a gradient, so the median and the resize have work on every tile. */
const noisyPage = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let index = 0; index < pixels.length; index++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    pixels[index] = seed % 5 === 0 ? seed % 256 : 255 - ((index / 3) % width) / 8;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
};

const cleanedUp = (width: number, height: number) =>
  noisyPage(width, height)
    .median(3)
    .resize({ width: Math.round(width / 4), kernel: 'linear' })
    .raw()
    .toBuffer();

describe('converter: image operations over every core', () => {
  const before = sharp.concurrency();
  after(() => {
    sharp.concurrency(before);
  });

  it('given a scan cleaned up on one thread, when image operations run over every core, then the pixels are the same', async () => {
    sharp.concurrency(1);
    const oneThread = await cleanedUp(1200, 900);

    imageOperationsOnEveryCore();

    expect(sharp.concurrency()).to.equal(availableParallelism());
    expect((await cleanedUp(1200, 900)).equals(oneThread)).to.equal(true);
  });
});
