import { expect } from 'chai';
import { countryFromName, countryFromPostalPrefix, countryFromVatId } from './countries.js';

describe('extractor: countries', () => {
  it('reads country names in English, German, French and Italian', () => {
    expect(['Switzerland', 'Schweiz', 'Suisse', 'Svizzera'].map(countryFromName)).to.deep.equal(['CH', 'CH', 'CH', 'CH']);
    expect(['Deutschland', 'Allemagne', 'Germania', 'Italie', 'Österreich'].map(countryFromName)).to.deep.equal(['DE', 'DE', 'DE', 'IT', 'AT']);
    expect(countryFromName('Zürich')).to.equal(null);
  });

  it('reads postal prefixes and VAT id prefixes', () => {
    expect(['CH', 'D', 'A', 'F', 'I', 'FL', 'DE', 'XY'].map(countryFromPostalPrefix)).to.deep.equal(['CH', 'DE', 'AT', 'FR', 'IT', 'LI', 'DE', null]);
    expect(['CHE-116.281.710 MWST', 'ATU13585627', 'DE136695976', 'EL123456789'].map(countryFromVatId)).to.deep.equal(['CH', 'AT', 'DE', 'GR']);
  });
});
