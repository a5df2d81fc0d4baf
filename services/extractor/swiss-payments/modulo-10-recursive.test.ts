import { expect } from 'chai';
import { endsWithModulo10RecursiveCheckDigit, modulo10RecursiveCheckDigit } from './modulo-10-recursive.js';

describe('swiss payments: the modulo 10 recursive check digit', () => {
  it('computes the check digits of a published ESR coding line', () => {
    expect(modulo10RecursiveCheckDigit('010000394975')).to.equal(3);
    expect(modulo10RecursiveCheckDigit('12000000000023447894321689')).to.equal(9);
    expect(modulo10RecursiveCheckDigit('01000162')).to.equal(8);
  });

  it('accepts a QR reference whose last digit checks the others', () => {
    expect(endsWithModulo10RecursiveCheckDigit('210000000003139471430009017')).to.equal(true);
  });

  it('refuses a reference with one digit changed or two digits swapped', () => {
    expect(endsWithModulo10RecursiveCheckDigit('210000000003139471430009018')).to.equal(false);
    expect(endsWithModulo10RecursiveCheckDigit('120000000003139471430009017')).to.equal(false);
  });

  it('refuses anything but digits', () => {
    expect(endsWithModulo10RecursiveCheckDigit('21000000000313947143000901A')).to.equal(false);
    expect(endsWithModulo10RecursiveCheckDigit('')).to.equal(false);
  });
});
