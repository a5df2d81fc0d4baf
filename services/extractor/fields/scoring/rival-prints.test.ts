import { expect } from 'chai';
import { printsOf, rivalPrintOf } from './rival-prints.js';

const rivalIn = (group: Parameters<typeof rivalPrintOf>[0], value: string, text: string) =>
  rivalPrintOf(group, value, () => printsOf(text));

describe('extractor: rival prints of a value', () => {
  it('given a total printed again a digit otherwise, then it has a rival (one of the two prints is misread)', () => {
    expect(rivalIn('amount', '25.40', 'TOTAL 25.40\nCASH 50.00\nTOTAL RM 35.40')).to.equal(1);
  });

  it('given a total a rounding adjustment apart from another sum, then it has a rival (before or after the rounding)', () => {
    expect(rivalIn('amount', '72.95', 'SUB TOTAL 72.93\nROUNDING 0.02\nTOTAL 72.95')).to.equal(1);
  });

  it('given a total printed again alike and other amounts far from it, then it has none', () => {
    expect(rivalIn('amount', '35.40', 'BREAD 2.50\nMILK 3.50\nTOTAL 35.40\nCASH 35.40\nCHANGE 0.00')).to.equal(0);
  });

  it('given a small amount a digit from an item price, then it has none: short figures are a digit apart by chance', () => {
    expect(rivalIn('amount', '3.50', 'BREAD 2.50\nTOTAL 3.50')).to.equal(0);
  });

  it('given a date printed again a digit otherwise, then it has a rival; the same date twice, none', () => {
    expect(rivalIn('date', '2018-04-23', 'DATE 23/04/2018\nPRINTED 23/08/2018')).to.equal(1);
    expect(rivalIn('date', '2018-04-23', 'DATE 23/04/2018\n23-04-2018 10:15')).to.equal(0);
  });

  it('given a field neither an amount nor a date, then it has none', () => {
    expect(rivalIn('party_name', 'ABC TRADING', 'ABC TRADING\nABD TRADING')).to.equal(0);
  });
});
