import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import type { OcrWord } from './ocr-engine.js';
import { BODY_TYPE, LARGE_TYPE, unreadInkRegions } from './unread-ink.js';

const WORD_HEIGHT = 30;
/** A letter-spaced title in 80 px capitals (about 57 px, nearly 2 word heights high), from x 1000 to about 1430, y 93 to 150. */
const TITLE = '<text x="1000" y="150" font-family="sans-serif" font-size="80" letter-spacing="16" fill="#333">INVOICE</text>';
const TITLE_BOX = { left: 1000, top: 93, right: 1430, bottom: 150 };
const BODY_LINES = 8;
const BODY = Array.from(
  { length: BODY_LINES },
  (_, line) => `<text x="100" y="${400 + line * 40}" font-family="sans-serif" font-size="24">Lorem ipsum dolor sit amet</text>`,
).join('');
/** The body text as OCR read it: a box over each line, a typical word height high. */
const BODY_WORDS: OcrWord[] = Array.from({ length: BODY_LINES }, (_, line) => ({
  text: 'Lorem',
  left: 95,
  top: 400 + line * 40 - 23,
  right: 500,
  bottom: 400 + line * 40 + 7,
  confidence: 0.95,
}));

const pageRaster = async (...shapes: string[]) =>
  decodePageRaster(
    await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="100%" height="100%" fill="white"/>${BODY}${shapes.join('')}</svg>`,
      ),
    )
      .png()
      .toBuffer(),
  );

const letter = (text: string, left: number): OcrWord => ({ text, left, top: 93, right: left + 40, bottom: 150, confidence: 0.95 });

describe('extractor: finding ink no word read covers', () => {
  it('given a large title no word box covers, when unread ink is looked for, then the title’s line is found', async () => {
    const [region, ...others] = unreadInkRegions(await pageRaster(TITLE), BODY_WORDS, LARGE_TYPE);

    expect(others).to.deep.equal([]);
    for (const side of ['left', 'top', 'right', 'bottom'] as const)
      expect(region![side], side).to.be.closeTo(TITLE_BOX[side], WORD_HEIGHT / 3);
  });

  it('given a title OCR read as scattered single letters, when unread ink is looked for, then the whole title is found', async () => {
    const scattered = [letter('|', 1000), letter('N', 1050), letter('V', 1125), letter('E', 1380)];

    const [region] = unreadInkRegions(await pageRaster(TITLE), [...BODY_WORDS, ...scattered], LARGE_TYPE);

    expect(region!.left).to.be.closeTo(TITLE_BOX.left, WORD_HEIGHT / 3);
    expect(region!.right).to.be.closeTo(TITLE_BOX.right, WORD_HEIGHT / 3);
  });

  it('given a title OCR read, when unread ink is looked for, then nothing is found', async () => {
    const title = { text: 'INVOICE', ...TITLE_BOX, confidence: 0.96 };

    expect(unreadInkRegions(await pageRaster(TITLE), [...BODY_WORDS, title], LARGE_TYPE)).to.deep.equal([]);
  });

  it('given a horizontal and a vertical rule, when unread ink is looked for, then neither is taken for type', async () => {
    const rules = ['<rect x="100" y="300" width="1400" height="4"/>', '<rect x="800" y="400" width="4" height="150"/>'];

    expect(unreadInkRegions(await pageRaster(...rules), BODY_WORDS, LARGE_TYPE)).to.deep.equal([]);
  });

  it('given a square blob (a logo), when unread ink is looked for, then it is not taken for type', async () => {
    const logo = '<rect x="1300" y="600" width="120" height="120"/><circle cx="1360" cy="660" r="40" fill="white"/>';

    expect(unreadInkRegions(await pageRaster(logo), BODY_WORDS, LARGE_TYPE)).to.deep.equal([]);
  });

  it('given a filled bar as wide as a table, when unread ink is looked for, then it is not taken for type', async () => {
    const bar = '<rect x="100" y="700" width="1400" height="70"/>';

    expect(unreadInkRegions(await pageRaster(bar), BODY_WORDS, LARGE_TYPE)).to.deep.equal([]);
  });

  it('given small text covered by word boxes only, when unread ink is looked for, then nothing is found', async () => {
    expect(unreadInkRegions(await pageRaster(), BODY_WORDS, LARGE_TYPE)).to.deep.equal([]);
  });

  it('given a line of body-sized text no word covers, when unread ink is looked for, then it is not taken for large type', async () => {
    const unread = '<text x="900" y="450" font-family="sans-serif" font-size="24">Lorem ipsum dolor sit amet</text>';

    expect(unreadInkRegions(await pageRaster(unread), BODY_WORDS, LARGE_TYPE)).to.deep.equal([]);
  });

  it('given a ruled box whose rows no word covers, when unread body type is looked for, then each row is one region, its cells together', async () => {
    const box =
      '<rect x="900" y="600" width="600" height="100" fill="none" stroke="black" stroke-width="3"/>' +
      '<line x1="900" y1="650" x2="1500" y2="650" stroke="black" stroke-width="3"/><line x1="1300" y1="600" x2="1300" y2="700" stroke="black" stroke-width="3"/>' +
      '<text x="920" y="635" font-family="sans-serif" font-size="24">Net amount</text><text x="1320" y="635" font-family="sans-serif" font-size="24">5 486,64</text>' +
      '<text x="920" y="685" font-family="sans-serif" font-size="24">VAT 20%</text><text x="1320" y="685" font-family="sans-serif" font-size="24">1 097,33</text>';

    const rows = unreadInkRegions(await pageRaster(box), BODY_WORDS, BODY_TYPE).sort((a, b) => a.top - b.top);

    expect(rows).to.have.length(2);
    for (const row of rows) {
      expect(row.left).to.be.closeTo(920, WORD_HEIGHT / 2);
      expect(row.right).to.be.closeTo(1430, WORD_HEIGHT);
    }
    expect(rows[0]!.bottom).to.be.below(650);
    expect(rows[1]!.top).to.be.above(650);
  });

  it('given a large title no word covers, when unread body type is looked for, then it is left to the large type’s search', async () => {
    expect(unreadInkRegions(await pageRaster(TITLE), BODY_WORDS, BODY_TYPE)).to.deep.equal([]);
  });

  it('given a page without words read, when unread ink is looked for, then nothing is found: there is no type size to judge by', async () => {
    expect(unreadInkRegions(await pageRaster(TITLE), [], LARGE_TYPE)).to.deep.equal([]);
  });
});
