import { expect } from 'chai';
import { toDocumentText } from './layout/document-text.js';
import { readTextFields } from './read-text-fields.js';

const totalOf = (lines: string[]) => {
  const { data } = readTextFields(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
  return { value: data.accountingDocument.amount_total, confidence: data.evidence['accounting_document.amount_total']?.confidence ?? null };
};

describe('extractor: the text’s fields, a till receipt’s total', () => {
  it('given a till receipt whose till lines give no total, then the invoice reader’s total, less sure than on another document', () => {
    const onTill = totalOf(['CASHIER : 123', 'Amount   12.00', 'THANK YOU, PLEASE COME AGAIN']);
    const elsewhere = totalOf(['Invoice No. 17', 'Amount   12.00']);
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

describe('extractor: the text’s fields, a gross the items add up to', () => {
  const detailsOf = (lines: string[]) =>
    readTextFields(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).data.accountingDocument.amount_details;

  it('given an invoice printing its items and one total but no net or tax, then that total as the gross where the items add up to it', () => {
    const invoice = [
      'FACTURE                                            N° FA-2015-0051',
      'Description                              Quantité     Prix unitaire       Montant',
      'Tiroir noir                                 83,00             20,00      1 660,00',
      'Bureau personnalisable                      14,40            500,00      7 200,00',
      '                                                       TOTAL:          8 860,00 €',
    ];
    expect(detailsOf(invoice)).to.deep.include({ gross_amount_total: '8860.00', net_amount_total: null, tax_amount_total: null });
    // Items that do not add up to the total say nothing of what it is.
    expect(detailsOf(invoice.map((line) => line.replace('7 200,00', '7 100,00').replace('14,40', '14,20')))).to.equal(null);
  });
});
