import { expect } from 'chai';
import {
  countryByEvidence,
  countryFromDomain,
  countryFromName,
  countryFromPhone,
  countryFromPostalPrefix,
  countryFromVatId,
  postalCodeFits,
} from './countries.js';

describe('extractor: countries', () => {
  it('reads country names in English, German, French and Italian', () => {
    expect(['Switzerland', 'Schweiz', 'Suisse', 'Svizzera'].map(countryFromName)).to.deep.equal(['CH', 'CH', 'CH', 'CH']);
    expect(['Deutschland', 'Allemagne', 'Germania', 'Italie', 'Österreich'].map(countryFromName)).to.deep.equal([
      'DE',
      'DE',
      'DE',
      'IT',
      'AT',
    ]);
    expect(countryFromName('Zürich')).to.equal(null);
  });

  it('reads a name printed with a space where the list has a hyphen, and its accent dropped', () => {
    expect(['États Unis', 'Etats Unis', 'États-Unis', 'Pays  Bas'].map(countryFromName)).to.deep.equal(['US', 'US', 'US', 'NL']);
  });

  it('reads country names in Dutch, and names in capitals whose accents OCR dropped', () => {
    expect(['DUITSLAND', 'Zwitserland', 'Oostenrijk', 'Frankrijk', 'Italië', 'Verenigd Koninkrijk'].map(countryFromName)).to.deep.equal([
      'DE',
      'CH',
      'AT',
      'FR',
      'IT',
      'GB',
    ]);
    expect(['OSTERREICH', 'BELGIE', 'GROSSBRITANNIEN', 'ETATS-UNIS', 'Vereinigtes Königreich'].map(countryFromName)).to.deep.equal([
      'AT',
      'BE',
      'GB',
      'US',
      'GB',
    ]);
    expect(countryFromName('Bern')).to.equal(null);
  });

  it('reads postal prefixes and VAT id prefixes', () => {
    expect(['CH', 'D', 'A', 'F', 'I', 'FL', 'DE', 'XY'].map(countryFromPostalPrefix)).to.deep.equal([
      'CH',
      'DE',
      'AT',
      'FR',
      'IT',
      'LI',
      'DE',
      null,
    ]);
    expect(['CHE-116.281.710 MWST', 'ATU13585627', 'DE136695976', 'EL123456789'].map(countryFromVatId)).to.deep.equal([
      'CH',
      'AT',
      'DE',
      'GR',
    ]);
  });

  it('knows the shape of each country’s postal codes', () => {
    expect(postalCodeFits('CH', '8001')).to.equal(true);
    expect(postalCodeFits('DE', '8001')).to.equal(false);
    expect(postalCodeFits('DE', '04109')).to.equal(true);
    expect(postalCodeFits('GB', 'EC2A 4NE')).to.equal(true);
    expect(postalCodeFits('NL', '1025 RX')).to.equal(true);
    expect(postalCodeFits('LI', '9490')).to.equal(true);
    expect(postalCodeFits('LI', '8001')).to.equal(false);
  });

  it('reads the country of phone numbers by dialling code and of web and mail addresses by domain', () => {
    expect(
      ['+41 44 123 45 67', '0049 30 1234567', '+423 232 00 00', '+1 212 555 0100', '044 123 45 67'].map(countryFromPhone),
    ).to.deep.equal(['CH', 'DE', 'LI', 'US', null]);
    expect(['info@muster.ch', 'www.muster.co.uk', 'office@firma.at', 'www.example.com'].map(countryFromDomain)).to.deep.equal([
      'CH',
      'GB',
      'AT',
      null,
    ]);
  });

  it('decides a country only where the evidence agrees and the postal code has its shape', () => {
    expect(
      countryByEvidence('3011', [
        { country: 'CH', weight: 2 },
        { country: 'CH', weight: 1 },
      ]),
    ).to.equal('CH');
    // A German phone number says nothing about an address with a four-digit postal code.
    expect(countryByEvidence('3011', [{ country: 'DE', weight: 2 }])).to.equal(null);
    expect(
      countryByEvidence('80331', [
        { country: 'DE', weight: 2 },
        { country: 'FR', weight: 2 },
      ]),
    ).to.equal(null);
    expect(countryByEvidence('80331', [{ country: 'DE', weight: 1 }])).to.equal(null);
  });
});
