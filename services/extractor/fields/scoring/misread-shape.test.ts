import { expect } from 'chai';
import { hasMisreadShape } from './misread-shape.js';

describe('extractor: the mark of an OCR misread in a word', () => {
  it('given a letter OCR read for a digit among digits, then the word shows a misread', () => {
    for (const word of ['12O.50', "1'2l4.00", '2S0,00', '10B5', '4O0']) expect(hasMisreadShape(word), word).to.equal(true);
  });

  it('given a digit OCR read for a letter of a word, then the word shows a misread', () => {
    for (const word of ['5ETIA', '0FFICE', 'Stra8e', 'T0TAL', 'JAL4N']) expect(hasMisreadShape(word), word).to.equal(true);
  });

  it('given codes and words that mix letters and digits by design, then they show none', () => {
    for (const word of [
      'CH93',
      'ATU12345678',
      'CHE-116.281.710',
      'EH1',
      '1YZ',
      'B2B',
      'H2O',
      '10kg',
      '3x4',
      '1st',
      '2nd',
      'RE-2026-017',
      'Win10',
      'CO2e',
      "1'234.50",
      'Total',
      'MWST',
    ])
      expect(hasMisreadShape(word), word).to.equal(false);
  });
});
