import { expect } from 'chai';
import { withDomainAccents } from './domain-accents.js';

describe('extractor: the accents of a company’s name its own domain shows OCR dropped', () => {
  it('gives back an umlaut where the domain leaves its letter out (no domain spells “ä”)', () => {
    expect(withDomainAccents('Santis GmbH', ['sntis'])).to.equal('Säntis GmbH');
  });

  it('gives back an umlaut where the domain writes it as German does without umlauts ("ae")', () => {
    expect(withDomainAccents('Santis Sàrl', ['saentis'])).to.equal('Säntis Sàrl');
    expect(withDomainAccents('Muller AG', ['info', 'mueller'])).to.equal('Müller AG');
  });

  it('gives back an acute on an e the domain leaves out, the first of a doubled one ("ée")', () => {
    expect(withDomainAccents('Leman SA', ['lman'])).to.equal('Léman SA');
    expect(withDomainAccents('Vallee Bleue SAS', ['vallebleue'])).to.equal('Vallée Bleue SAS');
  });

  it('reads a capital B amid small letters as the ß it is where the domain writes "ss" there', () => {
    expect(withDomainAccents('GroBbau GmbH', ['grossbau'])).to.equal('Großbau GmbH');
    // A capital inside a name its domain spells as read is the name's ("BauBerg", "bauberg").
    expect(withDomainAccents('BauBerg GmbH', ['bauberg'])).to.equal('BauBerg GmbH');
    expect(withDomainAccents('GroBbau GmbH', ['grobbau'])).to.equal('GroBbau GmbH');
    expect(withDomainAccents('GroBbau GmbH', [])).to.equal('GroBbau GmbH');
  });

  it('keeps the case of the letter it accents (a name in capitals)', () => {
    expect(withDomainAccents('SANTIS AG', ['sntis'])).to.equal('SÄNTIS AG');
  });

  it('leaves a word the domain spells as read: its letters are plain ones', () => {
    expect(withDomainAccents('Aare Sàrl', ['aare'])).to.equal('Aare Sàrl');
    expect(withDomainAccents('Stahlbau Ritter GmbH', ['stahlbauritter'])).to.equal('Stahlbau Ritter GmbH');
  });

  it('leaves a word the domain does not spell, or spells one letter apart in more than one way', () => {
    expect(withDomainAccents('Santis GmbH', ['rhein'])).to.equal('Santis GmbH');
    expect(withDomainAccents('Santis GmbH', [])).to.equal('Santis GmbH');
    // Without its first a or without its last: two places, no telling which had the accent.
    expect(withDomainAccents('Arosa AG', ['rosa', 'aros'])).to.equal('Arosa AG');
  });

  it('leaves a word OCR read with accents, a legal form and a word with figures or signs', () => {
    expect(withDomainAccents('Säntis GmbH', ['sntis'])).to.equal('Säntis GmbH');
    expect(withDomainAccents('Elbtal SARL', ['elbtalsrl'])).to.equal('Elbtal SARL');
    expect(withDomainAccents('S4ntis AG', ['sntis'])).to.equal('S4ntis AG');
  });

  it('needs four letters of the domain to stand for the word: a short word is another’s by chance', () => {
    expect(withDomainAccents('Ota AG', ['ta'])).to.equal('Ota AG');
  });
});
