import { expect } from 'chai';
import { codeAsPrinted } from './article-codes.js';

describe('extractor: article codes OCR misread', () => {
  it('reads letters that look like digits as digits where another code shows the letters before them', () => {
    expect(codeAsPrinted('ARTS249', ['P411356-97', 'ARTS249', 'ART61104'])).to.equal('ART5249');
    expect(codeAsPrinted('ARTSS326', ['9033', 'ARTSS326', 'ART4665'])).to.equal('ART55326');
    expect(codeAsPrinted('PS36379-73', ['P1942', 'PS36379-73'])).to.equal('P536379-73');
  });

  it('leaves a code no other code shows the scheme of, and letters that look like no digit', () => {
    expect(codeAsPrinted('ARTS249', ['P411356-97', 'ARTS249'])).to.equal('ARTS249');
    expect(codeAsPrinted('ARTX249', ['ARTX249', 'ART61104'])).to.equal('ARTX249');
    expect(codeAsPrinted('S1234', ['S1234', '5944'])).to.equal('S1234');
    expect(codeAsPrinted('A4005', ['A4005', 'ART61104'])).to.equal('A4005');
    // A bar before the digits may be a rule or a speck as well as a 1.
    expect(codeAsPrinted('ARTI175530-51', ['ART2231', 'ARTI175530-51'])).to.equal('ARTI175530-51');
  });
});
