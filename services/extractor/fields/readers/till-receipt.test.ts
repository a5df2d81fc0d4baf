import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import type { Party } from './parties.js';
import { headerShop, isTillReceipt, readTillReceipt, receiptSender } from './till-receipt.js';

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

  it('knows a till by its card tender, its count of items, its return policy and a restaurant’s guests', () => {
    expect(isTillReceipt(documentOf(['Guest Check', 'Cashier : Mizan', 'Open: 18:43:34      Table: 25', 'Pax: 6']), false)).to.equal(true);
    const receipt = documentOf([
      'MR. D.I.Y. SDN BHD',
      '- TAX INVOICE -',
      'CORD TIE 3PCS   1X  2.70   2.70',
      'Item(s) : 8          Qty(s) : 11',
      'Total Incl. GST@6%      RM 53.30',
      'EDC                     RM 53.30',
      'EXCHANGE ARE ALLOWED WITHIN 7 DAYS WITH RECEIPT.',
      'STRICTLY NO CASH REFUND.',
    ]);

    expect(isTillReceipt(receipt, false)).to.equal(true);
  });

  it('knows a till by a cash sale’s title, its count of quantities and what was paid', () => {
    expect(isTillReceipt(documentOf(['Cash Sale', 'SINNATHAMBY HOLDINGS SDN. BHD.', 'Total Qty:  1', 'Total  13.50']), false)).to.equal(
      true,
    );
    expect(isTillReceipt(documentOf(['Total      RM7.00', 'Paid       RM7.00', 'Change     RM0.00']), false)).to.equal(true);
    expect(isTillReceipt(documentOf(['INVOICE', 'Total  1,200.00', 'Payable within 30 days']), false)).to.equal(false);
  });

  it('knows a European till by its cashier, register, branch, slip name and signing unit, each counted once', () => {
    expect(isTillReceipt(documentOf(['Es bediente Sie:', 'Frau Deppe', 'Datum Uhrzeit Filiale Pos Bed Bon']), false)).to.equal(false);
    expect(isTillReceipt(documentOf(['Filiale: 15608 Kasse:    5  Bediener:    110']), false)).to.equal(true);
    expect(isTillReceipt(documentOf(['* Kundenbeleg *', 'TSE-Signatur: MEUCIQC3']), false)).to.equal(true);
    expect(isTillReceipt(documentOf(['Rechnung Nr. 12', 'Sparkasse Paderborn 4711', 'Krankenkasse 12']), false)).to.equal(false);
    // A card terminal's slip: its ids and its "Zahlung erfolgt", one mark however many it prints.
    expect(
      isTillReceipt(documentOf(['** Kundenbeleg **', 'Terminal-ID: 74042069', 'VU-Nummer : 158477763', 'Zahlung erfolgt']), false),
    ).to.equal(true);
    expect(isTillReceipt(documentOf(['Terminal-ID: 74042069', 'TA-Nr.: 011888', 'Zahlung erfolgt']), false)).to.equal(false);
  });

  it('knows a till by cash − total = change under its total, whatever OCR made of the change’s label, with one other till line', () => {
    const till = ['SUMME           EUR     16,62', 'Bar             EUR     20,00', 'ROCKGELD        EUR      3,38'];
    expect(isTillReceipt(documentOf(till), false)).to.equal(true);
    expect(isTillReceipt(documentOf(till.map((line) => line.replace('Bar', 'Gutschein'))), false)).to.equal(false);
    expect(isTillReceipt(documentOf(['Summe    100,00', 'Bar      150,00', 'Anzahlung   60,00']), false)).to.equal(false);
    expect(isTillReceipt(documentOf(['Gesamtbetrag  119,00', 'Anzahlung      50,00', 'Restbetrag     69,00']), false)).to.equal(false);
  });

  const partyOf = (fields: Partial<Party['address']>): Party => ({ address: { ...emptyAddress(), ...fields }, evidence: {}, reasons: [] });

  it('gives the shop of the header the VAT number, and its country, that were all the party reader knew of the sender', () => {
    const sender = receiptSender(
      partyOf({ vat_id: 'CHE-878.628.766 MWST', country_code: 'CH' }),
      partyOf({ company_name: 'Corner Shop', street: 'Bahnhofstrasse 70', postal_code: '6003', city_name: 'Luzern' }),
    );

    expect(sender?.address).to.include({
      company_name: 'Corner Shop',
      postal_code: '6003',
      vat_id: 'CHE-878.628.766 MWST',
      country_code: 'CH',
    });
  });

  it('takes the registered company of the header over an outlet the party reader named at the same address, and keeps a named sender otherwise', () => {
    const shop = partyOf({ company_name: 'TRI SHAAS SDN BHD', street: '4-20, Jalan Ria 25/62', postal_code: '40400' });
    const outlet = partyOf({ company_name: 'MYDIN MART SRI MUDA', street: 'Seksyen', postal_code: '40400' });
    const elsewhere = partyOf({ company_name: 'MYDIN MART SRI MUDA', postal_code: '40100' });
    const registered = partyOf({ company_name: 'Molenwiek V.O.F.', postal_code: '40400' });

    expect(receiptSender(outlet, shop)?.address.company_name).to.equal('TRI SHAAS SDN BHD');
    expect(receiptSender(elsewhere, shop)).to.equal(elsewhere);
    expect(receiptSender(registered, shop)).to.equal(registered);
  });

  it('names an address the party reader found without a name by the registered company the header names', () => {
    const address = partyOf({ street: 'Mill Lane', house_number: '98bis', postal_code: 'EH2 2ER', city_name: 'Edinburgh' });

    expect(receiptSender(address, partyOf({ company_name: 'Thistle plc' }))?.address).to.include({
      company_name: 'Thistle plc',
      street: 'Mill Lane',
      postal_code: 'EH2 2ER',
    });
    // Not a name without a legal form (a brand, a title), nor a company the header prints at another postal code.
    expect(receiptSender(address, partyOf({ company_name: 'Thistle' }))).to.equal(address);
    expect(receiptSender(address, partyOf({ company_name: 'Thistle plc', postal_code: 'G1 1AA' }))).to.equal(address);
  });

  it('takes a legal form written with its full stops ("S.r.l.", "S.a.r.l.", "S.p.A.") for one', () => {
    const address = partyOf({ street: 'Piazza dei Signori', house_number: '118', postal_code: '80133', city_name: 'Napoli' });

    for (const name of ['Vetreria Colombo S.r.l.', 'Vetreria Colombo S.a.r.l.', 'Vetreria Colombo S.p.A.'])
      expect(receiptSender(address, partyOf({ company_name: name }))?.address.company_name).to.equal(name);
  });

  it('leaves an invoice to the invoice readers', () => {
    const invoice = documentOf(['Muster AG', 'Rechnung Nr. 12', 'Total CHF 120.00', 'Zahlbar innert 30 Tagen', 'Vielen Dank! Thank you']);

    expect(readTillReceipt(invoice, false)).to.equal(null);
  });

  it('given a shop’s "Tax Invoice" without a till’s lines, then the shop its header names where it reads as a till’s, else none', () => {
    const parking = documentOf([
      'First City Parking Sdn Bhd',
      '(961394-x)',
      'A-09-10 Prima Avenue',
      '47301 Petaling Jaya',
      'Selangor DE',
      '(GST ID No : 001656262656)',
      'Tax Invoice',
    ]);
    expect(readTillReceipt(parking, false)).to.equal(null);
    expect(headerShop(parking)?.address).to.include({ company_name: 'First City Parking Sdn Bhd', postal_code: '47301' });
    expect(headerShop(documentOf(['Muster', 'Rechnung Nr. 12', 'Total CHF 120.00']))).to.equal(null);
    // A year after a date's dots is no postal code of a place: no shop.
    const viewer = [
      'Lesbarmachung der XML-Daten von elektronischen Rechnungen',
      'Stylesheet-Version:     2.6 vom 10.11.2025',
      'Rechnungsstandard:      Factur-x 1.0 bzw. ZUGFeRD 2.x Profil EN16931',
    ];
    expect(headerShop(documentOf(viewer))).to.equal(null);
  });

  it('given what was paid with its cents spaced by OCR and the change, then a till receipt', () => {
    expect(
      isTillReceipt(
        documentOf(['Tax Invoice', 'Total                    RM7.00', 'Paid                     RM7.0 0', 'Change RM0.00']),
        false,
      ),
    ).to.equal(true);
  });
});
