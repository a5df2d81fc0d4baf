import { expect } from 'chai';
import { accentLanguagesOf, indexOf, stemsOf, withAccentsRestored } from './spelling-accents.js';

describe('extractor: accents OCR dropped, from the spelling dictionary of the document’s language', () => {
  describe('in a German text', () => {
    const german = (text: string) => withAccentsRestored(text, ['de']);

    it('gives an inflected noun its stem’s umlaut', () => {
      expect(german('Broschuren 4-farbig')).to.equal('Broschüren 4-farbig');
    });

    it('gives a compound’s part its umlaut, first or last', () => {
      expect(german('Burodrehstuhl ergonomisch')).to.equal('Bürodrehstuhl ergonomisch');
      expect(german('Werbebroschuren')).to.equal('Werbebroschüren');
    });

    it('gives a word whose head no dictionary holds its last part’s umlaut', () => {
      expect(german('Holstenbrucke')).to.equal('Holstenbrücke');
    });

    it('leaves a word whose last part reads as a word’s form as printed too: a place’s adjective ("Warburger Straße", not "Warbürger")', () => {
      expect(german('Warburger Straße')).to.equal('Warburger Straße');
    });

    it('adds the umlauts OCR dropped beside one it read, and sets right a mark OCR misread', () => {
      expect(german('Fruhstücksbrotchen')).to.equal('Frühstücksbrötchen');
      expect(german('Kônigstraße')).to.equal('Königstraße');
    });

    it('leaves a word whose accents no dictionary word has where it has them', () => {
      expect(german('Pèna')).to.equal('Pèna');
      expect(german('Gómez')).to.equal('Gómez');
    });

    it('leaves a word that is a word as read, though another is spelled with an umlaut', () => {
      expect(german('schon schone Schonzeit')).to.equal('schon schone Schonzeit');
      expect(german('Kaffee Creme')).to.equal('Kaffee Creme');
      expect(german('Apfel Gala')).to.equal('Apfel Gala');
    });

    it('leaves a compound of unaccented words that one part with an ending could misread ("Nordlicht" is no "nördlich" + t)', () => {
      expect(german('Nordlicht GmbH')).to.equal('Nordlicht GmbH');
    });

    it('leaves short words, capitals-only codes and words touching digits', () => {
      expect(german('Ol fur Tur')).to.equal('Ol fur Tur');
      expect(german('BURO-SET')).to.equal('BURO-SET');
      expect(german('Buro2 2Buro')).to.equal('Buro2 2Buro');
    });

    it('keeps the case of each letter', () => {
      expect(german('BROSCHUREN und Broschuren')).to.equal('BROSCHUREN und Broschüren');
    });
  });

  it('gives French and Italian words their accents, inflected French ones too', () => {
    expect(withAccentsRestored('Cafe en grains bio', ['fr'])).to.equal('Café en grains bio');
    expect(withAccentsRestored('Eau minerale', ['fr'])).to.equal('Eau minérale');
    expect(withAccentsRestored('Caffe in grani bio', ['it'])).to.equal('Caffè in grani bio');
    expect(withAccentsRestored('Libro di contabilita', ['it'])).to.equal('Libro di contabilità');
  });

  it('leaves French words that are words without their accents ("ou", "a", "cote")', () => {
    expect(withAccentsRestored('ou a la cote', ['fr'])).to.equal('ou a la cote');
    expect(withAccentsRestored('Installation sur site', ['fr'])).to.equal('Installation sur site');
  });

  it('leaves a word two accented words share the letters of', () => {
    // "pêche" and "péché": no telling which was printed.
    expect(withAccentsRestored('Peche', ['fr'])).to.equal('Peche');
  });

  it('restores a name’s words from any of the languages, and leaves English words a guard names ("Elite", "Cafe")', () => {
    const name = (text: string) => withAccentsRestored(text, ['de', 'fr', 'it'], ['en']);
    expect(name('Leman GmbH')).to.equal('Léman GmbH');
    expect(name('Atelier Lumiere EURL')).to.equal('Atelier Lumière EURL');
    expect(name('Elite Decor AG')).to.equal('Elite Decor AG');
    expect(name('Cafe Central')).to.equal('Cafe Central');
  });

  it('restores nothing without a language that writes accents', () => {
    expect(accentLanguagesOf('en')).to.deep.equal([]);
    expect(accentLanguagesOf(null)).to.deep.equal([]);
    expect(withAccentsRestored('Cafe latte', accentLanguagesOf('en'))).to.equal('Cafe latte');
    expect(accentLanguagesOf('fr')).to.deep.equal(['fr']);
  });

  it('reads a dictionary’s stems before their flags, words of letters only', () => {
    const stems = stemsOf('5\nBroschüre/NMm\ncafé/S.\tpo:nom\ncafé-au-lait/L\n1er/--\nschon\n\tcomment\n');
    expect(stems).to.deep.equal(['Broschüre', 'café', 'schon']);
    const index = indexOf(stems);
    expect([...index.accented.get('broschure')!]).to.deep.equal(['broschüre']);
    expect(index.words.has('schon')).to.equal(true);
    expect(index.common.has('broschüre')).to.equal(false);
  });

  it('leaves a French capital OCR read without its accent as read (French sets capitals plain), the rest of the word restored', () => {
    expect(withAccentsRestored('Assemblage de Cuisine (Etapes Importantes)', ['fr'])).to.equal(
      'Assemblage de Cuisine (Etapes Importantes)',
    );
    expect(withAccentsRestored('Ecrans anti-bruit', ['fr'])).to.equal('Ecrans anti-bruit');
    expect(withAccentsRestored('Dépot de meubles', ['fr'])).to.equal('Dépôt de meubles');
    // German prints its capitals' umlauts: given back.
    expect(withAccentsRestored('Ubersicht', ['de'])).to.equal('Übersicht');
  });
});
