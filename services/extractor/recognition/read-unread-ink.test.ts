import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { readUnreadInk, readWithLayoutFirst } from './read-unread-ink.js';
import { LARGE_TYPE } from './unread-ink.js';
import type { OcrWord } from './ocr-engine.js';

/** A page with a large letter-spaced title (x 1000 to about 1430, y 93 to 150) above a line of body text. */
const page = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="white"/>' +
        '<text x="1000" y="150" font-family="sans-serif" font-size="80" letter-spacing="16">INVOICE</text>' +
        '<text x="100" y="400" font-family="sans-serif" font-size="24">Lorem ipsum dolor sit amet</text></svg>',
    ),
  )
    .png()
    .toBuffer();

const BODY: OcrWord = { text: 'Lorem', left: 95, top: 377, right: 500, bottom: 407, confidence: 0.95 };
const MORE_BODY: OcrWord = { ...BODY, text: 'ipsum', top: 417, bottom: 447 };
/** What OCR made of the title on the page: bars and single letters. */
const SCATTERED: OcrWord[] = ['|', 'N', 'V', 'E'].map((text, index) => ({
  text,
  left: 1000 + index * 100,
  top: 93,
  right: 1040 + index * 100,
  bottom: 150,
  confidence: 0.93,
}));

/** OCR of a cut-out region: `text` across the middle of the cut-out, at its own coordinates. */
const readingAcrossTheMiddle =
  (text: string, confidence: number, cutOuts: { width: number; height: number }[] = []) =>
  async (png: Buffer): Promise<OcrWord[]> => {
    const { width, height } = await sharp(png).metadata();
    cutOuts.push({ width: width!, height: height! });
    return [
      {
        text,
        left: Math.round(width! * 0.1),
        top: Math.round(height! * 0.25),
        right: Math.round(width! * 0.9),
        bottom: Math.round(height! * 0.75),
        confidence,
      },
    ];
  };

describe('extractor: reading ink no word covers', () => {
  it('given a title the page’s OCR made single letters of, when its ink is read on its own with confidence, then its words replace the letters, placed on the page', async () => {
    const cutOuts: { width: number; height: number }[] = [];

    const words = await readUnreadInk(
      async () => decodePageRaster(await page()),
      [BODY, ...SCATTERED],
      readingAcrossTheMiddle('INVOICE', 0.96, cutOuts),
      LARGE_TYPE,
    );

    expect(cutOuts).to.have.length(1);
    expect(words.map((word) => word.text)).to.deep.equal(['Lorem', 'INVOICE']);
    const title = words[1]!;
    expect((title.left + title.right) / 2).to.be.closeTo((1000 + 1430) / 2, 20);
    expect((title.top + title.bottom) / 2).to.be.closeTo((93 + 150) / 2, 10);
  });

  it('given a word the page has read already, when the cut-out around the title reads it again, then it is not added twice', async () => {
    const read = { text: 'Rechnung', left: 850, top: 30, right: 1000, bottom: 80, confidence: 0.95 };
    // The cut-out reaches up and left of the title, over the end of the word read already.
    const readAgain = async (png: Buffer) => {
      const { width, height } = await sharp(png).metadata();
      return [
        { text: 'Rechnung', left: 0, top: 0, right: Math.round(width! * 0.1), bottom: Math.round(height! * 0.2), confidence: 0.9 },
        {
          text: 'INVOICE',
          left: Math.round(width! * 0.1),
          top: Math.round(height! * 0.25),
          right: Math.round(width! * 0.9),
          bottom: Math.round(height! * 0.75),
          confidence: 0.96,
        },
      ];
    };

    const words = await readUnreadInk(async () => decodePageRaster(await page()), [BODY, MORE_BODY, read], readAgain, LARGE_TYPE);

    expect(words.map((word) => word.text)).to.deep.equal(['Lorem', 'ipsum', 'Rechnung', 'INVOICE']);
  });

  it('given a title read on its own with little confidence (a logo, a signature), when it is read, then the page keeps its words', async () => {
    const words = [BODY, ...SCATTERED];

    expect(
      await readUnreadInk(async () => decodePageRaster(await page()), words, readingAcrossTheMiddle('INVOICE', 0.5), LARGE_TYPE),
    ).to.deep.equal(words);
  });

  it('given a confident reading without a word of three letters or digits, when it is read, then the page keeps its words', async () => {
    const words = [BODY, ...SCATTERED];

    expect(
      await readUnreadInk(async () => decodePageRaster(await page()), words, readingAcrossTheMiddle('Il', 0.95), LARGE_TYPE),
    ).to.deep.equal(words);
  });

  it('given a page whose ink words cover, when unread ink is read, then nothing is read again', async () => {
    const words = [BODY, { text: 'INVOICE', left: 1000, top: 93, right: 1430, bottom: 150, confidence: 0.96 }];

    expect(
      await readUnreadInk(
        async () => decodePageRaster(await page()),
        words,
        () => Promise.reject(new Error('no OCR expected')),
        LARGE_TYPE,
      ),
    ).to.equal(words);
  });
});

describe('extractor: reading a cut-out with page layout analysis first', () => {
  const word = (text: string, confidence: number): OcrWord => ({ text, left: 0, top: 0, right: 10, bottom: 10, confidence });
  const reading = (words: OcrWord[], calls: string[], name: string) => async () => {
    calls.push(name);
    return words;
  };

  it('given layout analysis reads the cut-out with confidence, when it is read, then that reading is kept without its doubtful words', async () => {
    const calls: string[] = [];
    const read = readWithLayoutFirst(
      reading([word('Warenwert', 0.91), word('netto', 0.92), word('SGT', 0.1)], calls, 'layout'),
      reading([word('[saw', 0.03)], calls, 'one block'),
    );

    expect((await read(Buffer.alloc(0))).map((found) => found.text)).to.deep.equal(['Warenwert', 'netto']);
    expect(calls).to.deep.equal(['layout']);
  });

  it('given layout analysis finds nothing confident, when it is read, then the reading as one block is taken', async () => {
    const calls: string[] = [];
    const read = readWithLayoutFirst(reading([], calls, 'layout'), reading([word('9,99', 0.96), word('|', 0.4)], calls, 'one block'));

    expect((await read(Buffer.alloc(0))).map((found) => found.text)).to.deep.equal(['9,99']);
    expect(calls).to.deep.equal(['layout', 'one block']);
  });
});
