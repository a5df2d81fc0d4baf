import { expect } from 'chai';
import { crossCheck } from './cross-check.js';
import type { SwissQrBill } from './swiss-qr-bill.js';

const bill: SwissQrBill = {
  account: 'CH4431999123000889012',
  isQrIban: true,
  creditor: {
    type: 'structured',
    name: 'Robert Schneider AG',
    street: null,
    houseNumber: null,
    postalCode: '2501',
    town: 'Biel',
    country: 'CH',
  },
  ultimateCreditor: null,
  amount: '1949.75',
  currency: 'CHF',
  ultimateDebtor: null,
  referenceType: 'QRR',
  reference: '210000000003139471430009017',
  unstructuredMessage: null,
  billInformation: null,
  alternativeSchemes: [],
};

const agreeing = { ibans: ['CH93 0076 2011 6238 5295 7', 'CH44 3199 9123 0008 8901 2'], amountTotal: '1949.75', currency: 'CHF' };

describe('swiss payments: cross-checking the QR code against the print', () => {
  it('finds no problem when the account is printed (in any grouping) and amount and currency agree', () => {
    expect(crossCheck(bill, agreeing)).to.deep.equal([]);
  });

  it('reports an account printed nowhere on the document', () => {
    expect(crossCheck(bill, { ...agreeing, ibans: ['CH9300762011623852957'] })).to.deep.equal([
      { code: 'qr_iban_differs', qr: 'CH4431999123000889012', printed: 'CH9300762011623852957' },
    ]);
  });

  it('reports another total, comparing amounts as numbers', () => {
    expect(crossCheck(bill, { ...agreeing, amountTotal: '1949.750' })).to.deep.equal([]);
    expect(crossCheck(bill, { ...agreeing, amountTotal: '1994.75' })).to.deep.equal([
      { code: 'qr_amount_differs', qr: '1949.75', printed: '1994.75' },
    ]);
    expect(crossCheck({ ...bill, amount: '100.00' }, { ...agreeing, amountTotal: '10.00' })).to.have.length(1);
  });

  it('reports another currency', () => {
    expect(crossCheck(bill, { ...agreeing, currency: 'EUR' })).to.deep.equal([{ code: 'qr_currency_differs', qr: 'CHF', printed: 'EUR' }]);
  });

  it('reports every contradiction at once', () => {
    const problems = crossCheck(bill, { ibans: ['CH9300762011623852957'], amountTotal: '12.00', currency: 'EUR' });

    expect(problems.map((problem) => problem.code)).to.deep.equal(['qr_iban_differs', 'qr_amount_differs', 'qr_currency_differs']);
  });

  it('finds no contradiction in what either side leaves open', () => {
    expect(crossCheck(bill, { ibans: [], amountTotal: null, currency: null })).to.deep.equal([]);
    expect(crossCheck({ ...bill, amount: null }, agreeing)).to.deep.equal([]);
  });
});
