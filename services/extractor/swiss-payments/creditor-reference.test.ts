import { expect } from 'chai';
import { isValidCreditorReference } from './creditor-reference.js';

describe('swiss payments: the ISO 11649 creditor reference', () => {
  it('accepts references of the SIX examples, with letters and of any length up to 25', () => {
    expect(isValidCreditorReference('RF18539007547034')).to.equal(true);
    expect(isValidCreditorReference('RF240191230100405JSH0438')).to.equal(true);
    expect(isValidCreditorReference('RF541234')).to.equal(true);
  });

  it('refuses a reference whose check digits do not match', () => {
    expect(isValidCreditorReference('RF19539007547034')).to.equal(false);
    expect(isValidCreditorReference('RF18539007547043')).to.equal(false);
  });

  it('refuses what is not shaped like one: no RF, lower case, spaces, too long', () => {
    expect(isValidCreditorReference('XX18539007547034')).to.equal(false);
    expect(isValidCreditorReference('rf18539007547034')).to.equal(false);
    expect(isValidCreditorReference('RF18 5390 0754 7034')).to.equal(false);
    expect(isValidCreditorReference('RF181234567890123456789012')).to.equal(false);
  });
});
