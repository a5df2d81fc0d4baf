import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { withAmountsBelowLabels } from './amount-below-label.js';

const linesOf = (lines: string[]) =>
  withAmountsBelowLabels(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).lines.map((line) => line.text);

describe('extractor: a till label’s amount set on the line below', () => {
  it('given a label ending in a colon over a line of nothing but an amount, when read, then one line and a blank one', () => {
    expect(linesOf(['  CHANGE :', '        7.30', 'THANK YOU'])).to.deep.equal(['  CHANGE : 7.30', '', 'THANK YOU']);
    expect(linesOf(['TOTAL SALES (INCLUSIVE OF GST) :', '   RM 32.70'])).to.deep.equal(['TOTAL SALES (INCLUSIVE OF GST) : RM 32.70', '']);
  });

  it('given a label with its amount, a line without a colon, or more than an amount below, when read, then the lines as printed', () => {
    const printed = ['CASH :   40.00', '   7.30', 'TOTAL QTY', '   25.00', 'DATE :', '12/03/2018 10:15'];
    expect(linesOf(printed)).to.deep.equal(printed);
  });
});
