import { expect } from 'chai';
import type { TextLine } from './document-text.js';
import { findLineNumbers } from './line-numbers.js';

const lineOf = (pieces: string[]): TextLine => {
  const text = pieces.join('');
  let start = 0;
  const words = pieces.map((piece) => {
    const word = { start, end: start + piece.length, box: [0, 0, 0, 0] as [number, number, number, number], confidence: null };
    start += piece.length;
    return word;
  });
  return { page: 1, index: 0, text, segments: [{ text, start: 0, end: text.length }], words, legibility: 1 };
};

describe('extractor: the numbers of a laid-out line', () => {
  it('reads two printed words that touch as two numbers', () => {
    const line = lineOf(['Umsatzsteuer 19 % von 4.301,36', '817,26 EUR']);

    expect(findLineNumbers(line).map((number) => number.value)).to.deep.equal(['19', '4301.36', '817.26']);
  });

  it('reads a line without touching words as findNumbers does', () => {
    const line = lineOf(["Total  1'234.50"]);

    expect(findLineNumbers(line).map((number) => number.value)).to.deep.equal(['1234.50']);
  });
});
