import { expect } from 'chai';
import { emptyAddress, type Address } from '../../contracts/events/extracted-data.js';
import { addressReference } from './address-reference.js';

const address = (fields: Partial<Address>): Address => ({ ...emptyAddress(), ...fields });

describe("read model: the tenant's reference to a party's address", () => {
  it('given two documents naming one VAT id, then the reference is the same, however the id is spelt and wherever the party moved', () => {
    const before = address({ company_name: 'Muster AG', postal_code: '8001', city_name: 'Zürich', vat_id: 'CHE-116.281.710 MWST' });
    const after = address({ company_name: 'Muster AG', postal_code: '3011', city_name: 'Bern', vat_id: 'che116281710mwst' });

    expect(addressReference('acme', before)).to.be.a('string').and.equal(addressReference('acme', after));
  });

  it('given no VAT id, then the name at its postal code and country identifies the party, spelt as the fuzzy filter reads names', () => {
    const printed = address({ company_name: 'Müller & Söhne KG', postal_code: '80331', country_code: 'DE' });
    const ocrRead = address({ company_name: 'MUELLER & SOEHNE KG', postal_code: '80331', country_code: 'DE' });
    const elsewhere = address({ company_name: 'Müller & Söhne KG', postal_code: '70565', country_code: 'DE' });

    expect(addressReference('acme', printed)).to.equal(addressReference('acme', ocrRead));
    expect(addressReference('acme', printed)).not.to.equal(addressReference('acme', elsewhere));
  });

  it('given the same party in two tenants, then their references differ: a reference says nothing across tenants', () => {
    const party = address({ company_name: 'Muster AG', vat_id: 'CHE-116.281.710 MWST' });

    expect(addressReference('acme', party)).not.to.equal(addressReference('globex', party));
  });

  it('given too little to tell the party (a name without a place, a place without a name), then there is no reference', () => {
    expect(addressReference('acme', address({ company_name: 'Muster AG' }))).to.equal(null);
    expect(addressReference('acme', address({ postal_code: '8001', city_name: 'Zürich' }))).to.equal(null);
  });
});
