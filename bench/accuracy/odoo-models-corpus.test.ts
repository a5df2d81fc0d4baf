import { expect } from 'chai';
import { emptyAccountingData, emptyAddress, type Address, type ExtractedData } from '../../contracts/events/extracted-data.js';
import {
  compareOdooParty,
  expectedOdooFields,
  odooAddress,
  odooDate,
  parseAnnotations,
  parseOdooInvoice,
  printedNumbers,
  taxRateOf,
  type LabelledWord,
} from './odoo-models-corpus.js';

/*
 * How the nine foreign invoice templates are judged: only what the page prints, the gross as net + tax (the
 * values repeat the tax as their total), and the partner on whichever party carries its name.
 */

const INVOICE = `<?xml version='1.0' encoding='UTF-8'?>
<document>
  <supplier>Deco Addict</supplier>
  <invoice_number>FA01/2015/032414</invoice_number>
  <po_number>BC05299</po_number>
  <invoice_date>20150130</invoice_date>
  <invoice_date_due>20150430</invoice_date_due>
  <address>77 Santa Barbara Rd  Pleasant Hill CA 94523 États Unis</address>
  <total_untaxed>87300.0</total_untaxed>
  <tax_amount>17271.5</tax_amount>
  <total_amount>17271.5</total_amount>
  <lines>
    <line><description>Dépôt</description><quantity>13.0</quantity><uom>Unités</uom><price>100.0</price><tax>TVA 5,5%</tax><sub_total>1300.0</sub_total></line>
    <line><description>Canapé trois places</description><quantity>86.0</quantity><uom>Unités</uom><price>1000.0</price><tax></tax><sub_total>86000.0</sub_total></line>
  </lines>
</document>`;

const ANNOTATIONS = `left,top,width,height,text,label
56,777,61,19,Deco,SUPPLIER
123,776,81,20,Addict,SUPPLIER
56,810,23,16,77,ADDRESS
189,835,60,16,94523,ADDRESS
1249,326,240,22,FA01/2015/032414,NUMBER
1158,412,142,20,2015-30-01,INVOICE_DATE
556,673,59,21,Dépôt,LINE/DESCRIPTION
555,739,76,21,Canapé,LINE/DESCRIPTION
1160,674,52,19,"13,00",LINE/QUANTITY
1159,740,53,19,"86,00",LINE/QUANTITY
1477,674,7,15,1,LINE/SUB_TOTAL
1494,674,64,19,"300,00",LINE/SUB_TOTAL
1470,740,23,16,86,LINE/SUB_TOTAL
1500,740,64,18,"000,00",LINE/SUB_TOTAL
1393,834,23,16,87,TOTAL_UNTAXED
1423,834,64,19,"300,00",TOTAL_UNTAXED
1494,833,14,17,€,TOTAL_UNTAXED
1393,880,23,16,17,TAX_AMOUNT
1423,880,64,19,"271,50",TAX_AMOUNT
1393,926,23,16,104,TOTAL_AMOUNT
1423,926,64,19,"571,50",TOTAL_AMOUNT`;

const invoice = parseOdooInvoice(INVOICE);
const words = parseAnnotations(ANNOTATIONS);

const party = (company: string, postalCode: string): Address => ({ ...emptyAddress(), company_name: company, postal_code: postalCode });

const extracted = (sender: Address, receiver: Address): ExtractedData => ({
  documentType: 'invoice',
  accountingDocument: emptyAccountingData(),
  senderAddress: sender,
  receiverAddress: receiver,
  errorCodes: [],
  evidence: {},
});

