import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { spanOf } from '../values/finding.js';
import { domainNamesIn } from './domain-names.js';
import { namePrintsIn, votedReading, type Reading } from './print-votes.js';

/** A reading of the text, every word read with the same confidence unless given per word. */
const reading = (text: string, confidence: number | number[] | null, chosen = false): Reading => ({
  words: text.split(' ').map((word, index) => ({ text: word, confidence: Array.isArray(confidence) ? confidence[index]! : confidence })),
  chosen,
});

describe('extractor: a name or street voted over its prints', () => {
  it('gives nothing for a text printed once', () => {
    expect(votedReading([reading('Säntis AG', 0.9, true)])).to.equal(null);
  });

  it('takes the spelling most prints read where OCR misread a letter in one of three', () => {
    const vote = votedReading([reading('Ahein SA', 0.95, true), reading('Rhein SA', 0.9), reading('Rhein SA', 0.85)]);

    expect(vote).to.deep.equal({ value: 'Rhein SA', agreeing: 2, conflicting: 1 });
  });

  it('takes of two prints that disagree in a word the word OCR read more surely, each word on its own', () => {
    const vote = votedReading([reading('Siintis Sàrl', [0.55, 0.95], true), reading('Säntis Sarl', [0.93, 0.9])]);

    expect(vote?.value).to.equal('Säntis Sàrl');
  });

  it('keeps the accents one print kept where the others dropped them: OCR drops accents, it does not add them', () => {
    const vote = votedReading([reading('Santis AG', 0.95, true), reading('Santis AG', 0.95), reading('Säntis AG', 0.7)]);

    expect(vote).to.deep.equal({ value: 'Säntis AG', agreeing: 3, conflicting: 0 });
  });

  it('takes of two prints as sure of two spellings the one a web or mail domain of the document spells', () => {
    const domains = domainNamesIn(
      toDocumentText([{ pageNumber: 1, text: 'Rheln Sàrl\nTel. +41 61 000 00 00\nbilling@rhein.ch\nwww.rhein-sarl.ch\nRhein Sàrl' }]),
    );
    expect(domains).to.deep.equal(['rhein', 'rheinsarl']);
    expect(votedReading([reading('Rheln Sàrl', 0.9, true), reading('Rhein Sàrl', 0.9)], domains)?.value).to.equal('Rhein Sàrl');
    expect(votedReading([reading('Pannonia GmbH', 0.9, true), reading('Ponnonia GmbH', 0.9)], ['pannonia'])?.value).to.equal(
      'Pannonia GmbH',
    );
    // Without a domain spelling one, the chosen print's; a majority of prints is not outvoted by a domain.
    expect(votedReading([reading('Rheln Sàrl', 0.9, true), reading('Rhein Sàrl', 0.9)])?.value).to.equal('Rheln Sàrl');
    expect(votedReading([reading('Aare AG', 0.9, true), reading('Aare AG', 0.9), reading('Aore AG', 0.9)], ['aore'])?.value).to.equal(
      'Aare AG',
    );
  });

  it('takes the word without OCR’s marks of a misread letter, however sure OCR was of the other', () => {
    const vote = votedReading([reading('HainstraBBe', 0.97, true), reading('Hainstraße', 0.6)]);

    expect(vote?.value).to.equal('Hainstraße');
  });

  it('takes the word without a digit OCR read amid its letters or at the head of small ones, however sure OCR was of it', () => {
    expect(votedReading([reading('BERGKRI5TALL OG', 0.97, true), reading('Bergkristall OG', 0.8)])?.value).to.equal('Bergkristall OG');
    expect(votedReading([reading('E1btal e.K.', 0.97, true), reading('Elbtal e.K.', 0.8)])?.value).to.equal('Elbtal e.K.');
    expect(votedReading([reading('5tahlbau Ritter GmbH', 0.97, true), reading('Stahlbau Ritter GmbH', 0.8)])?.value).to.equal(
      'Stahlbau Ritter GmbH',
    );
    // An ordinal is printed so: "1st" is no misread "lst".
    expect(votedReading([reading('1st Avenue', 0.97, true), reading('lst Avenue', 0.8)])?.value).to.equal('1st Avenue');
  });

  it('counts a print of another shape (a word added, a space lost) without voting its words', () => {
    const vote = votedReading([reading('Alpenblick KG', 0.9, true), reading('y % Alpenblick KG', 0.95), reading('AlpenblickKG', 0.95)]);

    expect(vote).to.deep.equal({ value: 'Alpenblick KG', agreeing: 2, conflicting: 1 });
  });

  it('does not vote words that are not one word misread: two prints of different names are only counted', () => {
    const vote = votedReading([reading('Rue de Bourg', 0.6, true), reading('Rue de Lausanne', 0.95)]);

    expect(vote).to.deep.equal({ value: 'Rue de Bourg', agreeing: 1, conflicting: 1 });
  });

  it('keeps the chosen print’s reading where the prints tie and OCR’s confidence says nothing (a text layer)', () => {
    const vote = votedReading([reading('Vallée Bleue SA', null, true), reading('Vallée Bleug SA', null)]);

    expect(vote?.value).to.equal('Vallée Bleue SA');
  });

  it('finds a company’s name printed outside the address blocks: a logo in capitals, an account holder’s line, a closing line', () => {
    const document = toDocumentText([
      {
        pageNumber: 1,
        text: [
          '(RA) RHEIN AG',
          'Rhein AG',
          'Spitalgasse 85',
          'Kontoinhaber: Rhein AG, Basel',
          'Mit freundlichen Grüssen  Rhein A6',
          'Rhein GmbH',
          'Rhcin AG is not Jura AG',
        ].join('\n'),
      },
    ]);
    const block = [spanOf(document.lines[1]!, 0, 8)];

    const prints = namePrintsIn(document, 'Rhein AG', block).map((print) => print.words.map((word) => word.text).join(' '));

    // Not the block's own line; not "Rhein A6" nor "Rhein GmbH" (the legal form is the anchor), "Rhcin AG" (a letter misread) is one.
    expect(prints).to.deep.equal(['RHEIN AG', 'Rhein AG', 'Rhcin AG']);
    expect(namePrintsIn(document, 'Rhein', block)).to.deep.equal([]);
  });
});
