import { expect } from 'chai';
import { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { extractFields } from './extract-fields.js';

const SWISS_INVOICE = [
  'Muster Treuhand AG',
  'Bahnhofstrasse 1, 8001 Zürich',
  '',
  'Rechnung',
  'Rechnungsnummer:   RE-2026-0042',
  'Rechnungsdatum:    12.03.2026',
  'Zahlbar bis:       11.04.2026',
  '',
  'Buchhaltung März                          CHF 1’000.00',
  'Zwischensumme                             CHF 1’000.00',
  'MwSt. 8.1%                                CHF    81.00',
  'Total                                     CHF 1’081.00',
  '',
  'IBAN CH93 0076 2011 6238 5295 7   BIC POFICHBEXXX',
].join('\n');

const textLayerPage = (text: string, pageNumber = 1) => ({ pageNumber, text, method: 'text_layer' as const, confidence: null, words: null });

describe('extractor: extracting the fields of a document', () => {
  it('reads number, date, currency, total and bank account of an invoice, with evidence for each', () => {
    const extracted = extractFields({ pages: [textLayerPage(SWISS_INVOICE)], requestedType: null });

    expect(extracted.documentType).to.equal('invoice');
    expect(extracted.accountingDocument).to.include({
      number: 'RE-2026-0042',
      invoice_number: 'RE-2026-0042',
      invoice_date: '2026-03-12',
      currency: 'CHF',
      amount_total: '1081.00',
      text: SWISS_INVOICE,
    });
    expect(extracted.accountingDocument.bank_accounts).to.deep.equal([{ iban: 'CH9300762011623852957', bic: 'POFICHBEXXX' }]);
    expect(extracted.errorCodes).to.deep.equal([]);
    expect(Object.keys(extracted.evidence).sort()).to.deep.equal([
      'accounting_document.amount_total',
      'accounting_document.bank_accounts.0',
      'accounting_document.currency',
      'accounting_document.invoice_date',
      'accounting_document.invoice_number',
      'accounting_document.number',
      'document_type',
    ]);
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.deep.equal({ kind: 'text', page: 1, box: null });
  });

  it('produces data the DataExtracted contract accepts', () => {
    const extracted = extractFields({ pages: [textLayerPage(SWISS_INVOICE)], requestedType: null });

    expect(ExtractedData.safeParse(extracted).success).to.equal(true);
  });

  it('keeps the requested type, and fills invoice_number only for invoices', () => {
    const extracted = extractFields({ pages: [textLayerPage(SWISS_INVOICE)], requestedType: 'receipt' });

    expect(extracted.documentType).to.equal('receipt');
    expect(extracted.accountingDocument).to.include({ number: 'RE-2026-0042', invoice_number: null });
    expect(extracted.evidence.document_type).to.deep.equal({ confidence: 1, source: { kind: 'derived', from: ['request.document_type'] } });
  });

  it('flags payment credentials as unclear when an invoice has an amount but no valid IBAN', () => {
    const withoutIban = SWISS_INVOICE.replace(/IBAN.*/, 'Zahlbar per Einzahlungsschein');

    expect(extractFields({ pages: [textLayerPage(withoutIban)], requestedType: null }).errorCodes).to.deep.equal(['payment_credentials_unclear']);
    expect(extractFields({ pages: [textLayerPage(withoutIban)], requestedType: 'receipt' }).errorCodes).to.deep.equal([]);
  });

  it('flags payment credentials as unclear when a printed IBAN fails its check digits', () => {
    const misprinted = `${SWISS_INVOICE}\nIBAN CH93 0076 2011 6238 5295 8`;

    expect(extractFields({ pages: [textLayerPage(misprinted)], requestedType: null }).errorCodes).to.deep.equal(['payment_credentials_unclear']);
  });

  it('records a document without pages with every field empty and no error', () => {
    const extracted = extractFields({ pages: [], requestedType: null });

    expect(extracted.documentType).to.equal('other');
    expect(extracted.accountingDocument).to.include({ number: null, invoice_date: null, amount_total: null, currency: null, text: null });
    expect(extracted.accountingDocument.bank_accounts).to.deep.equal([]);
    expect(extracted.errorCodes).to.deep.equal([]);
    expect(ExtractedData.safeParse(extracted).success).to.equal(true);
  });

  it('scales each field’s confidence by how well OCR read its page', () => {
    const exact = extractFields({ pages: [textLayerPage(SWISS_INVOICE)], requestedType: null });
    const scanned = extractFields({ pages: [{ pageNumber: 1, text: SWISS_INVOICE, method: 'ocr', confidence: 0.5, words: null }], requestedType: null });

    const total = 'accounting_document.amount_total';
    expect(scanned.evidence[total]!.confidence).to.be.closeTo(exact.evidence[total]!.confidence / 2, 0.01);
  });

  it('notes the page each field was read on', () => {
    const extracted = extractFields({
      pages: [textLayerPage('Rechnung Nr. 17\nRechnungsdatum 12.03.2026'), textLayerPage('Total   EUR 99.00\nIBAN DE89 3704 0044 0532 0130 00', 2)],
      requestedType: null,
    });

    expect(extracted.evidence['accounting_document.number']!.source).to.deep.include({ page: 1 });
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.deep.include({ page: 2 });
    expect(extracted.accountingDocument.text).to.equal('Rechnung Nr. 17\nRechnungsdatum 12.03.2026\n\nTotal   EUR 99.00\nIBAN DE89 3704 0044 0532 0130 00');
  });
});
