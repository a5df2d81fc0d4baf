import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findPaymentMethod } from './payment-method.js';

const methodIn = (text: string) => findPaymentMethod(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the payment method', () => {
  it('reads what a payment-method label names, in German, French, Italian and English', () => {
    expect(methodIn('Zahlungsart: Bankeinzug')).to.equal('direct_debit');
    expect(methodIn('Zahlungsform                          Banküberweisung')).to.equal('bank_transfer');
    expect(methodIn('Payment method: Credit Card')).to.equal('credit_card');
    expect(methodIn('Mode de paiement : Virement')).to.equal('bank_transfer');
    expect(methodIn('Modalità di pagamento: contanti')).to.equal('cash');
    expect(methodIn('Bezahlt mit TWINT')).to.equal('twint');
  });

  it('reads Dutch and Spanish methods after their labels, and the sentences that state them', () => {
    expect(methodIn('Betaalwijze: overboeking')).to.equal('bank_transfer');
    expect(methodIn('Betaald met pinbetaling')).to.equal('debit_card');
    expect(methodIn('Veuillez verser le montant sur le compte BE68 5390 0754 7034')).to.equal('bank_transfer');
    expect(methodIn('Gelieve het bedrag te storten op rekening BE68 5390 0754 7034')).to.equal('bank_transfer');
    expect(methodIn('TOTAAL                                12,76\nPINNEN                                12,76')).to.equal('debit_card');
    expect(methodIn('Betaalwijze: automatische incasso')).to.equal('direct_debit');
    expect(methodIn('Forma de pago: Transferencia')).to.equal('bank_transfer');
    expect(methodIn('Forma de pago: domiciliación bancaria')).to.equal('direct_debit');
    expect(methodIn('Forma de pago: efectivo')).to.equal('cash');
    expect(methodIn('Gelieve het bedrag over te maken op IBAN NL91 ABNA 0417 1643 00')).to.equal('bank_transfer');
    expect(methodIn('Gelieve te betalen op NL91 ABNA 0417 1643 00 o.v.v. factuurnummer.')).to.equal('bank_transfer');
    expect(methodIn('Het bedrag wordt automatisch van uw rekening afgeschreven.')).to.equal('direct_debit');
    expect(methodIn('El importe se cargará en su cuenta.')).to.equal('direct_debit');
  });

  it('reads a method a sentence states', () => {
    expect(methodIn('Der Betrag wird von nachfolgendem Konto abgebucht.')).to.equal('direct_debit');
    expect(methodIn('Bitte überweisen Sie den Betrag bis zum 30.05.2017.')).to.equal('bank_transfer');
    expect(methodIn('Der Rechnungsbetrag wird am 15.03.2026 abgebucht.')).to.equal('direct_debit');
  });

  it('given a SEPA mandate’s reference, then the amount is collected by direct debit', () => {
    expect(methodIn('DE12 2005 0550 1234 5678 90 (Mandatsreferenz NT-4711-0815-01)')).to.equal('direct_debit');
    expect(methodIn('Mandate reference: MR-2231, creditor ID DE98ZZZ09999999999')).to.equal('direct_debit');
  });

  it('reads a method whose umlaut OCR dropped or read as two i’s', () => {
    expect(methodIn('Zahlungsart: Uberweisung')).to.equal('bank_transfer');
    expect(methodIn('Bitte iiberweisen Sie den Betrag auf unser untenstehendes Konto.')).to.equal('bank_transfer');
  });

  it('names no method the document does not state', () => {
    expect(methodIn('Rechnung Nr. 17\nTotal CHF 100.00')).to.equal(null);
    expect(methodIn('Zahlungsart: nach Vereinbarung')).to.equal(null);
  });

  it('reads the tender line of a receipt: the method that paid, alone before its amount', () => {
    expect(methodIn('Zu zahlen CHF        15.00\nBar                  20.00\nRückgeld              5.00')).to.equal('cash');
    expect(methodIn('À PAYER          €7,70\nEspèces          10,00')).to.equal('cash');
    expect(methodIn('Totale         16,55 €\nPagamento American Express     16,55')).to.equal('credit_card');
    expect(methodIn('TOTAL          €9,20\nRèglement Maestro       9,20')).to.equal('debit_card');
    expect(methodIn('TOTAL A PAYER               12,53 €\nCB                          12,53 €')).to.equal('credit_card');
    expect(methodIn('Payment TWINT         51.38')).to.equal('twint');
    expect(methodIn('SUMME                  EUR  7,56\nGeg. EC-Cash           EUR  7,56')).to.equal('debit_card');
    expect(methodIn('Pagamento American Express2,00')).to.equal('credit_card');
    expect(methodIn("Contanti'.          “0         50.00")).to.equal('cash');
    expect(methodIn('ZU ZAHLEN EURO       24,23\nBARGELD              40,00\nZURÜCK               15,77')).to.equal('cash');
    expect(methodIn('Total EUR          114,98\nBar EUR            120,00')).to.equal('cash');
    expect(methodIn('SUMME [3]   EUR   152,00\nGEGEBEN ec-Karte   EUR   152,00')).to.equal('debit_card');
  });

  it('reads the card a terminal’s slip names under or beside its payment heading', () => {
    expect(methodIn('-K-U-N-D-E-N-B-E-L-E-G-\n    Kartenzahlung\n      girocard\nEUR 152,00')).to.equal('debit_card');
    expect(methodIn('   Kartenzahlung Debit MasterCard\n07.09.2018')).to.equal('debit_card');
    expect(methodIn('   Kartenzahlung\n   contact less\n   Visa')).to.equal('credit_card');
    expect(methodIn('   Kartenzahlung\n   Zahlung erfolgt')).to.equal(null);
    // "electronic cash" is the German debit card scheme's former name, not cash.
    expect(methodIn('Summe                59,96\nelec.-cash           59,96')).to.equal('debit_card');
  });

  it('reads a method named right after a payment word, never one a payment term merely mentions', () => {
    expect(methodIn('Der Rechnungsbetrag wird per SEPA-Lastschrift eingezogen.')).to.equal('direct_debit');
    expect(methodIn('Zahlung innerhalb von 30 Tagen, 2% Skonto bei Barzahlung')).to.equal(null);
    expect(methodIn('Bar Centrale\nVia Roma 1')).to.equal(null);
  });
});
