import { expect } from 'chai';
import { isSettledOtherwise } from './payment-settlement.js';

describe('extractor: is a document settled without a bank transfer?', () => {
  const settled = [
    'Usage charges for this period will be charged on your next billing date.',
    '(Not to be used for payment remittance)',
    'Der Betrag wird per SEPA-Lastschrift von Ihrem Konto abgebucht.',
    'Bezahlt mit Kreditkarte',
    'Payé par carte bancaire',
    'Pagato con carta di credito',
    'Paid in full, thank you.',
  ];
  for (const text of settled) {
    it(`given "${text}", then settled otherwise`, () => expect(isSettledOtherwise(text)).to.equal(true));
  }

  const payable = [
    'Please transfer the amount within 30 days to IBAN CH93 0076 2011 6238 5295 7.',
    'Zahlbar innert 30 Tagen netto.',
    'Payable à 30 jours.',
    'Da pagare entro 30 giorni.',
    '2% cash discount if paid within 10 days.',
  ];
  for (const text of payable) {
    it(`given "${text}", then payable by transfer`, () => expect(isSettledOtherwise(text)).to.equal(false));
  }
});
