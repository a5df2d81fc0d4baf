import { expect } from 'chai';
import { dropSpecks } from './drop-specks.js';

/** A word `text` at `left`, on the line starting at `top`, 25 pixels high and 18 per character. */
const word = (text: string, left: number, top: number, size: { width?: number; height?: number } = {}) => {
  const height = size.height ?? 25;
  return { text, left, right: left + (size.width ?? text.length * 18), top, bottom: top + height, confidence: 0.9 };
};

/** A speck of dust read as a word: a few pixels each way. */
const speck = (text: string, left: number, top: number) => word(text, left, top, { width: 3, height: 3 });

describe('extractor: dropping the specks OCR reads as words', () => {
  const lines = [
    word('Rechnung', 100, 100),
    word('Nr.', 260, 100),
    word('2026-17', 330, 100),
    word('Total', 100, 160),
    word('CHF', 220, 160),
    word('1081.00', 300, 160),
  ];

  it('drops specks between the lines and in the margins', () => {
    const words = [...lines, speck(':', 40, 140), speck('i', 600, 130), speck('|', 900, 400), speck('.', 200, 60)];

    expect(dropSpecks(words)).to.deep.equal(lines);
  });

  it('keeps a small mark between two words of a line: a separator, not dust', () => {
    const separator = word('·', 205, 110, { width: 6, height: 6 });
    const words = [word('Seestrasse', 0, 100), word('22', 190, 100), word('3011', 225, 100), separator];

    expect(dropSpecks(words)).to.include(separator);
  });

  it('keeps punctuation and short words of normal size', () => {
    const words = [...lines, word('%', 500, 100), word('-', 560, 110, { width: 10, height: 4 }), word('1', 620, 100, { width: 6 })];

    expect(dropSpecks(words)).to.deep.equal(words);
  });

  it('leaves a page without words empty', () => {
    expect(dropSpecks([])).to.deep.equal([]);
  });
});
