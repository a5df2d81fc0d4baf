import { expect } from 'chai';
import { detectDecimalMark, findNumbers, parseDecimal } from './parse-number.js';

describe('extractor: reading printed numbers', () => {
  it('reads the region’s thousands and decimal separators to one decimal string', () => {
    expect(parseDecimal("1'234.50")).to.equal('1234.50');
    expect(parseDecimal('1.234,50')).to.equal('1234.50');
    expect(parseDecimal('1 234,50')).to.equal('1234.50');
    expect(parseDecimal('1,234.50')).to.equal('1234.50');
    expect(parseDecimal('12.345.678,90')).to.equal('12345678.90');
  });

  it('reads Swiss whole-franc amounts, signs and plain decimals', () => {
    expect(parseDecimal('50.-')).to.equal('50');
    expect(parseDecimal('50.--')).to.equal('50');
    expect(parseDecimal('-9,32')).to.equal('-9.32');
    expect(parseDecimal('0,75')).to.equal('0.75');
    expect(parseDecimal('0.125')).to.equal('0.125');
  });

  it('takes one separator before three digits as grouping: 1.234 and 1,234 are both 1234', () => {
    expect(parseDecimal('1.234')).to.equal('1234');
    expect(parseDecimal('1,234')).to.equal('1234');
  });

  it('reads one separator before three digits as decimals when it is the document’s decimal mark', () => {
    expect(parseDecimal('5,000', ',')).to.equal('5.000');
    expect(parseDecimal('1.234', ',')).to.equal('1234');
    expect(parseDecimal('1.234', '.')).to.equal('1.234');
    expect(parseDecimal('1.234.567', '.')).to.equal('1234567');
    expect(findNumbers('5,000 kg', ',')[0]).to.deep.include({ value: '5.000', hasDecimals: true });
  });

  it('tells the decimal mark of a document from its amounts', () => {
    expect(detectDecimalMark('Preis 27,50  Total 1.234,50')).to.equal(',');
    expect(detectDecimalMark('Price 27.50  Total 1,234.50')).to.equal('.');
    expect(detectDecimalMark('Menge 5')).to.equal(null);
  });

  it('rejects numbers whose separators contradict each other', () => {
    expect(parseDecimal('1.234.56')).to.equal(null);
    expect(parseDecimal('1,23,4')).to.equal(null);
    expect(parseDecimal('12a')).to.equal(null);
  });

  it('finds the numbers on a line, marking rates and whether a decimal part was printed', () => {
    const numbers = findNumbers("Total CHF 1'234.50 inkl. 8.1% MwSt, 3 Artikel");

    expect(numbers.map(({ value, hasDecimals, isPercentage }) => ({ value, hasDecimals, isPercentage }))).to.deep.equal([
      { value: '1234.50', hasDecimals: true, isPercentage: false },
      { value: '8.1', hasDecimals: true, isPercentage: true },
      { value: '3', hasDecimals: false, isPercentage: false },
    ]);
  });

  it('does not read digits inside dates, IBANs, ids or page counts as numbers', () => {
    expect(findNumbers('Datum 12.03.2026  IBAN DE30507500940000048567  INV/2023/03  Seite 1/2  v1.2.3')).to.deep.equal([]);
  });

  it('keeps column-separated numbers apart, but joins a single-space thousands group before a decimal comma', () => {
    expect(findNumbers('Total   1   278.61   319.00').map((number) => number.value)).to.deep.equal(['1', '278.61', '319.00']);
    expect(findNumbers('Montant 2 300,00 €').map((number) => number.value)).to.deep.equal(['2300.00']);
  });

  it('reads no number where a space before a decimal point makes it ambiguous (a misread "₹ 319.00" or 7319.00?)', () => {
    expect(findNumbers('Grand Total   7 319.00')).to.deep.equal([]);
    expect(parseDecimal('1 234.50')).to.equal(null);
  });

  it('reads a thousands mark OCR took for a colon in an amount with cents, and no time of day', () => {
    expect(findNumbers('Endbetrag   1:597,63 €   EUR 3:557.50').map((number) => number.value)).to.deep.equal(['1597.63', '3557.50']);
    expect(findNumbers('Abholung 12:30  Massstab 1:100').map((number) => number.value)).to.deep.equal(['12', '30', '1', '100']);
  });

  it('reads an amount glued to its currency code, as OCR often prints it', () => {
    expect(findNumbers("CHF1'234.50").map((number) => number.value)).to.deep.equal(['1234.50']);
  });

  it('reads an amount with cents behind a quote mark OCR read from a speck, but no year or grouped tail behind one', () => {
    expect(findNumbers("TOTAL TTC EUR   '22,65").map((number) => number.value)).to.deep.equal(['22.65']);
    expect(findNumbers("Espèces   '22,65.").map((number) => number.value)).to.deep.equal(['22.65']);
    expect(findNumbers("Sommer '22   1'234.50").map((number) => number.value)).to.deep.equal(['1234.50']);
  });

  it('reads Indian amounts grouped in lakhs and crores, with or without paise', () => {
    expect(parseDecimal('1,42,308.00')).to.equal('142308.00');
    expect(parseDecimal('12,34,56,789')).to.equal('123456789');
    expect(findNumbers('Total   1,42,308.00').map((number) => number.value)).to.deep.equal(['142308.00']);
  });

  it('given no figure with cents but several grouped in thousands, then the money has no minor units: grouped figures are money', () => {
    const yen = 'Servo gear   20   6,600   132,000\nTotal   JPY 180,000';

    expect(detectDecimalMark(yen)).to.equal('none');
    expect(detectDecimalMark('Nasi Goreng  2 x 35.000  70.000')).to.equal('none');
    expect(detectDecimalMark('Order 4412, 12 pieces')).to.equal(null);
    expect(
      findNumbers('Servo gear   20   6,600   132,000', 'none').map(({ value, hasDecimals }) => ({ value, hasDecimals })),
    ).to.deep.equal([
      { value: '20', hasDecimals: false },
      { value: '6600', hasDecimals: true },
      { value: '132000', hasDecimals: true },
    ]);
  });

  it('reads a rate with three decimals as a decimal, never as thousands', () => {
    expect(findNumbers('Sales tax 8.875%   2.19').map(({ value, isPercentage }) => ({ value, isPercentage }))).to.deep.equal([
      { value: '8.875', isPercentage: true },
      { value: '2.19', isPercentage: false },
    ]);
    expect(findNumbers('IVA 8,875 %', '.')[0]).to.deep.include({ value: '8.875', isPercentage: true });
  });
});
