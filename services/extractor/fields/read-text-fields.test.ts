import { expect } from 'chai';
import { toDocumentText } from './layout/document-text.js';
import { readTextFields } from './read-text-fields.js';

const totalOf = (lines: string[]) => {
  const { data } = readTextFields(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
  return { value: data.accountingDocument.amount_total, confidence: data.evidence['accounting_document.amount_total']?.confidence ?? null };
};

describe('extractor: the text’s fields, a till receipt’s total', () => {
  it('given a till receipt whose till lines give no total, then the invoice reader’s total, less sure than on another document', () => {
    const onTill = totalOf(['CASHIER : 123', 'Rechnungsbetrag   12.00', 'THANK YOU, PLEASE COME AGAIN']);
    const elsewhere = totalOf(['Rechnung Nr. 17', 'Rechnungsbetrag   12.00']);
    expect(onTill.value).to.equal('12.00');
    expect(elsewhere.value).to.equal('12.00');
    expect(onTill.confidence).to.be.lessThan(elsewhere.confidence! * 0.7);
  });
  it('given a shop’s receipt no reader took for a till’s, whose total only a till’s reading finds, then that total, less sure', () => {
    const shop = [
      'WESTERN STATIONERY SDN. BHD',
      '42-46, JALAN PAHANG',
      '51200 KUALA LUMPUR',
      'TAX INVOICE',
      'B/W P.S A4/A3        RM1. 38',
      'GST 6%           RMO. 08',
      'TOTAL     RM1. 38',
      'GOODS SOLD ARE NOT RETURNABLE',
    ];
    const read = totalOf(shop);
    expect(read.value).to.equal('1.38');
    expect(read.confidence).to.be.below(0.65);
    expect(totalOf(shop.slice(3)).value).to.equal(null);
  });
});
