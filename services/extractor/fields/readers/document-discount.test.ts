import { expect } from 'chai';
import { findDocumentDiscount } from './document-discount.js';
import { toDocumentText } from '../layout/document-text.js';

const discountIn = (text: string) => {
  const found = findDocumentDiscount(toDocumentText([{ pageNumber: 1, text }]));
  return found && { rate: found.rate.value, total: found.total.value };
};

describe('extractor: a discount on the whole document', () => {
  it('reads a discount whose amount is its rate of the base printed beside it', () => {
    expect(discountIn('abzgl. Sondernachlass         10%          von            147,30       -14,73')).to.deep.equal({
      rate: '10',
      total: '14.73',
    });
    expect(discountIn('Remise 5 % sur 200,00 €      -10,00 €')).to.deep.equal({ rate: '5', total: '10.00' });
  });

  it('adds up discounts at one rate over several tax rates', () => {
    const text = [
      'Rechnungsrabatt 1: 2,00% Basisbetrag: 280,00, MwSt.-% 19,0, Rabattbetrag: -5,60',
      '                  2,00% Basisbetrag: 130,70 Rabatt -2,61',
    ].join('\n');

    expect(discountIn(text)).to.deep.equal({ rate: '2', total: '8.21' });
  });

  it('reads no discount without a base that proves it, and none from a cash discount', () => {
    expect(discountIn('abzgl. 16,7% Rabatt   -2,00')).to.equal(null);
    expect(discountIn('2% Skonto bei Zahlung innert 10 Tagen: 2,00 von 100,00')).to.equal(null);
  });
});
