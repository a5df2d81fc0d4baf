import { expect } from 'chai';
import { contactNameOf, isPrinted, partyNameOf, printedTruth } from './printed-einvoice-corpus.js';

describe('printed e-invoice truth: an XML value is judged only where the page prints it', () => {
  const page = [
    'Rechnung Nr. 471102   Datum: 05.06.2018',
    'Lieferant GmbH, Lieferantenstraße 20, 80333 München',
    'USt-IdNr. DE 136 695 976',
    'Pos  Bezeichnung          Menge   MwSt   Betrag',
    '1    Kunstrasen grün      3,00    19 %   1.234,50',
    'Gesamt netto 1.234,50 EUR',
  ].join('\n');

  it('given a date printed day first with points, then the ISO date of the XML counts as printed', () => {
    expect(isPrinted('accounting_document.invoice_date', '2018-06-05', page)).to.equal(true);
    expect(isPrinted('accounting_document.delivery_date', '2018-06-03', page)).to.equal(false);
  });

  it('given an amount printed with a thousands point and a decimal comma, then it counts; a figure inside a longer one does not', () => {
    expect(isPrinted('accounting_document.amount_details.net_amount_total', '1234.5', page)).to.equal(true);
    expect(isPrinted('accounting_document.amount_total', '234.5', page)).to.equal(false);
  });

  it('given a tax rate printed with a space before its per cent sign, then it counts', () => {
    expect(isPrinted('accounting_document.items.0.tax_rate', '19', page)).to.equal(true);
    expect(isPrinted('accounting_document.items.0.tax_rate', '7', page)).to.equal(false);
  });

  it('given text printed with other spacing or case, then it counts; text the page does not print does not', () => {
    expect(isPrinted('sender_address.street_and_number', 'Lieferantenstraße 20', page)).to.equal(true);
    expect(isPrinted('receiver_address.company_name', 'Kunden AG Mitte', page)).to.equal(false);
  });

  it('given the XML’s truth, then silence, units, country codes and made-up ids are left unjudged, and the item count only stands with every title printed', () => {
    const judged = printedTruth(
      {
        'accounting_document.number': '471102',
        'accounting_document.reference': null,
        'sender_address.country_code': 'DE',
        'sender_address.vat_id': 'DE136695976',
        'receiver_address.vat_id': 'DE123456789',
        'accounting_document.items.count': '2',
        'accounting_document.items.0.title': 'Kunstrasen grün',
        'accounting_document.items.0.unit': 'MTK',
        'accounting_document.items.1.title': 'Schweinesteak',
      },
      page,
    );

    expect(judged).to.deep.equal({
      'accounting_document.number': '471102',
      'sender_address.vat_id': 'DE136695976',
      'accounting_document.items.0.title': 'Kunstrasen grün',
    });
  });

  it('given a party name the XML opens with a salutation or identifier lines, then the name is judged without them', () => {
    expect(partyNameOf('Herrn\nMax Mustermann')).to.equal('Max Mustermann');
    expect(partyNameOf('GLN 4304171000002 \nKunden-Nr. : 009420\nMUSTER-KUNDE GMBH')).to.equal('MUSTER-KUNDE GMBH');
    expect(partyNameOf('Lief-Nr: 549910\nMUSTERLIEFERANT GMBH')).to.equal('MUSTERLIEFERANT GMBH');
    expect(partyNameOf('Studio 54 GmbH\nAbteilung Einkauf')).to.equal('Studio 54 GmbH\nAbteilung Einkauf');
    expect(
      printedTruth({ 'receiver_address.company_name': 'Herrn\nMax Mustermann' }, 'Herrn\nMax Mustermann\nMusterstr. 11'),
    ).to.deep.equal({
      'receiver_address.company_name': 'Max Mustermann',
    });
  });

  it('given a contact person the XML names with a salutation, then the person is judged by the name without it', () => {
    expect(contactNameOf('Herr Thomas Auftraggeber')).to.equal('Thomas Auftraggeber');
    expect(contactNameOf('Frau Simone Einkauf')).to.equal('Simone Einkauf');
    expect(contactNameOf('Hermann Frauke')).to.equal('Hermann Frauke');
    expect(
      printedTruth({ 'receiver_address.contact_person_name': 'Herr Thomas Auftraggeber' }, 'Ansprechpartner: Herr Thomas Auftraggeber'),
    ).to.deep.equal({ 'receiver_address.contact_person_name': 'Thomas Auftraggeber' });
  });
});
