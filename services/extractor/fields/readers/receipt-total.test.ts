import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findReceiptTotal } from './receipt-total.js';

const totalOf = (lines: string[]) => {
  const found = findReceiptTotal(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
  return found && { value: found.value, confirmed: found.confirmed };
};

describe('extractor: a till receipt’s total', () => {
  it('takes the rounded total that cash − change confirms over the total before rounding', () => {
    expect(
      totalOf([
        'Item(s) : 4              Qty(s) : 4',
        'TOTAL                    RM 33.92',
        'ROUNDING ADJUSTMENT      -RM 0.02',
        'TOTAL ROUNDED            RM 33.90',
        'CASH                     RM 50.00',
        'CHANGE                   RM 16.10',
      ]),
    ).to.deep.equal({ value: '33.90', confirmed: true });
  });

  it('takes the total + rounding adjustment when the rounded total printed below disagrees with it, unconfirmed where the adjustment is 0.00 (either may be the misread)', () => {
    expect(totalOf(['Total            9.00', 'Rounding Adjustment   0.00', 'Rounded Total (RM):   9.60', 'THANK YOU'])).to.deep.equal({
      value: '9.00',
      confirmed: false,
    });
    expect(totalOf(['Total            9.00', 'Rounding Adjustment   0.00', 'Rounded Total (RM):   9.00', 'THANK YOU'])).to.deep.equal({
      value: '9.00',
      confirmed: true,
    });
  });

  it('reads a tender printed as a deduction', () => {
    expect(totalOf(['Total RM Including GST 6%   13.30', 'Total Rounded   73.30', 'Cash   -73.30', 'No. of Items   5'])).to.deep.equal({
      value: '73.30',
      confirmed: true,
    });
  });

  it('finds the total line whose label OCR garbled by cash − change', () => {
    expect(
      totalOf([
        'Total Sales (Excluding GST) :    31.03',
        'Total GST :       1.65',
        'T»tal Sales (Inclusive of GST) ;    32.70',
        'CASH :       40.00',
        'Change :        7.30',
      ]),
    ).to.deep.equal({ value: '32.70', confirmed: true });
  });

  it('passes over subtotals, tax and quantity totals, and the tax summary printed after the tender', () => {
    expect(
      totalOf([
        'Total Qty. :    2                   52.00',
        'SUB-TOTAL (EX)          :           52.00',
        'TOTAL TAX                            3.12',
        'NETT TOTAL                          55.10',
        'CASH                                60.00',
        'CHANGE                               4.90',
        'GST SUMMARY',
        'TOTAL:                   52.00       3.12',
      ]),
    ).to.deep.equal({ value: '55.10', confirmed: true });
  });

  it('without a tender, prefers a final total label to a plain one, unconfirmed', () => {
    expect(totalOf(['TOTAL  14.10', 'GRAND TOTAL  14.10', 'PAID BY CARD'])).to.deep.equal({ value: '14.10', confirmed: false });
  });

  it('takes what was tendered where it is a total plus the rounding adjustment printed above it, and knows the total rounded', () => {
    const found = findReceiptTotal(
      toDocumentText([
        {
          pageNumber: 1,
          text: [
            'Total Sales (Excluding GST) :  96.00',
            'Total GST :     5.76',
            'Rounding :    -0.01',
            'Total Sales (Inclusive of GST) :  101.76',
            'CASH :     101.75',
            'Change :       0.00',
          ].join('\n'),
        },
      ]),
    );
    expect(found).to.include({ value: '101.75', confirmed: true, rounded: true });
  });

  it('does not take a tax amount for the total a misread tender happens to equal', () => {
    expect(totalOf(['Total Sales : 40.00', 'Total GST :  2.40', 'CASH :  50.00', 'CHANGE :  47.60'])).to.deep.equal({
      value: '40.00',
      confirmed: false,
    });
  });

  it('takes a line labelled as the rounding that is the total rounded, where OCR garbled the adjustment above it', () => {
    expect(
      totalOf(['Total Sales (Inclusive GST) RM   45.34', 'Rounding Adjustment RM   ‚01', 'Rounding RM   45.35', 'CHANGE RM   .00']),
    ).to.deep.equal({ value: '45.35', confirmed: false });
  });

  it('takes no total for an adjustment of the rounding, however large OCR read it', () => {
    expect(totalOf(['TOTAL   12.30', 'Rounding   12.35', 'CASH   20.00', 'CHANGE   7.65'])).to.deep.equal({
      value: '12.35',
      confirmed: true,
    });
    expect(totalOf(['TOTAL   12.30', 'Rounding Adj   5.00', 'CASH   20.00', 'CHANGE   2.70'])).to.deep.equal({
      value: '12.30',
      confirmed: false,
    });
  });

  it('knows a total a few cents off a total printed above it, where the till prints a rounding line, as the sum after rounding', () => {
    const found = findReceiptTotal(
      toDocumentText([{ pageNumber: 1, text: ['Total Sales   45.34', 'Rounding Adjustment   ‚01', 'Rounding RM   45.35'].join('\n') }]),
    );
    expect(found).to.include({ value: '45.35', afterRounding: true });
    expect(findReceiptTotal(toDocumentText([{ pageNumber: 1, text: 'TOTAL   14.10\nCASH   20.00\nCHANGE   5.90' }]))).to.include({
      afterRounding: false,
    });
  });
});
