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
});
