import { expect } from 'chai';
import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import { toDocumentText } from '../layout/document-text.js';
import type { Party } from './parties.js';
import { withNameAccents } from './party-accents.js';

/** One page whose words OCR read (a confidence each) or a text layer printed (none). */
const pageOf = (lines: string[], confidence: number | null) =>
  toDocumentText([
    {
      pageNumber: 1,
      text: lines.join('\n'),
      words: lines.map((text, index) => ({ text, box: [0.1, 0.1 + index * 0.03, 0.5, 0.12 + index * 0.03], confidence })),
    },
  ]);

const found = (value: string) => ({ value, confidence: 0.9, page: 1, box: null });

const partyOf = (company: string, street: string, contact: string): Party => ({
  address: { ...emptyAddress(), company_name: company, street, contact_person_name: contact },
  evidence: { company_name: found(company), street: found(street), contact_person_name: found(contact) },
  reasons: [],
});

describe('extractor: the accents OCR dropped from a party’s name and street', () => {
  const lines = ['Atelier Lumiere EURL', 'allée Jean Jaures 12', 'Eline de Vries'];

  it('gives back the accents of the company name and street OCR read, from any language’s dictionary', () => {
    const party = withNameAccents(partyOf('Atelier Lumiere EURL', 'allée Jean Jaures', 'Eline de Vries'), pageOf(lines, 0.9))!;

    expect(party.address).to.deep.include({ company_name: 'Atelier Lumière EURL', street: 'allée Jean Jaurès' });
    expect(party.evidence.company_name).to.deep.include({ value: 'Atelier Lumière EURL' });
  });

  it('leaves the contact person’s name: one language’s “Éline” is another’s “Eline”', () => {
    const party = withNameAccents(partyOf('Atelier Lumiere EURL', 'allée Jean Jaures', 'Eline de Vries'), pageOf(lines, 0.9))!;

    expect(party.address.contact_person_name).to.equal('Eline de Vries');
  });

  it('leaves a name a text layer printed: its accents are as printed', () => {
    const party = withNameAccents(partyOf('Atelier Lumiere EURL', 'allée Jean Jaures', 'Eline de Vries'), pageOf(lines, null))!;

    expect(party.address).to.deep.include({ company_name: 'Atelier Lumiere EURL', street: 'allée Jean Jaures' });
  });

  it('leaves a name a text layer printed on a page where OCR read a picture (a logo) elsewhere', () => {
    const page = toDocumentText([
      {
        pageNumber: 1,
        text: 'LUMIERE\nAtelier Lumiere EURL',
        words: [
          { text: 'LUMIERE', box: [0.1, 0.02, 0.4, 0.06], confidence: 0.8 },
          { text: 'Atelier Lumiere EURL', box: [0.1, 0.1, 0.5, 0.12], confidence: null },
        ],
      },
    ]);
    const printed = {
      value: 'Atelier Lumiere EURL',
      confidence: 0.9,
      page: 1,
      box: [0.1, 0.1, 0.5, 0.12] as [number, number, number, number],
    };
    const party: Party = { ...partyOf('Atelier Lumiere EURL', '', ''), evidence: { company_name: printed } };
    const read = { ...printed, box: [0.1, 0.02, 0.4, 0.06] as [number, number, number, number] };

    expect(withNameAccents(party, page)!.address.company_name).to.equal('Atelier Lumiere EURL');
    expect(withNameAccents({ ...party, evidence: { company_name: read } }, page)!.address.company_name).to.equal('Atelier Lumière EURL');
  });

  it('leaves an English word of a name ("Elite"), and no party stays none', () => {
    const party = withNameAccents(partyOf('Elite Decor Ltd', 'High Street', 'Jo Smith'), pageOf(lines, 0.9))!;

    expect(party.address.company_name).to.equal('Elite Decor Ltd');
    expect(withNameAccents(null, pageOf(lines, 0.9))).to.equal(null);
  });

  it('given a party addressed in an English-writing country, then its names’ words as read ("Deco", "Linne"); its street’s kind still read', () => {
    const read = ['Deco Addict', '7500 W Linne Lape', 'Pleasant Hill CA 94523'];
    const party = (country: string) => {
      const american = partyOf('Deco Addict', 'Linne Lape', '');
      american.address.country_code = country;
      return withNameAccents(american, pageOf(read, 0.9))!.address;
    };

    expect(party('US')).to.include({ company_name: 'Deco Addict', street: 'Linne Lane' });
    expect(party('FR')).to.include({ company_name: 'Déco Addict' });
  });

  it('reads the street’s kind OCR misread a letter of as the kind, on a page OCR read only', () => {
    const read = ['Kestrel plc', 'Mill Lape 107', 'Eline de Vries'];
    const party = partyOf('Kestrel plc', 'Mill Lape', 'Eline de Vries');

    expect(withNameAccents(party, pageOf(read, 0.9))!.address.street).to.equal('Mill Lane');
    expect(withNameAccents(party, pageOf(read, null))!.address.street).to.equal('Mill Lape');
  });

  it('gives back the accent of a name’s word no dictionary knows where the party’s own domain shows it, on a page OCR read only', () => {
    const read = ['Santis GmbH | Spitalgasse 111 | 4051 Basel', 'factuur@sntis.ch'];
    const party = partyOf('Santis GmbH', 'Spitalgasse', '');

    expect(withNameAccents(party, pageOf(read, 0.9), ['sntis'])!.address.company_name).to.equal('Säntis GmbH');
    expect(withNameAccents(party, pageOf(read, 0.9))!.address.company_name).to.equal('Santis GmbH');
    expect(withNameAccents(party, pageOf(read, null), ['sntis'])!.address.company_name).to.equal('Santis GmbH');
  });

  it('reads a dot between two words of the company’s name as the space its own domain shows, then gives back their accents', () => {
    const read = ['Vallée.Bleue EURL | 143 rue Nationale | 44000 Nantes', 'office@vallebleue.fr'];
    const party = partyOf('Vallée.Bleue EURL', 'rue Nationale', '');

    expect(withNameAccents(party, pageOf(read, 0.9), ['vallebleue'])!.address.company_name).to.equal('Vallée Bleue EURL');
    expect(withNameAccents(party, pageOf(read, 0.9))!.address.company_name).to.equal('Vallée.Bleue EURL');
    expect(withNameAccents(party, pageOf(read, null), ['vallebleue'])!.address.company_name).to.equal('Vallée.Bleue EURL');
    // The words parted, a dictionary gives back the accent OCR dropped too.
    const unaccented = partyOf('Vallee.Bleue EURL', 'rue Nationale', '');
    expect(withNameAccents(unaccented, pageOf(read, 0.9), ['valleebleue'])!.address.company_name).to.equal('Vallée Bleue EURL');
  });
});
