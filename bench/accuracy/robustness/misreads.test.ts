import { expect } from 'chai';
import { isDigit, misread } from './misreads.js';

describe('misread: one character read as another of like shape', () => {
  it('reads the first character OCR confuses as its look-alike', () => {
    expect(misread('Basel', 0)).to.equal('8asel');
  });

  it('misreads the next such place on the next try, counting round', () => {
    expect([0, 1, 2].map((nth) => misread('130', nth))).to.deep.equal(['l30', '13O', 'l30']);
  });

  it('may read one letter as two ("m" as "rn")', () => {
    expect(misread('GmbH', 0, (character) => character === 'm')).to.equal('GrnbH');
  });

  it("changes only the characters asked for (a house number's digits, not its letter)", () => {
    expect(misread('12a', 1, isDigit)).to.equal('1Za');
  });

  it('gives nothing where no character is one OCR confuses', () => {
    expect(misread('XYZ', 0)).to.equal(null);
    expect(misread('Str.', 0, isDigit)).to.equal(null);
  });
});
