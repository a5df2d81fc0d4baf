import { expect } from 'chai';
import { addDecimals, divideDecimals, multiplyDecimals, toDecimal } from './decimal.js';

describe('decimals', () => {
  it('rewrites printed decimals with the fraction digits asked for', () => {
    expect(toDecimal('2382', 2)).to.equal('2382.00');
    expect(toDecimal('4.0000', 2)).to.equal('4.00');
    expect(toDecimal('3.3333', 2)).to.equal('3.3333');
    expect(toDecimal('19.00')).to.equal('19');
    expect(toDecimal(' +007.50 ')).to.equal('7.5');
    expect(toDecimal('-0.00')).to.equal('0');
    expect(toDecimal('.5')).to.equal('0.5');
  });

  it('refuses anything but a plain decimal', () => {
    for (const raw of ['', '.', '1e3', '1,5', 'NaN', '12 EUR']) expect(toDecimal(raw), raw).to.equal(null);
  });

  it('adds exactly, where floats would not', () => {
    expect(addDecimals('0.1', '0.2')).to.equal('0.3');
    expect(addDecimals('113.03', '7.91')).to.equal('120.94');
    expect(addDecimals('-10.00', '1.9')).to.equal('-8.1');
  });

  it('multiplies exactly', () => {
    expect(multiplyDecimals('0.1', '0.2')).to.equal('0.02');
    expect(multiplyDecimals('15', '10.00')).to.equal('150');
    expect(multiplyDecimals('-1.5', '3.33')).to.equal('-4.995');
    expect(multiplyDecimals('0', '-7')).to.equal('0');
  });

  it('divides, rounding half away from zero', () => {
    expect(divideDecimals('10', '4', 2)).to.equal('2.5');
    expect(divideDecimals('1', '3', 4)).to.equal('0.3333');
    expect(divideDecimals('2', '3', 4)).to.equal('0.6667');
    expect(divideDecimals('-2', '3', 4)).to.equal('-0.6667');
    expect(divideDecimals('1', '0', 4)).to.equal(null);
  });
});
