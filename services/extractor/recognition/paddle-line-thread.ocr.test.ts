import { expect } from 'chai';
import sharp from 'sharp';
import { createPaddleLineReader } from './paddle-line-reader.js';
import { createPaddleLineThread } from './paddle-line-thread.js';

/** A line of print as grey pixels, drawn at about 300 dpi for 10 pt type. */
const printedLine = async (text: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="60"><rect width="100%" height="100%" fill="white"/><text x="10" y="45" font-family="sans-serif" font-size="40">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
};

describe('extractor: the PaddleOCR line reader in a thread of its own', function () {
  this.timeout(60_000);

  it('given lines read at once in its thread, then each comes back as the reader on the calling thread reads it', async () => {
    const lines = await Promise.all(['TOTAL RM 26.42', 'CASH 50.00', 'CHANGE 23.58'].map(printedLine));
    const here = createPaddleLineReader();
    const thread = createPaddleLineThread();
    try {
      const inThread = await Promise.all(lines.map((line) => thread.read(line)));

      for (const [index, line] of lines.entries()) expect(inThread[index]).to.deep.equal(await here.read(line));
      expect(
        inThread[2]!
          .map((character) => character.text)
          .join('')
          .replace(/\s/g, ''),
      ).to.equal('CHANGE23.58');
    } finally {
      await Promise.all([here.stop(), thread.stop()]);
    }
  });

  it('knows the letters of its alphabet and not those outside it', async () => {
    const thread = createPaddleLineThread();
    expect(['R', 'M', '2', '.', 'ü'].every(thread.knows)).to.equal(true);
    expect(thread.knows('ß')).to.equal(false);
    await thread.stop();
  });
});
