import { emptyAddress } from '../../../contracts/events/extracted-data.js';
import { expect } from 'chai';
import { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';
import { extractFields } from './extract-fields.js';
import type { EInvoiceInput, ExtractionInput, ExtractionRequest, QrBillInput } from './extraction-input.js';

const SWISS_INVOICE = [
  'Muster Treuhand AG | Bahnhofstrasse 1 | 8001 Zürich',
  '',
  'Beispiel GmbH',
  'Frau Anna Beispiel',
  'Seestrasse 12',
  '8400 Winterthur',
  '',
  'Rechnung',
  'Rechnungsnummer:   RE-2026-0042',
  'Rechnungsdatum:    12.03.2026',
  'Bestellnummer:     PO-7781',
  'Lieferdatum:       10.03.2026',
  '',
  'Pos  Beschreibung              Menge   Einzelpreis   MwSt     Betrag',
  '1    Buchhaltung März          10 h        100.00    8.1%   1’000.00',
  '',
  'Zwischensumme                             CHF 1’000.00',
  'MwSt. 8.1%                                CHF    81.00',
  'Total                                     CHF 1’081.00',
  '',
  'Zahlbar innert 30 Tagen, 2% Skonto innert 10 Tagen.',
  'IBAN CH93 0076 2011 6238 5295 7   BIC POFICHBEXXX',
  'Muster Treuhand AG   MWST-Nr. CHE-116.281.710 MWST',
].join('\n');

// A page 120 characters wide and 70 lines high: each word of the text gets the box its characters take.
const CHAR = 1 / 120;
const LINE = 1 / 70;
const wordsOf = (text: string, confidence: number | null = null): RecognizedWord[] =>
  text.split('\n').flatMap((line, row) =>
    [...line.matchAll(/\S+/g)].map((match) => ({
      text: match[0],
      box: [match.index * CHAR, row * LINE, (match.index + match[0].length) * CHAR, row * LINE + 0.8 * LINE] as RecognizedWord['box'],
      confidence,
    })),
  );

const FULL: ExtractionRequest = { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true };

const input = (text: string, overrides: Partial<ExtractionInput> = {}): ExtractionInput => ({
  pages: [{ pageNumber: 1, text, confidence: null }],
  words: new Map([[1, wordsOf(text)]]),
  requested: FULL,
  ...overrides,
});

describe('extractor: extracting the fields of a document', () => {
  it('reads the header, totals by tax rate, payment terms and bank account of an invoice', () => {
    const { accountingDocument, documentType, errorCodes } = extractFields(input(SWISS_INVOICE));

    expect(documentType).to.equal('invoice');
    expect(accountingDocument).to.include({
      number: 'RE-2026-0042',
      invoice_number: 'RE-2026-0042',
      invoice_date: '2026-03-12',
      delivery_date: '2026-03-10',
      order_number: 'PO-7781',
      currency: 'CHF',
      amount_total: '1081.00',
    });
    expect(accountingDocument.amount_details).to.deep.equal({
      gross_amount_total: '1081.00',
      tax_amount_total: '81.00',
      net_amount_total: '1000.00',
      partial_amounts: [{ tax_rate: '8.1', net_amount: '1000.00', tax_amount: '81.00', gross_amount: '1081.00' }],
    });
    expect(
      accountingDocument.payment_conditions.map(({ percentage, number_of_days, date }) => [percentage, number_of_days, date]),
    ).to.deep.equal([
      ['2', 10, '2026-03-22'],
      [null, 30, '2026-04-11'],
    ]);
    expect(accountingDocument.bank_accounts).to.deep.equal([{ iban: 'CH9300762011623852957', bic: 'POFICHBEXXX' }]);
    expect(accountingDocument.text).to.equal(SWISS_INVOICE);
    expect(errorCodes).to.deep.equal([]);
  });

  it('tells sender and receiver apart by the return line over the window and the VAT id, and splits their addresses', () => {
    const { senderAddress, receiverAddress } = extractFields(input(SWISS_INVOICE));

    expect(senderAddress).to.include({
      company_name: 'Muster Treuhand AG',
      street: 'Bahnhofstrasse',
      house_number: '1',
      postal_code: '8001',
      city_name: 'Zürich',
      vat_id: 'CHE-116.281.710 MWST',
      company_id: 'CHE-116.281.710',
      country_code: 'CH',
    });
    expect(receiverAddress).to.include({
      company_name: 'Beispiel GmbH',
      contact_person_name: 'Anna Beispiel',
      street: 'Seestrasse',
      house_number: '12',
      postal_code: '8400',
      city_name: 'Winterthur',
      country_code: 'CH',
    });
  });

  it('reads the line items from their table', () => {
    const { items } = extractFields(input(SWISS_INVOICE)).accountingDocument;

    expect(items).to.deep.equal([
      {
        title: 'Buchhaltung März',
        quantity: '10',
        unit: 'h',
        amount_unit: '100.00',
        amount_total: '1000.00',
        tax_rate: '8.1',
        discount_rate: null,
        article_number: null,
        order_number: null,
        delivery_note_number: null,
        delivery_date: null,
        nominal_account: null,
      },
    ]);
  });

  it('keeps for every field the box of the words it was read from', () => {
    const { evidence } = extractFields(input(SWISS_INVOICE));

    const total = evidence['accounting_document.amount_total']!;
    expect(total.source).to.deep.include({ kind: 'text', page: 1 });
    const [left, top, right, bottom] = (total.source as { box: number[] }).box;
    // "1’081.00" on line 19 (0-based 18), from column 46.
    expect(top).to.be.closeTo(18 * LINE, 1e-3);
    expect(bottom).to.be.closeTo(18.8 * LINE, 1e-3);
    expect(left).to.be.closeTo(46 * CHAR, 1e-3);
    expect(right).to.be.closeTo(54 * CHAR, 1e-3);
    for (const path of [
      'accounting_document.number',
      'accounting_document.amount_details.tax_amount_total',
      'sender_address.vat_id',
      'accounting_document.items.0.quantity',
    ]) {
      expect(evidence[path]?.source, path).to.have.property('box').that.is.an('array');
    }
  });

  it('produces data the DataExtracted contract accepts, for every extraction process', () => {
    for (const extractionProcess of ['basic-extraction', 'full-extraction', 'auto-accounting'] as const) {
      const extracted = extractFields(input(SWISS_INVOICE, { requested: { ...FULL, extractionProcess } }));
      expect(ExtractedData.safeParse(extracted).success, extractionProcess).to.equal(true);
    }
  });

  it('reads header fields and totals only for basic-extraction, and line items only when asked for', () => {
    const basic = extractFields(
      input(SWISS_INVOICE, { requested: { documentType: null, extractionProcess: 'basic-extraction', extractLineItems: false } }),
    );

    expect(basic.accountingDocument).to.include({
      number: 'RE-2026-0042',
      amount_total: '1081.00',
      order_number: null,
      payment_method: null,
    });
    expect(basic.accountingDocument.payment_conditions).to.deep.equal([]);
    expect(basic.accountingDocument.items).to.deep.equal([]);
    expect(basic.accountingDocument.bank_accounts).to.have.length(1);
    expect(basic.senderAddress?.company_name).to.equal('Muster Treuhand AG');
    expect(Object.keys(basic.evidence).filter((path) => /items|payment_conditions|order_number/.test(path))).to.deep.equal([]);
  });

  it('books each item to a nominal account for auto-accounting', () => {
    const { accountingDocument, evidence } = extractFields(
      input(SWISS_INVOICE, { requested: { ...FULL, extractionProcess: 'auto-accounting' } }),
    );

    expect(accountingDocument.items[0]!.nominal_account).to.equal('6530');
    expect(evidence['accounting_document.items.0.nominal_account']!.source).to.deep.include({ kind: 'derived' });
  });

  it('keeps the requested type, and fills invoice_number only for invoices', () => {
    const extracted = extractFields(input(SWISS_INVOICE, { requested: { ...FULL, documentType: 'receipt' } }));

    expect(extracted.documentType).to.equal('receipt');
    expect(extracted.accountingDocument).to.include({ number: 'RE-2026-0042', invoice_number: null });
    expect(extracted.evidence.document_type).to.deep.equal({ confidence: 1, source: { kind: 'derived', from: ['request.document_type'] } });
  });

  describe('payment credentials', () => {
    const withoutIban = SWISS_INVOICE.replace(/IBAN.*/, 'Zahlbar per Einzahlungsschein');

    it('are unclear when an invoice has an amount to pay but no valid IBAN, unless it is settled otherwise', () => {
      expect(extractFields(input(withoutIban)).errorCodes).to.deep.equal(['payment_credentials_unclear']);
      expect(extractFields(input(withoutIban, { requested: { ...FULL, documentType: 'receipt' } })).errorCodes).to.deep.equal([]);
      expect(extractFields(input(`${withoutIban}\nBetrag dankend erhalten`)).errorCodes).to.deep.equal([]);
    });

    it('are unclear when a printed IBAN fails its check digits', () => {
      expect(extractFields(input(`${SWISS_INVOICE}\nIBAN CH93 0076 2011 6238 5295 8`)).errorCodes).to.deep.equal([
        'payment_credentials_unclear',
      ]);
    });

    it('are unclear when the sender gives two accounts at one bank for one currency, not for accounts at two banks', () => {
      const sameBank = `${SWISS_INVOICE}\nIBAN CH44 3199 9123 0008 8901 2\nIBAN CH17 3199 9123 0008 8901 3`;
      const twoBanks = `${SWISS_INVOICE}\nIBAN CH44 3199 9123 0008 8901 2`;

      expect(extractFields(input(twoBanks)).errorCodes).to.deep.equal([]);
      expect(extractFields(input(`${sameBank.replace('IBAN CH17', 'EUR: IBAN CH17')}`)).errorCodes).to.deep.equal([]);
      expect(extractFields(input(sameBank)).accountingDocument.bank_accounts).to.have.length(3);
      expect(extractFields(input(sameBank)).errorCodes).to.deep.equal(['payment_credentials_unclear']);
    });
  });

  it('reads a Dutch invoice by its own labels: delivery and due date, net, VAT and total lines', () => {
    const dutch = [
      'Polderkracht B.V.',
      'Oudegracht 12',
      '3511 LX Utrecht',
      'BTW-nummer NL123456782B01',
      '',
      'Factuur',
      'Factuurnummer:        2026-0042',
      'Factuurdatum:         12-03-2026',
      'Leveringsdatum:       10-03-2026',
      'Uiterste betaaldatum: 11-04-2026',
      '',
      'Omschrijving                 Aantal     Stuksprijs       Bedrag',
      'Adviesuren                        10         100,00     1.000,00',
      '',
      'Totaal exclusief BTW                                    1.000,00',
      'BTW 21%                                                   210,00',
      'Totaal incl. btw EUR                                    1.210,00',
    ].join('\n');
    const { accountingDocument } = extractFields(input(dutch));

    expect(accountingDocument).to.include({
      number: '2026-0042',
      invoice_date: '2026-03-12',
      delivery_date: '2026-03-10',
      amount_total: '1210.00',
    });
    expect(accountingDocument.amount_details).to.include({ net_amount_total: '1000.00', tax_amount_total: '210.00' });
    expect(accountingDocument.payment_conditions.map(({ date }) => date)).to.deep.equal(['2026-04-11']);
  });

  it('takes a till’s total after its rounding line over the tax summary’s gross, the sum before rounding', () => {
    const receipt = [
      'KEDAI RUNCIT MAJU SDN BHD',
      'NO. 5, JALAN BESAR,',
      '81100 JOHOR BAHRU',
      'TAX INVOICE',
      'Date: 12/03/2018 10:15',
      'Total Sales (Inclusive GST) RM   45.34',
      'Rounding Adjustment RM   ‚01',
      'Rounding RM   45.35',
      'CASH RM   50.00',
      'CHANGE RM   4.56',
      'GST Summary   Amount (RM)   Tax (RM)',
      'SR @ 6%   42.77   2.57',
      'THANK YOU, PLEASE COME AGAIN',
    ].join('\n');

    expect(extractFields(input(receipt)).accountingDocument.amount_total).to.equal('45.35');
  });

  it('records a document without pages with every field empty and no error', () => {
    const extracted = extractFields({ pages: [], words: new Map(), requested: FULL });

    expect(extracted.documentType).to.equal('other');
    expect(extracted.accountingDocument).to.include({ number: null, invoice_date: null, amount_total: null, currency: null, text: null });
    expect(extracted).to.include({ senderAddress: null, receiverAddress: null });
    expect(extracted.errorCodes).to.deep.equal([]);
    expect(ExtractedData.safeParse(extracted).success).to.equal(true);
  });

  it('reads pages without word boxes from their text, without boxes', () => {
    const extracted = extractFields(input(SWISS_INVOICE, { words: new Map() }));

    expect(extracted.accountingDocument.amount_total).to.equal('1081.00');
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.deep.equal({ kind: 'text', page: 1, box: null });
  });

  it('lowers each field’s confidence where OCR read its words badly', () => {
    const exact = extractFields(input(SWISS_INVOICE));
    const scanned = extractFields(
      input(SWISS_INVOICE, {
        pages: [{ pageNumber: 1, text: SWISS_INVOICE, confidence: 0.5 }],
        words: new Map([[1, wordsOf(SWISS_INVOICE, 0.5)]]),
      }),
    );

    for (const field of ['accounting_document.amount_total', 'accounting_document.invoice_date', 'sender_address.company_name'])
      expect(scanned.evidence[field]!.confidence, field).to.be.below(exact.evidence[field]!.confidence);
  });

  it('notes the page each field was read on', () => {
    const first = 'Rechnung Nr. 17\nRechnungsdatum 12.03.2026';
    const second = 'Total   EUR 99.00\nIBAN DE89 3704 0044 0532 0130 00';
    const extracted = extractFields({
      pages: [
        { pageNumber: 1, text: first, confidence: null },
        { pageNumber: 2, text: second, confidence: null },
      ],
      words: new Map([
        [1, wordsOf(first)],
        [2, wordsOf(second)],
      ]),
      requested: FULL,
    });

    expect(extracted.evidence['accounting_document.number']!.source).to.deep.include({ page: 1 });
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.deep.include({ page: 2 });
    expect(extracted.accountingDocument.text).to.equal(`${first}\n\n${second}`);
  });

  describe('other sources', () => {
    const eInvoice: EInvoiceInput = {
      documentType: 'invoice',
      accountingDocument: { number: 'XML-1', amount_total: '1081.00', invoice_date: null },
      senderAddress: { vat_id: 'CHE-109.322.551 MWST', company_name: null },
      receiverAddress: null,
      evidence: {
        'accounting_document.number': {
          confidence: 1,
          source: { kind: 'xml', path: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID' },
        },
      },
    };

    it('takes the e-invoice’s values over the text’s, field by field, with their XPath as evidence', () => {
      const extracted = extractFields(input(SWISS_INVOICE, { eInvoice }));

      expect(extracted.accountingDocument).to.include({ number: 'XML-1', invoice_date: '2026-03-12', currency: 'CHF' });
      expect(extracted.senderAddress).to.include({ vat_id: 'CHE-109.322.551 MWST', company_name: 'Muster Treuhand AG' });
      expect(extracted.evidence['accounting_document.number']!.source).to.deep.equal({
        kind: 'xml',
        path: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID',
      });
      expect(extracted.evidence['accounting_document.invoice_date']!.source.kind).to.equal('text');
    });

    it('is certain of e-invoice values a validator or the printed text confirms, and of no others', () => {
      const extracted = extractFields(input(SWISS_INVOICE, { eInvoice }));

      // The XML's total is the one printed; its VAT id passes the Swiss check digits; its number is not the printed one.
      expect(extracted.evidence['accounting_document.amount_total']!.confidence).to.equal(1);
      expect(extracted.evidence['sender_address.vat_id']!.confidence).to.equal(1);
      expect(extracted.evidence['accounting_document.number']!.confidence).to.be.below(1);
    });

    const creditor = {
      ...emptyAddress(),
      company_name: 'Muster Treuhand AG',
      street: 'Bahnhofstrasse',
      house_number: '1',
      postal_code: '8001',
      city_name: 'Zürich',
      country_code: 'CH',
    };
    const bill: QrBillInput = {
      page: 2,
      es: {
        es_amount: '1081.00',
        es_account: 'CH4431999123000889012',
        es_iban: 'CH4431999123000889012',
        es_purpose: 'Rechnung RE-2026-0042',
        es_creditor: 'Muster Treuhand AG, Bahnhofstrasse 1, 8001 Zürich',
        es_ultimate_creditor: null,
      },
      iban: 'CH4431999123000889012',
      amount: '1081.00',
      currency: 'CHF',
      reference: '210000000003139471430009017',
      creditorAddress: creditor,
      debtorAddress: null,
    };

    it('fills the QR-bill’s payment data (es, account, reference) where the text has none', () => {
      const withoutIban = SWISS_INVOICE.replace(/IBAN.*/, '');
      const extracted = extractFields(input(withoutIban, { swissPayments: { qrBills: [bill], esr: null } }));

      expect(extracted.accountingDocument.es).to.deep.equal(bill.es);
      expect(extracted.accountingDocument).to.include({ reference: '210000000003139471430009017', amount_total: '1081.00' });
      expect(extracted.accountingDocument.bank_accounts).to.deep.equal([{ iban: 'CH4431999123000889012', bic: null }]);
      // The QR-bill's account passes its IBAN check digits.
      expect(extracted.evidence['accounting_document.bank_accounts.0']).to.deep.equal({ confidence: 1, source: { kind: 'qr', page: 2 } });
      expect(extracted.errorCodes).to.deep.equal([]);
    });

    it('takes the QR-bill’s amount, currency and reference over misread text, and calls the payment data unclear', () => {
      const misread = SWISS_INVOICE.replaceAll('CHF', 'GBP').replace('1’081.00', '1’031.00');
      const extracted = extractFields(input(misread, { swissPayments: { qrBills: [bill], esr: null } }));

      expect(extracted.accountingDocument).to.include({
        currency: 'CHF',
        amount_total: '1081.00',
        reference: '210000000003139471430009017',
      });
      expect(extracted.evidence['accounting_document.currency']!.source).to.deep.equal({ kind: 'qr', page: 2 });
      // Neither a validator nor the printed text (GBP) confirms the QR-bill's currency.
      expect(extracted.evidence['accounting_document.currency']!.confidence).to.be.below(1);
      expect(extracted.errorCodes).to.deep.equal(['payment_credentials_unclear']);
    });

    it('takes the QR-bill’s creditor for the sender the text does not show, and fills esr from an orange slip', () => {
      const esr = {
        amount_esr: '1081.00',
        account_esr: '01-162-8',
        reference_esr: '210000000003139471430009017',
        codingline_esr: '0100001081005>210000000003139471430009017+ 010001628>',
      };
      const anonymous = SWISS_INVOICE.replace(/^Muster Treuhand AG \|.*$/m, '').replace(/^Muster Treuhand AG {3}MWST.*$/m, '');
      const extracted = extractFields(input(anonymous, { swissPayments: { qrBills: [bill], esr: { page: 2, esr } } }));

      expect(extracted.senderAddress).to.deep.equal(creditor);
      expect(extracted.evidence['sender_address.company_name']!.source).to.deep.equal({ kind: 'qr', page: 2 });
      expect(extracted.evidence['sender_address.company_name']!.confidence).to.be.below(1);
      expect(extracted.accountingDocument.esr).to.deep.equal(esr);
      expect(extracted.evidence['accounting_document.esr']!.source).to.deep.include({ page: 2 });
    });

    it('takes the QR-bill’s creditor over a misread sender, keeping the text’s VAT id, and every bill’s account', () => {
      const misread = SWISS_INVOICE.replaceAll('Bahnhofstrasse 1', 'Bahnhofstrasse 7').replaceAll(
        'Muster Treuhand AG',
        'Muster Treuhcnd AG',
      );
      const second = { ...bill, iban: 'CH5604835012345678009', reference: null };
      const extracted = extractFields(input(misread, { swissPayments: { qrBills: [bill, second], esr: null } }));

      expect(extracted.senderAddress).to.include({
        company_name: 'Muster Treuhand AG',
        street: 'Bahnhofstrasse',
        house_number: '1',
        vat_id: 'CHE-116.281.710 MWST',
      });
      expect(extracted.evidence['sender_address.street']!.source).to.deep.equal({ kind: 'qr', page: 2 });
      expect(extracted.accountingDocument.bank_accounts.map((account) => account.iban)).to.include.members([
        'CH4431999123000889012',
        'CH5604835012345678009',
      ]);
    });

    it('takes the reference of an orange slip’s coding line, whose check digits are verified', () => {
      const esr = {
        amount_esr: null,
        account_esr: '01-162-8',
        reference_esr: '120000000000234478943216899',
        codingline_esr: '042>120000000000234478943216899+ 010001628>',
      };
      const extracted = extractFields(input(SWISS_INVOICE, { swissPayments: { qrBills: [], esr: { page: 1, esr } } }));

      expect(extracted.accountingDocument).to.include({ reference: '120000000000234478943216899', amount_total: '1081.00' });
      expect(extracted.evidence['accounting_document.reference']!.source).to.deep.include({ page: 1 });
    });
  });
});

const SPANISH_INVOICE = [
  'Distribuciones Levante S.L.',
  'C/ Colón, 24, 3º B',
  '46004 Valencia',
  'CIF: B96123450',
  'Tel. 963 123 456',
  '',
  '                                             FACTURA',
  'Cliente:                                     Nº Factura: F2026/0187',
  'Talleres Ruiz e Hijos S.A.                   Fecha: 12/03/2026',
  'Avda. de la Constitución 112                 Vencimiento: 11/04/2026',
  '41001 Sevilla                                Forma de pago: Transferencia',
  'NIF: 12345678Z',
  '',
  'Concepto                         Cantidad    Precio      Importe',
  'Tornillería inox M8                  200       0,35        70,00',
  'Llave dinamométrica                    2      89,90       179,80',
  '',
  '                                 Base imponible           249,80',
  '                                 IVA 21%                   52,46',
  '                                 Total factura            302,26 €',
  '',
  'IBAN: ES91 2100 0418 4502 0005 1332',
].join('\n');

const SPANISH_TILL_RECEIPT = [
  '        SUPERMERCADOS LA HUERTA S.L.',
  '        C/ Mayor, 12',
  '        28013 Madrid',
  '        NIF: B96123450',
  '',
  '      FACTURA SIMPLIFICADA',
  '  Nº: T001-000452   Fecha: 14/03/2026 18:42',
  '',
  '  2 x Leche entera 1L        1,90',
  '  Pan de barra               0,85',
  '  Tomates 1,234 kg           2,71',
  '  Aceite de oliva 1L         8,95',
  '',
  '  TOTAL                     14,41',
  '  Base IVA 10%    13,10  IVA  1,31',
  '  Efectivo                  20,00',
  '  Cambio                     5,59',
].join('\n');

describe('extractor: a Spanish invoice and till receipt', () => {
  it('reads the header, the due date, the tax, both parties with their NIFs as VAT ids, and the items', () => {
    const { accountingDocument, senderAddress, receiverAddress, documentType } = extractFields(input(SPANISH_INVOICE));

    expect(documentType).to.equal('invoice');
    expect(accountingDocument).to.include({ number: 'F2026/0187', invoice_date: '2026-03-12', amount_total: '302.26' });
    expect(accountingDocument.payment_conditions.map(({ date, number_of_days }) => [date, number_of_days])).to.deep.equal([
      ['2026-04-11', 30],
    ]);
    expect(accountingDocument.amount_details?.partial_amounts).to.deep.equal([
      { tax_rate: '21', net_amount: '249.80', tax_amount: '52.46', gross_amount: '302.26' },
    ]);
    expect(senderAddress).to.include({
      company_name: 'Distribuciones Levante S.L.',
      street: 'C/ Colón',
      house_number: '24',
      postal_code: '46004',
      city_name: 'Valencia',
      vat_id: 'ESB96123450',
    });
    expect(receiverAddress).to.include({ company_name: 'Talleres Ruiz e Hijos S.A.', city_name: 'Sevilla', vat_id: 'ES12345678Z' });
    expect(
      accountingDocument.items.map(({ title, quantity, amount_unit, amount_total }) => [title, quantity, amount_unit, amount_total]),
    ).to.deep.equal([
      ['Tornillería inox M8', '200', '0.35', '70.00'],
      ['Llave dinamométrica', '2', '89.90', '179.80'],
    ]);
  });

  it('reads a simplified invoice as a till receipt: the shop, the date, the total and its tax, no customer from its items', () => {
    const { accountingDocument, senderAddress, receiverAddress, documentType } = extractFields(input(SPANISH_TILL_RECEIPT));

    expect(documentType).to.equal('receipt');
    expect(accountingDocument).to.include({ invoice_date: '2026-03-14', amount_total: '14.41' });
    expect(senderAddress).to.include({ company_name: 'SUPERMERCADOS LA HUERTA S.L.', city_name: 'Madrid', vat_id: 'ESB96123450' });
    expect(receiverAddress).to.equal(null);
  });
});

const AUSTRALIAN_TAX_INVOICE = [
  'Harbourside Plumbing Pty Ltd',
  'ABN 51 824 753 556',
  '12 Wharf Street',
  'Sydney NSW 2000',
  'Ph (02) 9555 0199',
  '',
  '                                               TAX INVOICE',
  '',
  'Bill To:                                       Invoice No:   INV-10452',
  'Coastal Cafe Group Pty Ltd                     Invoice Date: 12/03/2026',
  '45 Beach Road                                  Due Date:     26/03/2026',
  'Bondi NSW 2026',
  '',
  'Description                         Qty    Unit Price      Amount',
  'Replace hot water system              1       1,450.00    1,450.00',
  'Labour (hours)                        3         120.00      360.00',
  '',
  '                                   Subtotal               1,810.00',
  '                                   GST 10%                  181.00',
  '                                   Total AUD              1,991.00',
  '',
  'Payment: Direct deposit BSB 062-000 Account 1234 5678',
].join('\n');

describe('extractor: an Australian tax invoice', () => {
  it("reads both parties' towns, states' postcodes and country, the sender's ABN as its company id, and the GST", () => {
    const { accountingDocument, senderAddress, receiverAddress } = extractFields(input(AUSTRALIAN_TAX_INVOICE));

    expect(senderAddress).to.include({ postal_code: '2000', city_name: 'Sydney', country_code: 'AU', company_id: '51824753556' });
    expect(receiverAddress).to.include({ company_name: 'Coastal Cafe Group Pty Ltd', postal_code: '2026', city_name: 'Bondi' });
    expect(accountingDocument).to.include({ number: 'INV-10452', invoice_date: '2026-03-12', amount_total: '1991.00' });
    expect(accountingDocument.amount_details?.tax_amount_total).to.equal('181.00');
  });
});