describe('the foreign invoice templates (odoo-models) as a truth', () => {
  it('reads the three date forms of the values as ISO dates', () => {
    expect([odooDate('2015-02-02'), odooDate('20150130'), odooDate('03/18/2015'), odooDate('30.01.2015')]).to.deep.equal([
      '2015-02-02',
      '2015-01-30',
      '2015-03-18',
      null,
    ]);
  });

  it('reads a line tax as its rate, and no rate for a line without tax', () => {
    expect([taxRateOf('TVA 5,5%'), taxRateOf('TVA 20%'), taxRateOf('')]).to.deep.equal([5.5, 20, null]);
  });

  it('joins the words of one printed line under a label into its number', () => {
    expect(printedNumbers(words, 'LINE/SUB_TOTAL')).to.deep.equal([1300, 86000]);
    const euroFirst: LabelledWord[] = [
      { top: 765, text: '€24', label: 'LINE/SUB_TOTAL' },
      { top: 765, text: '816,00', label: 'LINE/SUB_TOTAL' },
      { top: 1111, text: '€24120.0', label: 'LINE/SUB_TOTAL' },
    ];
    expect(printedNumbers(euroFirst, 'LINE/SUB_TOTAL')).to.deep.equal([24816, 24120]);
  });

  it('judges only the fields the page prints, the gross as net plus tax', () => {
    const expected = expectedOdooFields(invoice, words);

    expect(expected).to.deep.equal({
      'accounting_document.number': 'FA01/2015/032414',
      'accounting_document.invoice_date': '2015-01-30',
      'accounting_document.amount_details.net_amount_total': 87300,
      'accounting_document.amount_details.tax_amount_total': 17271.5,
      'accounting_document.amount_details.gross_amount_total': 104571.5,
      'accounting_document.items.0.title': 'Dépôt',
      'accounting_document.items.0.quantity': 13,
      'accounting_document.items.0.amount_total': 1300,
      'accounting_document.items.1.title': 'Canapé trois places',
      'accounting_document.items.1.quantity': 86,
      'accounting_document.items.1.amount_total': 86000,
    });
  });

  it('does not judge a column whose printed numbers are not the values (a line gross printed where the values hold the net)', () => {
    const grossPrinted = words.map((word) =>
      word.label === 'LINE/SUB_TOTAL' && word.text === '300,00' ? { ...word, text: '371,50' } : word,
    );

    expect(Object.keys(expectedOdooFields(invoice, grossPrinted)).filter((field) => field.endsWith('amount_total'))).to.deep.equal([
      'accounting_document.amount_details.net_amount_total',
      'accounting_document.amount_details.tax_amount_total',
      'accounting_document.amount_details.gross_amount_total',
    ]);
  });

  it("judges a number and a date only where the page prints them, read through the annotation's own misreads", () => {
    const relabelled = (label: string, text: string) => words.map((word) => (word.label === label ? { ...word, text } : word));

    expect(expectedOdooFields(invoice, relabelled('NUMBER', 'FAO1/2015/032414'))).to.have.property('accounting_document.number');
    expect(expectedOdooFields(invoice, relabelled('NUMBER', 'FACTU/2015/01/0044'))).not.to.have.property('accounting_document.number');
    expect(expectedOdooFields(invoice, relabelled('INVOICE_DATE', '30/01/2015'))).to.have.property('accounting_document.invoice_date');
    expect(expectedOdooFields(invoice, relabelled('INVOICE_DATE', '2015-31-01'))).not.to.have.property('accounting_document.invoice_date');
  });

  it('splits the address into street, town and ZIP code', () => {
    expect(odooAddress(invoice.address)).to.deep.equal({ street: '77 Santa Barbara Rd', postalCode: '94523', city: 'Pleasant Hill' });
  });

  it('judges the partner on the party that carries its name, sender or receiver', () => {
    const asSender = compareOdooParty(invoice, words, extracted(party('Deco Addict', '94523'), party('YourCompany', '94134')));
    const asReceiver = compareOdooParty(invoice, words, extracted(party('YourCompany', '94134'), party('Deco Addict', '94523')));

    expect(asSender.filter((comparison) => comparison.outcome === 'right').map((comparison) => comparison.field)).to.deep.equal([
      'sender_address.company_name',
      'sender_address.postal_code',
    ]);
    expect(asReceiver.filter((comparison) => comparison.outcome === 'right').map((comparison) => comparison.field)).to.deep.equal([
      'receiver_address.company_name',
      'receiver_address.postal_code',
    ]);
  });
});
