import { expect } from 'chai';
import { unitPriceOf } from './unit-price.js';

describe('unitPriceOf', () => {
  it('divides the price by its base quantity when that gives the line amount', () => {
    expect(unitPriceOf({ price: '549', baseQuantity: '100', quantity: '20', lineAmount: '109.80' })).to.equal('5.49');
    // XRechnung 03.05a: a yearly fee charged for 31 of 366 days.
    expect(unitPriceOf({ price: '386.52', baseQuantity: '366', quantity: '31', lineAmount: '32.74' })).to.equal('1.0561');
  });

  it('takes the price as it stands when the base quantity is the invoiced quantity and only the price gives the line amount (Odoo)', () => {
    expect(unitPriceOf({ price: '10.00', baseQuantity: '15', quantity: '15', lineAmount: '150.00' })).to.equal('10.00');
  });

  it('keeps the price over its base quantity when the line amount agrees with neither reading, or is not known', () => {
    expect(unitPriceOf({ price: '10.00', baseQuantity: '15', quantity: '15', lineAmount: '135.00' })).to.equal('0.6667');
    expect(unitPriceOf({ price: '10.00', baseQuantity: '15', quantity: '15', lineAmount: null })).to.equal('0.6667');
  });

  it('takes the price of one unit as it stands', () => {
    expect(unitPriceOf({ price: '3.3333', baseQuantity: null, quantity: '3', lineAmount: '10.00' })).to.equal('3.3333');
    expect(unitPriceOf({ price: '42.00', baseQuantity: '1', quantity: '1', lineAmount: '42.00' })).to.equal('42.00');
  });
});
