import { expect } from 'chai';
import { findContactPerson } from './contact-person.js';
import { toDocumentText } from '../layout/document-text.js';

const contactIn = (lines: string[]) => findContactPerson(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]))?.value ?? null;

describe('extractor: the sender’s contact person', () => {
  it('reads the person a contact label names, beside it or below it in a header table', () => {
    expect(contactIn(['Rechnungsdatum      2025-01-29', 'Sachbearbeiter      Peter Huber          z. Hd. Thomas Müller'])).to.equal(
      'Peter Huber',
    );
    expect(contactIn(['Your contact:  Michael Turner'])).to.equal('Michael Turner');
    expect(
      contactIn([
        'Lieferdatum     Ansprechpartner     Ihre Bestellung  Kunde',
        '30.03.2025      Claudia Weber       4531663817       103078',
      ]),
    ).to.equal('Claudia Weber');
    expect(contactIn(['Votre interlocuteur : Mme Claire Dubois'])).to.equal('Claire Dubois');
  });

  it('reads the labels of a person in charge in their other forms: "Ansprechpartner/in", "Berater", "Account manager", "Sales rep", "Contactpersoon"', () => {
    expect(contactIn(['Ansprechpartner/in: Anna Müller'])).to.equal('Anna Müller');
    expect(contactIn(['Ihr Berater: Peter Meier'])).to.equal('Peter Meier');
    expect(contactIn(['Account manager: John Smith'])).to.equal('John Smith');
    expect(contactIn(['Sales rep   John Smith'])).to.equal('John Smith');
    expect(contactIn(['Contactpersoon: Jan Jansen'])).to.equal('Jan Jansen');
  });

  it('given a contact label with the person’s name before a comma and the person’s phone and e-mail, reads the name', () => {
    expect(contactIn(['CONTACT : Claire Dubois, 01 02 03 04 05, c.dubois@vendeur.fr'])).to.equal('Claire Dubois');
    expect(contactIn(['Kontakt: 01 02 03 04 05, info@muster.ch'])).to.equal(null);
  });

  it('reads no person from contact details, other labels or companies', () => {
    expect(contactIn(['Kontakt: info@muster.ch'])).to.equal(null);
    expect(contactIn(['Contact   Muster AG'])).to.equal(null);
    expect(contactIn(['Referente     Vs. P.IVA'])).to.equal(null);
  });
});
