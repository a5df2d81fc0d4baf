import { expect } from 'chai';
import type { PageRaster } from '../../../shared/imaging/page-raster.js';
import type { GreyLine, LineReader } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { pageLines, readLinesAhead, rereadLines } from './reread-lines.js';

/** A dictionary that knows no word. */
const noDictionary = () => false;
const white: PageRaster = { pixels: Buffer.alloc(400 * 200, 255), widthPx: 400, heightPx: 200, channels: 1 };
const word = (text: string, left: number, top: number, confidence: number): OcrWord => ({
  text,
  left,
  right: left + 20 * text.length,
  top,
  bottom: top + 30,
  confidence,
});

/** Characters of `text` spread evenly over page pixels left..right, placed on a line image whose left edge is at `imageLeft`. */
const spread = (text: string, left: number, right: number, imageLeft: number) =>
  [...text].map((character, index) => ({
    text: character,
    x: left - imageLeft + ((index + 0.5) * (right - left)) / text.length,
    probability: 0.98,
  }));

/** `promise`, kept in `started` to be awaited later. */
const track = <T>(started: Promise<unknown>[], promise: Promise<T>): Promise<T> => {
  started.push(promise);
  return promise;
};

/** A second reader that reads every line as `readings` says. */
const readerOf = (readings: ReturnType<typeof spread>[]): LineReader & { lines: GreyLine[] } => {
  const lines: GreyLine[] = [];
  return {
    lines,
    knows: () => true,
    async read(line) {
      const characters = readings[lines.length] ?? [];
      lines.push(line);
      return characters;
    },
    stop: async () => {},
  };
};

describe('extractor: reading a scanned page again line by line', () => {
  it('given a line with a doubtful word, when a second reader reads it, then the line is cut out with a margin and its doubtful word takes the reading the reader is sure of', async () => {
    const words = [word('TOTAL', 20, 20, 0.95), word('2642', 160, 20, 0.8), word('CASH', 20, 100, 0.96)];
    // Each line is cut out with 3 px of margin (a tenth of its height): the first line's image starts at x = 17.
    const reader = readerOf([[...spread('TOTAL', 20, 120, 17), ...spread('26.42', 160, 240, 17)], spread('CASH', 20, 100, 17)]);

    const reread = await rereadLines(pageLines(white, reader), words, noDictionary);

    expect(reread.map((each) => each.text)).to.deep.equal(['TOTAL', '26.42', 'CASH']);
    // The second line, read with confidence, is not read again.
    expect(reader.lines.map((line) => [line.width, line.height])).to.deep.equal([[226, 36]]);
  });

  it("given two doubtful lines, when the reader answers the second before the first, then the words of each line take that line's reading", async () => {
    // The lines differ in height (30 and 40 px, 36 and 48 px with their margins), which is how the reader tells them apart.
    const words = [word('2642', 20, 20, 0.8), { ...word('4BOO', 20, 100, 0.8), bottom: 140 }];
    const readingsByHeight = new Map([
      [36, spread('26.42', 20, 100, 17)],
      [48, spread('48.00', 20, 100, 16)],
    ]);
    const lines: number[] = [];
    const reader: LineReader = {
      knows: () => true,
      async read(line) {
        lines.push(line.height);
        // The first line's reading comes back last.
        await new Promise((resolve) => setTimeout(resolve, line.height === 36 ? 30 : 0));
        return readingsByHeight.get(line.height) ?? [];
      },
      stop: async () => {},
    };

    const reread = await rereadLines(pageLines(white, reader), words, noDictionary);

    expect(reread.map((each) => each.text)).to.deep.equal(['26.42', '48.00']);
    expect(lines.sort()).to.deep.equal([36, 48]);
  });

  it('given a line whose words the first engine read with confidence, then it is not read again', async () => {
    const reader = readerOf([spread('CASH', 20, 100, 17)]);

    const reread = await rereadLines(pageLines(white, reader), [word('CASH', 20, 20, 0.97)], noDictionary);

    expect(reread.map((each) => each.text)).to.deep.equal(['CASH']);
    expect(reader.lines).to.have.length(0);
  });

  it('given lines read ahead, when the passes after add a word to one of them, then the other keeps the reading taken ahead and only the changed line is read again', async () => {
    // The lines differ in size (their margins a tenth of their height), which is how the reader tells them apart.
    const first = [word('2642', 20, 20, 0.8), { ...word('4BOO', 20, 100, 0.8), bottom: 140 }];
    const readingsBySize = new Map([
      ['86x36', spread('26.42', 20, 100, 17)],
      ['88x48', spread('48.00', 20, 100, 16)],
      ['168x48', spread('48.00EUR', 20, 180, 16)],
    ]);
    const sizes: string[] = [];
    const reader: LineReader = {
      knows: () => true,
      async read(line) {
        sizes.push(`${line.width}x${line.height}`);
        return readingsBySize.get(`${line.width}x${line.height}`) ?? [];
      },
      stop: async () => {},
    };
    // The reads started ahead are not awaited by the rereading (a stale one is not needed); the test waits for them to tell what was read.
    const started: Promise<unknown>[] = [];
    const pageLinesOfWhite = pageLines(white, reader);
    const lines = {
      ...pageLinesOfWhite,
      read: (box: Parameters<typeof pageLinesOfWhite.read>[0]) => track(started, pageLinesOfWhite.read(box)),
    };

    readLinesAhead(lines, first);
    const reread = await rereadLines(lines, [...first, word('EUR', 120, 100, 0.8)], noDictionary);
    await Promise.all(started);

    expect(reread.map((each) => each.text)).to.deep.equal(['26.42', '48.00', 'EUR']);
    // Both lines were read ahead; the second, widened by the new word beside it, once more.
    expect(sizes.sort()).to.deep.equal(['168x48', '86x36', '88x48']);
  });

  it('given a line off the page, when it is read again, then its words stay as they were', async () => {
    const words = [word('X', 500, 500, 0.3)];

    expect(await rereadLines(pageLines(white, readerOf([spread('Y', 500, 520, 497)])), words, noDictionary)).to.deep.equal(words);
  });

  it('given a page whose OCR time runs out after its first line, when its lines are read again, then the lines left unread keep the first engine’s words', async () => {
    const words = [word('2642', 20, 20, 0.8), word('4BOO', 20, 100, 0.8)];
    const reader = readerOf([spread('26.42', 20, 100, 17), spread('48.00', 20, 100, 17)]);
    let linesLeft = 1;
    const lineTime = async <T>(read: () => Promise<T>): Promise<T | null> => (linesLeft-- > 0 ? read() : null);

    const reread = await rereadLines(pageLines(white, reader, lineTime), words, noDictionary);

    expect(reread.map((each) => each.text)).to.deep.equal(['26.42', '4BOO']);
    expect(reader.lines).to.have.length(1);
  });
});
