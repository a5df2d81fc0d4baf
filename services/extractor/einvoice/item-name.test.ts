import { expect } from 'chai';
import { splitItemName } from './item-name.js';

describe('splitItemName', () => {
  it('takes off one of the line’s ids printed before the name in brackets, parentheses or asterisks', () => {
    expect(splitItemName('[FURN_7777] Office Chair', ['FURN_7777'])).to.deep.equal({ title: 'Office Chair', itemId: 'FURN_7777' });
    expect(splitItemName('*987123* Olive Oil', ['LUX_TRF', '987123'])).to.deep.equal({ title: 'Olive Oil', itemId: '987123' });
    expect(splitItemName('(4711)Schrauben M6', ['4711'])).to.deep.equal({ title: 'Schrauben M6', itemId: '4711' });
  });

  it('keeps leading brackets that hold no id of the line', () => {
    expect(splitItemName('[Sale] Office Chair', ['FURN_7777'])).to.deep.equal({ title: '[Sale] Office Chair', itemId: null });
    expect(splitItemName('(2x) Tyres', [])).to.deep.equal({ title: '(2x) Tyres', itemId: null });
    expect(splitItemName('[FURN_7777 Office Chair', ['FURN_7777'])).to.deep.equal({ title: '[FURN_7777 Office Chair', itemId: null });
    expect(splitItemName('Office Chair [FURN_7777]', ['FURN_7777'])).to.deep.equal({ title: 'Office Chair [FURN_7777]', itemId: null });
  });

  it('keeps a name that is nothing but the id', () => {
    expect(splitItemName('[FURN_7777]', ['FURN_7777'])).to.deep.equal({ title: '[FURN_7777]', itemId: null });
  });
});
