import { expect } from 'chai';
import { printedTwice } from './printed-twice.js';

const page = [
  'Muster Handel AG',
  'Bahnhofstrasse 12, 8001 Zürich',
  'Total CHF 1’234.50',
  'Zahlbar: 1234.50',
  'Muster Handel AG · Zürich',
].join('\n');

describe('extractor: a value printed twice', () => {
  it('given a name printed in the letterhead and again in the footer, then it is printed twice', () => {
    expect(printedTwice(page, 'Muster Handel AG')).to.equal(true);
    expect(printedTwice(page, 'MUSTER HANDEL AG')).to.equal(true);
  });

  it('given an amount printed twice with different separators, then it is printed twice', () => {
    expect(printedTwice(page, '1234.50')).to.equal(true);
  });

  it('given a value printed once, or only as part of other words, then it is not', () => {
    expect(printedTwice(page, 'Bahnhofstrasse 12')).to.equal(false);
    expect(printedTwice(`${page}\nBahnhofstrasse 1`, 'Bahnhof')).to.equal(false);
    expect(printedTwice(`${page}\n81234.50`, '1234.5')).to.equal(false);
  });

  it('given a short value or no text, then it says nothing', () => {
    expect(printedTwice('CHF\nCHF\nCHF', 'CHF')).to.equal(false);
    expect(printedTwice(page, null)).to.equal(false);
    expect(printedTwice(page, { iban: 'CH93' })).to.equal(false);
  });
});
