import { expect } from 'chai';
import type { Finding } from '../values/finding.js';
import { emptyLineItemValue, type ItemFinding } from '../readers/item-finding.js';
import { untaxedItemTotal } from './untaxed-item-total.js';

const item = (amount: string | null): ItemFinding => ({
  value: { ...emptyLineItemValue('Small Business QualityExchange'), quantity: '1', amount_unit: amount, amount_total: amount },
  fields: {},
});
const total = (value: string): Finding<string> => ({ value, confidence: 0.9, page: 1, box: [400, 700, 460, 712] });

describe('extractor: totals of items priced and charged without tax', () => {
  it('given net items adding up to the total, then the total is net and gross and the tax is zero', () => {
    const found = untaxedItemTotal([item('3.89'), item('5.39'), item('25.45')], false, total('34.73'));
    expect(found?.details).to.deep.equal({
      gross_amount_total: '34.73',
      tax_amount_total: '0.00',
      net_amount_total: '34.73',
      partial_amounts: [],
    });
    expect(found?.evidence['accounting_document.amount_details.net_amount_total']?.source).to.deep.equal({
      kind: 'derived',
      from: ['accounting_document.items', 'accounting_document.including_tax'],
    });
  });

  it('given items off the total by a cent, or one without an amount, then nothing', () => {
    expect(untaxedItemTotal([item('3.89'), item('30.83')], false, total('34.73'))).to.equal(null);
    expect(untaxedItemTotal([item('34.73'), item(null)], false, total('34.73'))).to.equal(null);
  });

  it('given items including tax or not declared either way, then nothing', () => {
    expect(untaxedItemTotal([item('34.73')], true, total('34.73'))).to.equal(null);
    expect(untaxedItemTotal([item('34.73')], null, total('34.73'))).to.equal(null);
  });
});
