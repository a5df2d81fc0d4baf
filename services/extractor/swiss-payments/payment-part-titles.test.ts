import { expect } from 'chai';
import { paymentPartsIn } from './payment-part-titles.js';

describe('swiss payments: counting the payment parts a page shows', () => {
  it('counts the payment part titles in German, English, French and Italian', () => {
    expect(paymentPartsIn('Empfangsschein   Zahlteil\nKonto / Zahlbar an')).to.equal(1);
    expect(paymentPartsIn('Receipt Payment part\n…\nRécépissé Section paiement')).to.equal(2);
    expect(paymentPartsIn('Ricevuta  Sezione pagamento')).to.equal(1);
  });

  it('reads titles whatever their case, as OCR sometimes gives them', () => {
    expect(paymentPartsIn('ZAHLTEIL')).to.equal(1);
  });

  it('counts none on a page without a bill, even one that talks about payment', () => {
    expect(paymentPartsIn('Zahlbar innert 30 Tagen. Payment parts are due monthly.')).to.equal(0);
  });
});
