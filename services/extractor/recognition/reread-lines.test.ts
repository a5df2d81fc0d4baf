import { expect } from 'chai';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import type { GreyLine, LineReader } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { rereadLines } from './reread-lines.js';

const white: PageRaster = { pixels: Buffer.alloc(400 * 200, 255), widthPx: 400, heightPx: 200, channels: 1 };
const word = (text: string, left: number, top: number, confidence: number): OcrWord => ({
  text,
  left,
  right: left + 20 * text.length,
  top,
  bottom: top + 30,
  confidence,
});

/** A second reader that reads every line as `readings` says, its characters spread evenly over the line image. */
const readerOf = (readings: string[]): LineReader & { lines: GreyLine[] } => {
  const lines: GreyLine[] = [];
  return {
    lines,
    knows: () => true,
    async read(line) {
      const text = readings[lines.length] ?? '';
      lines.push(line);
      return [...text].map((character, index) => ({ text: character, x: ((index + 0.5) * line.width) / text.length, probability: 0.98 }));
    },
  };
};

describe('extractor: reading a scanned page again line by line', () => {
  it('given two lines, when a second reader reads them, then each line is cut out with a margin and its words take the readings it is sure of', async () => {
    const words = [word('TOTAL', 20, 20, 0.95), word('2642', 160, 20, 0.8), word('CASH', 20, 100, 0.96)];
    const reader = readerOf(['TOTAL26.42', 'CASH']);

    const reread = await rereadLines(white, words, reader);

    expect(reread.map((each) => each.text)).to.deep.equal(['TOTAL', '26.42', 'CASH']);
    expect(reader.lines.map((line) => [line.width, line.height])).to.deep.equal([
      [226, 36],
      [86, 36],
    ]);
  });

  it('given a line off the page, when it is read again, then its words stay as they were', async () => {
    const words = [word('X', 500, 500, 0.3)];

    expect(await rereadLines(white, words, readerOf(['Y']))).to.deep.equal(words);
  });
});
