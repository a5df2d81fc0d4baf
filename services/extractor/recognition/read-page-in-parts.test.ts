import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import type { OcrWord } from './ocr-engine.js';
import { partsFor, readPageInParts } from './read-page-in-parts.js';

const [WIDTH, HEIGHT] = [1200, 3000];
/** Lines of dark text (bars with gaps, like glyphs), 40 rows high, every 100 rows from 100 to 2900. */
const LINE_TOPS = Array.from({ length: 29 }, (_, line) => 100 + line * 100);

const pageImage = (width: number, height: number) => {
  const glyphs = LINE_TOPS.filter((top) => top + 40 <= height)
    .flatMap((top) =>
      Array.from({ length: 40 }, (_, glyph) => `<rect x="${100 + glyph * 25}" y="${top}" width="12" height="40" fill="black"/>`),
    )
    .join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${glyphs}</svg>`,
    ),
  )
    .png()
    .toBuffer();
};

/** An OCR engine that reads each line of glyphs as one word, at the image's own coordinates; it keeps the images it read. */
const lineReader = () => {
  const images: Array<{ width: number; height: number }> = [];
  const read = async (png: Buffer): Promise<OcrWord[]> => {
    const raster = await decodePageRaster(png);
    images.push({ width: raster.widthPx, height: raster.heightPx });
    const words: OcrWord[] = [];
    for (let y = 0; y < raster.heightPx; y++) {
      const dark = raster.pixels[(y * raster.widthPx + 106) * raster.channels]! < 128;
      const darkAbove = y > 0 && raster.pixels[((y - 1) * raster.widthPx + 106) * raster.channels]! < 128;
      if (dark && !darkAbove) words.push({ text: 'line', left: 100, right: 1087, top: y, bottom: y + 40, confidence: 0.9 });
    }
    return words;
  };
  return { read, images };
};

describe('extractor: reading a page in parts at once', () => {
  it('given two readers and a large page, when read, then it is read in two bands and every line comes back once, in page coordinates', async () => {
    const image = await pageImage(WIDTH, HEIGHT);
    const { read, images } = lineReader();

    const words = await readPageInParts(image, async () => decodePageRaster(image), 2, read);

    expect(images).to.have.length(2);
    expect(images.every((part) => part.width === WIDTH && part.height < HEIGHT)).to.equal(true);
    expect(words.map((word) => word.top).sort((a, b) => a - b)).to.deep.equal(LINE_TOPS);
  });

  it("given a page read in two bands, then each band's words are told as that band is read, before the page's words come back", async () => {
    const image = await pageImage(WIDTH, HEIGHT);
    const { read } = lineReader();
    const told: number[][] = [];

    const words = await readPageInParts(
      image,
      async () => decodePageRaster(image),
      2,
      read,
      (part) => told.push(part.map((word) => word.top)),
    );

    expect(told).to.have.length(2);
    expect(told.flat().sort((a, b) => a - b)).to.deep.equal(words.map((word) => word.top).sort((a, b) => a - b));
  });

  it('given one reader, then the page is read whole, as it is', async () => {
    const image = await pageImage(WIDTH, HEIGHT);
    const { read, images } = lineReader();

    const words = await readPageInParts(image, async () => decodePageRaster(image), 1, read);

    expect(images).to.deep.equal([{ width: WIDTH, height: HEIGHT }]);
    expect(words).to.have.length(LINE_TOPS.length);
  });

  it('given a page too small to pay for cutting, then it is read whole', async () => {
    const image = await pageImage(WIDTH, 1000);
    const { read, images } = lineReader();

    await readPageInParts(image, async () => decodePageRaster(image), 2, read);

    expect(images).to.deep.equal([{ width: WIDTH, height: 1000 }]);
  });

  it('sizes the parts to the readers and to the page: at least 1.5 million pixels each', () => {
    expect(partsFor(2480 * 3508, 2)).to.equal(2);
    expect(partsFor(2480 * 3508, 8)).to.equal(5);
    expect(partsFor(1240 * 1754, 2)).to.equal(1);
  });
});
