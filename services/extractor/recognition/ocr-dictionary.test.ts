import { expect } from 'chai';
import { ocrDictionary } from './ocr-dictionary.js';

describe('extractor: the dictionaries of the OCR languages', () => {
  it('given German and English, knows their words in any case and not another language’s', () => {
    const isWord = ocrDictionary(['deu', 'eng']);

    expect([isWord('Anzahl'), isWord('RECEIPT'), isWord('Anzahi'), isWord('fattura')]).to.deep.equal([true, true, false, false]);
  });

  it('given a language without a dictionary here, knows no word of it', () => {
    expect(ocrDictionary(['chi_sim'])('Total')).to.equal(false);
  });
});
