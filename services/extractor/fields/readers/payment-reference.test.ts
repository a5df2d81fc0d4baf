import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findPaymentReference } from './payment-reference.js';

const referenceIn = (text: string) => findPaymentReference(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the payment reference', () => {
  it('given a Belgian structured communication whose check holds, then it is the reference wherever it is printed', () => {
    expect(referenceIn('avec la communication structurée +++123/4567/89002+++')).to.equal('+++123/4567/89002+++');
    expect(referenceIn('Gestructureerde mededeling: ***123/4567/89002***')).to.equal('+++123/4567/89002+++');
    expect(referenceIn('+++123/4567/89003+++'), 'its check failing').to.equal(null);
  });

  it('reads the Dutch "Betalingskenmerk", and takes the buyer\'s own reference ("Uw referentie", "Su referencia") for none', () => {
    expect(referenceIn('Betalingskenmerk: 1234 5678 9012 3456')).to.equal('1234 5678 9012 3456');
    expect(referenceIn('Uw referentie:     PO-88213')).to.equal(null);
    expect(referenceIn('Su referencia: PO-88213')).to.equal(null);
  });

  it('reads QR and creditor references without their grouping spaces', () => {
    expect(referenceIn('Referenz   21 00000 00003 13947 14300 09017')).to.equal('210000000003139471430009017');
    expect(referenceIn('Payment reference: RF18 5390 0754 7034')).to.equal('RF18539007547034');
    expect(referenceIn('Riferimento pagamento: RFO5 INV6 5593 0876')).to.equal('RF05INV655930876');
  });

  it('reads free references in German, French, Italian and English', () => {
    expect(referenceIn('Referenz (bitte bei Zahlung angeben)  GE2020211-471102')).to.equal('GE2020211-471102');
    expect(referenceIn('Verwendungszweck: Rechnung 181301674')).to.equal('Rechnung 181301674');
    expect(referenceIn('Communication : +++090/9337/55493+++')).to.equal('+++090/9337/55493+++');
    expect(referenceIn('Communication : 090933755493')).to.equal('090933755493');
    expect(referenceIn('Causale: Fattura 12/2026')).to.equal('Fattura 12/2026');
  });

  it('reads a reference made of labelled numbers whole, each number with its label', () => {
    expect(referenceIn('Zahlungsreferenz:      Kundennummer:. 22334455 Rechnungsnummer:. 6069999998')).to.equal(
      'Kundennummer:. 22334455 Rechnungsnummer:. 6069999998',
    );
    expect(referenceIn('Payment reference:     Customer no: 88 Invoice: INV-12')).to.equal('Customer no: 88 Invoice: INV-12');
  });

  it('prefers a payment reference label to a bare "Reference"', () => {
    const text = [
      'Invoice Date:      Reference:',
      '03/20/2023         CUSTREF123',
      'Please use the following communication for your payment : 202309097001',
    ].join('\n');

    expect(referenceIn(text)).to.equal('202309097001');
  });

  it('does not take a party’s own reference or a mandate for the payment reference', () => {
    expect(referenceIn('Ihre Referenz: AB-312')).to.equal(null);
    expect(referenceIn('Votre référence  PO445')).to.equal(null);
    expect(referenceIn('Mandatsreferenz: M-K0100077603-0001')).to.equal(null);
    expect(referenceIn('Referenz des Käufers:    05 158 004 - 11023 - 45')).to.equal(null);
    expect(referenceIn('Weitere Referenz:        Abrechnung 2010')).to.equal(null);
  });

  it('reads a QR or ESR reference printed without a label when its check digit holds', () => {
    expect(referenceIn('Zahlbar durch\n                  16 55110 00000 00863 33330 70037')).to.equal('165511000000008633333070037');
    expect(referenceIn('Telefon 12 34567 89012 34567 89012 34568')).to.equal(null);
  });

  it('takes neither an item table’s reference column nor a quantity for the payment reference', () => {
    expect(referenceIn('Réf.      Référence     Désignation      Quantité\n1         638997        Livre            1')).to.equal(null);
    expect(referenceIn('8   SKU-64175   Reference book:        3 pcs       50.05')).to.equal(null);
  });

  it('reads the number printed right above a remark asking to quote it with the payment', () => {
    expect(referenceIn('Allgemeine Haftpflichtversicherung VSNR: 01.234.567.8\n(Bei Schriftwechsel und Zahlung bitte angeben.)')).to.equal(
      '01.234.567.8',
    );
    expect(
      referenceIn('Sachversicherungsvertrag Nr: 00.123.456.7          18. April 2014\n(Bei Schriftwechsel und Zahlung bitte angeben.)'),
    ).to.equal('00.123.456.7');
    expect(referenceIn('Contract no. 44-1207\n(please quote with your payment)')).to.equal('44-1207');
    // A remark of another kind, or a line above without a labelled number, says nothing.
    expect(referenceIn('Kundennummer: 10042\n(Bei Rückfragen bitte angeben.)')).to.equal(null);
    expect(referenceIn('Sehr geehrter Herr Mustermann,\n(Bei Schriftwechsel und Zahlung bitte angeben.)')).to.equal(null);
  });
});
