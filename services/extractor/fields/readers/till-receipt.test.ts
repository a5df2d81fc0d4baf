import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { isTillReceipt, readTillReceipt } from './till-receipt.js';

const documentOf = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);

describe('extractor: till receipts', () => {
  it('knows a "TAX INVOICE" a till printed by its cashier, tender and change lines', () => {
    const receipt = documentOf([
      'SAM SAM TRADING CO',
      'TAX INVOICE',
      'Cashier: SAM',
      'TOTAL  RM 14.10',
      'CASH  RM 20.00',
      'CHANGE  RM 5.90',
    ]);

    expect(isTillReceipt(receipt, false)).to.equal(true);
    expect(readTillReceipt(receipt, false)?.total).to.include({ value: '14.10', confirmed: true });
  });

  it('leaves an invoice to the invoice readers', () => {
    const invoice = documentOf(['Muster AG', 'Rechnung Nr. 12', 'Total CHF 120.00', 'Zahlbar innert 30 Tagen', 'Vielen Dank! Thank you']);

    expect(readTillReceipt(invoice, false)).to.equal(null);
  });
});
