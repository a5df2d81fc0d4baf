import { expect } from 'chai';
import { nominalAccount } from './nominal-accounts.js';

describe('extractor: nominal accounts (Swiss SME chart)', () => {
  it('books items by what they pay for, in German, French, Italian and English', () => {
    expect(nominalAccount('Kopierpapier A4, 5 Pakete', null)).to.equal('6500');
    expect(nominalAccount('Microsoft 365 Lizenz', null)).to.equal('6570');
    expect(nominalAccount('Diesel', null)).to.equal('6200');
    expect(nominalAccount('Loyer bureau mars', null)).to.equal('6000');
    expect(nominalAccount('Assicurazione responsabilità civile', null)).to.equal('6300');
    expect(nominalAccount('Hotel Zürich, 2 nights', null)).to.equal('6640');
    expect(nominalAccount('Buchhaltung März', null)).to.equal('6530');
  });

  it('falls back on the sender’s name, and gives no account when unsure', () => {
    expect(nominalAccount('Abo inOne business', 'Swisscom (Schweiz) AG')).to.equal('6510');
    expect(nominalAccount('Joghurt Banane', 'Muster AG')).to.equal(null);
    expect(nominalAccount('Mineralwasser', null)).to.equal(null);
  });
});
