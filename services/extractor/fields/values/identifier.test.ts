import { expect } from 'chai';
import { readIdentifier } from './identifier.js';

describe('extractor: identifiers', () => {
  it('reads an identifier with separators inside, after punctuation, and where it ends', () => {
    expect(readIdentifier(': RE-2026-0042 vom', 1)).to.deep.equal({ value: 'RE-2026-0042', start: 2, end: 14 });
    expect(readIdentifier('B 48706', 1)?.value).to.equal('B 48706');
    expect(readIdentifier('12.03.2026', 1)).to.equal(null);
    expect(readIdentifier('Rechnung', 1)).to.equal(null);
  });

  it('closes a space OCR put on one side of a slash, and leaves a slash spaced on both sides parting two values', () => {
    expect(readIdentifier('421 /2025', 3)).to.deep.equal({ value: '421/2025', start: 0, end: 9 });
    expect(readIdentifier(' 421/ 2025  14.05.2025', 3)).to.deep.equal({ value: '421/2025', start: 1, end: 10 });
    expect(readIdentifier('1 / 2', 1)?.value).to.equal('1');
    expect(readIdentifier('; 793/2025', 3)).to.deep.equal({ value: '793/2025', start: 2, end: 10 });
  });

  it('given a year between two slashes that OCR split with a space, reads the identifier whole', () => {
    expect(readIdentifier('FA02/20 16/032649', 3)).to.deep.equal({ value: 'FA02/2016/032649', start: 0, end: 17 });
    // Two digits after a slash and a number of its own after the space: two values.
    expect(readIdentifier('FA02/15 16', 3)).to.deep.include({ value: 'FA02/15' });
  });

  it('takes no day that opens a date for an identifier: a number label beside the date, its value under it', () => {
    expect(readIdentifier('       8 settembre 2025', 1)).to.equal(null);
    expect(readIdentifier(' 8. März 2026', 1)).to.equal(null);
    expect(readIdentifier(' 8 Stück', 1)?.value).to.equal('8');
  });
});
