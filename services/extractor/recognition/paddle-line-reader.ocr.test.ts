import { expect } from 'chai';
import sharp from 'sharp';
import { createPaddleLineReader } from './paddle-line-reader.js';

/** A line of print as grey pixels, drawn at about 300 dpi for 10 pt type. */
const printedLine = async (text: string) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="60"><rect width="100%" height="100%" fill="white"/><text x="10" y="45" font-family="sans-serif" font-size="40">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
};

describe('extractor: the PaddleOCR line reader', function () {
  this.timeout(60_000);

  it('given a printed line, when it is read, then its characters come back in order, each where it stands on the line', async () => {
    const reader = createPaddleLineReader();
    const line = await printedLine('TOTAL RM 26.42');

    const characters = await reader.read(line);

    expect(
      characters
        .map((character) => character.text)
        .join('')
        .replace(/\s/g, ''),
    ).to.equal('TOTALRM26.42');
    const places = characters.map((character) => character.x);
    expect(places).to.deep.equal([...places].sort((a, b) => a - b));
    expect(places[0]).to.be.within(0, 60);
    expect(places.at(-1)).to.be.within(250, 450);
    expect(Math.min(...characters.map((character) => character.probability))).to.be.above(0.5);
  });

  it('knows the letters of its alphabet and not those outside it', () => {
    const reader = createPaddleLineReader();

    expect(['R', 'M', '2', '.', 'ü'].every(reader.knows)).to.equal(true);
    expect(reader.knows('ß')).to.equal(false);
  });
});
