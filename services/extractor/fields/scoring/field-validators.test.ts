import { expect } from 'chai';
import { emptyAccountingData, emptyAddress, emptyLineItem, type ExtractedData } from '../../../../contracts/events/extracted-data.js';
import { validatorVerdict } from './field-validators.js';

const invoice = (
  document: Partial<ExtractedData['accountingDocument']>,
  sender: Partial<ExtractedData['senderAddress']> = {},
): ExtractedData => ({
  documentType: 'invoice',
  accountingDocument: { ...emptyAccountingData(), ...document },
  senderAddress: { ...emptyAddress(), ...sender },
  receiverAddress: null,
  errorCodes: [],
  evidence: {},
});

const totals = (gross: string, net: string, tax: string) => ({
  amount_total: gross,
  amount_details: { gross_amount_total: gross, net_amount_total: net, tax_amount_total: tax, partial_amounts: [] },
});

const item = (quantity: string, unit: string, total: string) => ({
  ...emptyLineItem(),
  title: 'Beratung',
  amount_total: total,
  tax_rate: '8.1',
  unit: 'h',
  quantity,
  amount_unit: unit,
});

describe('extractor: field validators', () => {
  it('confirms IBANs whose check digits hold and contradicts those whose do not', () => {
    const data = invoice({
      bank_accounts: [
        { iban: 'CH9300762011623852957', bic: null },
        { iban: 'CH9300762011623852958', bic: null },
      ],
    });

    expect(validatorVerdict(data, 'accounting_document.bank_accounts.0')).to.equal(1);
    expect(validatorVerdict(data, 'accounting_document.bank_accounts.1')).to.equal(-1);
  });

  it('checks VAT ids where the country’s check digits are public, and leaves the others alone', () => {
    expect(validatorVerdict(invoice({}, { vat_id: 'CHE-116.281.710 MWST' }), 'sender_address.vat_id')).to.equal(1);
    expect(validatorVerdict(invoice({}, { vat_id: 'CHE-116.281.711 MWST' }), 'sender_address.vat_id')).to.equal(-1);
    expect(validatorVerdict(invoice({}, { vat_id: 'GB123456789' }), 'sender_address.vat_id')).to.equal(0);
  });

  it('checks QR and creditor references', () => {
    expect(validatorVerdict(invoice({ reference: '210000000003139471430009017' }), 'accounting_document.reference')).to.equal(1);
    expect(validatorVerdict(invoice({ reference: '210000000003139471430009018' }), 'accounting_document.reference')).to.equal(-1);
    expect(validatorVerdict(invoice({ reference: 'RF18539007547034' }), 'accounting_document.reference')).to.equal(1);
    expect(validatorVerdict(invoice({ reference: 'Rechnung 17' }), 'accounting_document.reference')).to.equal(0);
  });

  it('confirms totals whose net and tax make the gross, and contradicts those that do not', () => {
    expect(validatorVerdict(invoice(totals('1081.00', '1000.00', '81.00')), 'accounting_document.amount_total')).to.equal(1);
    expect(
      validatorVerdict(invoice(totals('1081.00', '1000.00', '31.00')), 'accounting_document.amount_details.tax_amount_total'),
    ).to.equal(-1);
  });

  it("confirms an item's numbers by its line arithmetic and by adding up to a total, never its title's spelling", () => {
    const data = invoice({ ...totals('1081.00', '1000.00', '81.00'), items: [item('10', '100.00', '1000.00')] });
    const misread = invoice({ items: [item('10', '100.00', '100.00')] });

    expect(validatorVerdict(data, 'accounting_document.items.0.quantity')).to.equal(1);
    expect(validatorVerdict(data, 'accounting_document.items.0')).to.equal(1);
    expect(validatorVerdict(data, 'accounting_document.items.0.title')).to.equal(0);
    expect(validatorVerdict(misread, 'accounting_document.items.0.amount_total')).to.equal(-1);
    expect(validatorVerdict(misread, 'accounting_document.items.0.title')).to.equal(0);
  });

  it('confirms a due date within a year after the invoice date and contradicts one before it', () => {
    const due = (date: string) =>
      invoice({
        invoice_date: '2026-03-12',
        payment_conditions: [{ date, type: 'net', percentage: null, fixed_price: null, number_of_days: null }],
      });

    expect(validatorVerdict(due('2026-04-11'), 'accounting_document.payment_conditions.0')).to.equal(1);
    expect(validatorVerdict(due('2026-04-11'), 'accounting_document.invoice_date')).to.equal(1);
    expect(validatorVerdict(due('2026-02-11'), 'accounting_document.payment_conditions.0')).to.equal(-1);
  });
});
