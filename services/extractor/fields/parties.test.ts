import { expect } from 'chai';
import { findAddressBlocks } from './address-blocks.js';
import { findBankAccounts } from './bank-accounts.js';
import { toDocumentText } from './document-text.js';
import { findParties } from './parties.js';
import { findTaxIds } from './tax-ids.js';

const partiesIn = (lines: string[]) => {
  const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
  return findParties(document, findAddressBlocks(document), findTaxIds(document), findBankAccounts(document).accounts);
};

const filler = Array.from({ length: 30 }, (_, index) => `Position ${index + 1}`);

describe('extractor: sender and receiver', () => {
  it('takes the return line and the footer with VAT id and IBAN for the sender, the window below the return line for the receiver (DIN 5008)', () => {
    const { sender, receiver } = partiesIn([
      'Acme GmbH | Europa-Allee 19 | 60486 Frankfurt',
      '',
      'Herrn',
      'Karl Coyote',
      'Uferstraße 113',
      '88045 Friedrichshafen',
      '',
      'Rechnung Nr. 42',
      ...filler,
      '',
      'Acme GmbH                 Volksbank Frankfurt',
      'Europa-Allee 19           IBAN: DE89 3704 0044 0532 0130 00',
      '60486 Frankfurt           USt-IdNr. DE136695976',
    ]);

    expect(sender?.address).to.include({ company_name: 'Acme GmbH', street: 'Europa-Allee', house_number: '19', postal_code: '60486', vat_id: 'DE136695976', country_code: 'DE' });
    expect(receiver?.address).to.include({ company_name: 'Karl Coyote', street: 'Uferstraße', house_number: '113', city_name: 'Friedrichshafen', country_code: 'DE' });
  });

  it('follows party labels, and takes no delivery address for the receiver', () => {
    const { sender, receiver } = partiesIn([
      'Lieferant                        Rechnungsadresse                 Lieferadresse',
      'Muster AG                        Kunde SA                         Kunde SA Lager',
      'Bahnhofstrasse 1                 Rue du Lac 5                     Hafenstrasse 9',
      'CH-8001 Zürich                   CH-1003 Lausanne                 CH-4057 Basel',
      'MWST CHE-116.281.710 MWST        N° TVA client CHE-109.322.551 TVA',
    ]);

    expect(sender?.address).to.include({ company_name: 'Muster AG', city_name: 'Zürich', country_code: 'CH', vat_id: 'CHE-116.281.710 MWST' });
    expect(receiver?.address).to.include({ company_name: 'Kunde SA', street: 'Rue du Lac', house_number: '5', city_name: 'Lausanne' });
  });

  it('gives the VAT id labelled as the customer’s to the receiver', () => {
    const { sender, receiver } = partiesIn([
      'Muster AG | Bahnhofstrasse 1 | 8001 Zürich',
      '',
      'Kunde GmbH',
      'Hauptstrasse 3',
      'D-79539 Lörrach',
      '',
      'Ihre USt-IdNr.: DE136695976',
      'MWST-Nr. CHE-116.281.710 MWST',
    ]);

    expect(sender?.address.vat_id).to.equal('CHE-116.281.710 MWST');
    expect(receiver?.address).to.include({ company_name: 'Kunde GmbH', country_code: 'DE', vat_id: 'DE136695976' });
  });

  it('leaves both parties out when nothing tells who is who', () => {
    const { sender, receiver } = partiesIn(['Besprechungsnotiz', ...filler.slice(0, 10), 'Treffpunkt:', 'Muster AG', 'Bahnhofstrasse 1', '8001 Zürich', ...filler.slice(0, 10)]);

    expect(sender).to.equal(null);
    expect(receiver).to.equal(null);
  });

  it('does not count the account a direct debit is taken from as the sender’s', () => {
    const { senderAccounts } = partiesIn(['Der Betrag wird von Ihrem Konto abgebucht:', 'IBAN: DE89 3704 0044 0532 0130 00', '', 'Bankverbindung: IBAN DE02 1203 0000 0000 2020 51']);

    expect(senderAccounts.map((account) => account.iban)).to.deep.equal(['DE02120300000000202051']);
  });
});
