import { expect } from 'chai';
import { withDomainSpaces } from './domain-spaces.js';

describe('extractor: a space OCR read as a dot in a company’s name, shown by its own domain', () => {
  it('reads the dot between two words as a space where a domain spells the two as one, accents left out or kept', () => {
    expect(withDomainSpaces('Vallée.Bleue EURL', ['vallebleue'])).to.equal('Vallée Bleue EURL');
    expect(withDomainSpaces('Vallée.Bleue EURL', ['valleebleue'])).to.equal('Vallée Bleue EURL');
    expect(withDomainSpaces('Stahlbau.Ritter GmbH', ['info', 'stahlbauritter'])).to.equal('Stahlbau Ritter GmbH');
  });

  it('reads umlauts and ß as a domain writes them without ("ue", "ss")', () => {
    expect(withDomainSpaces('Müller.Großbau AG', ['muellergrossbau'])).to.equal('Müller Großbau AG');
  });

  it('leaves the dot where no domain spells both words as one', () => {
    expect(withDomainSpaces('Vallée.Bleue EURL', ['vallee'])).to.equal('Vallée.Bleue EURL');
    expect(withDomainSpaces('Vallée.Bleue EURL', ['bleuevallee'])).to.equal('Vallée.Bleue EURL');
    expect(withDomainSpaces('Vallée.Bleue EURL', [])).to.equal('Vallée.Bleue EURL');
  });

  it('leaves a dotted legal form, an abbreviation of two letters and a dot not between two words', () => {
    expect(withDomainSpaces('Duinzand B.V.', ['duinzandbv'])).to.equal('Duinzand B.V.');
    expect(withDomainSpaces('Bäckerei St.Gallen AG', ['baeckereistgallen'])).to.equal('Bäckerei St.Gallen AG');
    expect(withDomainSpaces('Rhein 2.0 AG', ['rhein20'])).to.equal('Rhein 2.0 AG');
  });
});
