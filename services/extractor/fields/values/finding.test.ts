import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { boxOf, foundAt, spanOf } from './finding.js';

// One text-layer piece holding two words, and a word read by OCR less surely.
const document = toDocumentText([
  {
    pageNumber: 3,
    text: 'Total CHF   1081.00',
    confidence: 0.8,
    words: [
      { text: 'Total CHF', box: [0.1, 0.5, 0.19, 0.52], confidence: 0.9 },
      { text: '1081.00', box: [0.3, 0.5, 0.37, 0.52], confidence: 0.6 },
    ],
  },
]);
const line = document.lines[0]!;

describe('extractor: where a finding is printed', () => {
  it('lays the line out from the words, keeping which characters each word occupies', () => {
    expect(line.text).to.match(/^ *Total CHF +1081\.00$/);
    expect(line.words.map((word) => line.text.slice(word.start, word.end))).to.deep.equal(['Total CHF', '1081.00']);
  });

  it('boxes the characters read, taking a share of a piece that holds more words', () => {
    const amount = line.text.indexOf('1081.00');
    const currency = line.text.indexOf('CHF');

    expect(boxOf([spanOf(line, amount, amount + 7)])).to.deep.equal([0.3, 0.5, 0.37, 0.52]);
    expect(boxOf([spanOf(line, currency, currency + 3)])).to.deep.equal([0.16, 0.5, 0.19, 0.52]);
  });

  it('scales the confidence by how well its words were read, and notes its page', () => {
    const amount = line.text.indexOf('1081.00');

    expect(foundAt('1081.00', 0.9, [spanOf(line, amount, amount + 7)])).to.deep.include({ page: 3, confidence: 0.9 * 0.6 });
  });

  it('has no box for text recorded without word boxes, and the page’s confidence for its legibility', () => {
    const [plain] = toDocumentText([{ pageNumber: 1, text: 'Total CHF 1081.00', confidence: 0.8 }]).lines;

    expect(foundAt('1081.00', 0.9, [spanOf(plain!, 10, 17)])).to.deep.equal({
      value: '1081.00',
      confidence: 0.9 * 0.8,
      page: 1,
      box: null,
    });
  });
});
