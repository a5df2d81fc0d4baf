import { expect } from 'chai';
import { toDocumentText } from './document-text.js';
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

  it('reads a method a sentence states', () => {
    expect(methodIn('Der Betrag wird von nachfolgendem Konto abgebucht.')).to.equal('direct_debit');
    expect(methodIn('Bitte überweisen Sie den Betrag bis zum 30.05.2017.')).to.equal('bank_transfer');
  });

  it('names no method the document does not state', () => {
    expect(methodIn('Rechnung Nr. 17\nTotal CHF 100.00')).to.equal(null);
    expect(methodIn('Zahlungsart: nach Vereinbarung')).to.equal(null);
  });
});
