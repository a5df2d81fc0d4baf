import { expect } from 'chai';
import { secondReadings } from './second-readings.js';

const printedTwice = (text: string, value: unknown) => secondReadings(text, value).printedTwice;
const spelledOtherwise = (text: string, value: unknown) => secondReadings(text, value).spelledOtherwise;

const page = [
  'Muster Handel AG',
  'Bahnhofstrasse 12, 8001 Zürich',
  'Total CHF 1’234.50',
  'Zahlbar: 1234.50',
  'Muster Handel AG · Zürich',
].join('\n');

describe('extractor: other printings of a value', () => {
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

  it('given a value printed elsewhere with an accent or a space OCR lost, then it is spelt otherwise there', () => {
    const letterhead = 'Atelier Favre Sàrl\nRue du Seyon 4, 2000 Neuchâtel\nMenuiserie Favre';
    expect(spelledOtherwise(letterhead, 'Atelier Favre Sarl')).to.equal(true);
    expect(spelledOtherwise(letterhead, 'MenuiserieFavre')).to.equal(true);
    expect(spelledOtherwise(letterhead, 'Atelier Favre Sàrl')).to.equal(false);
    expect(spelledOtherwise(page, '1234.50')).to.equal(false);
  });
});
