import { expect } from 'chai';
import sharp from 'sharp';
import { createPaddleLineReader } from './paddle-line-reader.js';
import { createPaddleLineThreads } from './paddle-line-threads.js';

/** A line of print as grey pixels, drawn at about 300 dpi for 10 pt type. */
const printedLine = async (text: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="60"><rect width="100%" height="100%" fill="white"/><text x="10" y="45" font-family="sans-serif" font-size="40">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
};

describe('extractor: the PaddleOCR line reader in threads of its own', function () {
  this.timeout(60_000);

  it('given lines read at once in two threads, then each comes back as the reader on the calling thread reads it', async () => {
    const lines = await Promise.all(['TOTAL RM 26.42', 'CASH 50.00', 'CHANGE 23.58'].map(printedLine));
    const here = createPaddleLineReader();
    const threads = createPaddleLineThreads(2);
    try {
      const inThreads = await Promise.all(lines.map((line) => threads.read(line)));

      for (const [index, line] of lines.entries()) expect(inThreads[index]).to.deep.equal(await here.read(line));
      expect(
        inThreads[2]!
          .map((character) => character.text)
          .join('')
          .replace(/\s/g, ''),
      ).to.equal('CHANGE23.58');
    } finally {
      await Promise.all([here.stop(), threads.stop()]);
    }
  });

  it('knows the letters of its alphabet and not those outside it', async () => {
    const threads = createPaddleLineThreads(1);
    expect(['R', 'M', '2', '.', 'ü'].every(threads.knows)).to.equal(true);
    expect(threads.knows('ß')).to.equal(false);
    await threads.stop();
  });
});
