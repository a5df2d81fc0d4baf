import { expect } from 'chai';
import { isDirectDebit, paymentMethodOf } from './payment-means.js';

describe('payment means codes', () => {
  it('name the way of paying in the text extractor’s words', () => {
    expect(['10', '30', '58', '59', '48', '54', '55'].map(paymentMethodOf)).to.deep.equal([
      'cash',
      'bank_transfer',
      'bank_transfer',
      'direct_debit',
      'debit_card',
      'credit_card',
      'debit_card',
    ]);
  });

  it('name none for codes that leave the way open or name none of those methods', () => {
    expect(['1', '20', '57', 'ZZZ', ''].map(paymentMethodOf)).to.deep.equal([null, null, null, null, null]);
  });

  it('tell direct debits, whose account is the payer’s', () => {
    expect([isDirectDebit('59'), isDirectDebit('49'), isDirectDebit('58'), isDirectDebit(null)]).to.deep.equal([true, true, false, false]);
  });
});
