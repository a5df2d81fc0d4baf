import { expect } from 'chai';
import type { TextLine } from '../layout/document-text.js';
import { spanOf } from '../values/finding.js';
import { capitalsAccentedIn, itemTitleAt, titleAsPrinted } from './item-title-misreads.js';

/** A recognized line of words boxed 0.008 high at their tops (0.006 of the page wide a character). */
const lineOf = (words: readonly (readonly [string, number])[]): TextLine => {
  let text = '';
  const boxed = words.map(([word, top]) => {
    const start = text.length;
    text += `${word} `;
    const end = start + word.length;
    return { start, end, box: [start * 0.006, top, end * 0.006, top + 0.008] as [number, number, number, number], confidence: 0.9 };
  });
  return { page: 1, index: 0, text: text.trimEnd(), segments: [], words: boxed, legibility: 1 };
};

describe('extractor: item titles OCR misread', () => {
  it('parts a word of small letters from a figure OCR glued to it', () => {
    expect(titleAsPrinted('Kabelkanal40x60', ',')).to.equal('Kabelkanal 40x60');
  });

  it('parts a paper format from the paper weight glued to it', () => {
    expect(titleAsPrinted('Kopierpapier A480 g', '.')).to.equal('Kopierpapier A4 80 g');
    expect(titleAsPrinted('Papier copie A480g', ',')).to.equal('Papier copie A4 80 g');
  });

  it('leaves a format and weight printed apart, and codes that are no format', () => {
    expect(titleAsPrinted('Copy paper A4 80 g', '.')).to.equal('Copy paper A4 80 g');
    expect(titleAsPrinted('Ersatzteil BA4801g', '.')).to.equal('Ersatzteil BA4801g');
  });

  it('reads a third decimal 1 closing a volume as its litre, in the document’s decimal mark', () => {
    expect(titleAsPrinted('Eau minérale 0,751', ',')).to.equal('Eau minérale 0,75 l');
    expect(titleAsPrinted('Eau minérale 0.751', ',')).to.equal('Eau minérale 0,75 l');
    expect(titleAsPrinted('Mineral water 1.501 still', '.')).to.equal('Mineral water 1.50 l still');
  });

  it('writes a volume in its language’s decimal mark, whatever mark money takes (Swiss money prints a point)', () => {
    expect(titleAsPrinted('Eau minérale 0,751', '.', 'fr')).to.equal('Eau minérale 0,75 l');
    expect(titleAsPrinted('Acqua minerale 0.751', '.', 'it')).to.equal('Acqua minerale 0,75 l');
    expect(titleAsPrinted('Mineral water 0,751', ',', 'en')).to.equal('Mineral water 0.75 l');
  });

  it('reads a volume whose decimal mark was lost too, a figure with a leading zero after a name', () => {
    expect(titleAsPrinted('Mineraalwater0751', ',')).to.equal('Mineraalwater 0,75 l');
    expect(titleAsPrinted('Mineral water 0751', '.', 'en')).to.equal('Mineral water 0.75 l');
    expect(titleAsPrinted('Schraube 0753', ',')).to.equal('Schraube 0753');
    expect(titleAsPrinted('Modell 1751', ',')).to.equal('Modell 1751');
  });

  it('parts a name from the figure a scan joined to it with a point', () => {
    expect(titleAsPrinted('Eau minérale.0,75 l', ',', 'fr')).to.equal('Eau minérale 0,75 l');
    expect(titleAsPrinted('Ref.2024 Wartung', ',')).to.equal('Ref.2024 Wartung');
  });

  it('leaves figures with other third decimals, and longer numbers', () => {
    expect(titleAsPrinted('Schraube 0,753', ',')).to.equal('Schraube 0,753');
    expect(titleAsPrinted('Modell 120.501', '.')).to.equal('Modell 120.501');
  });

  it('reads a quantity of one whose 1 OCR read as I or l before its unit ("AEPFEL IKG"), and leaves a word "IL"', () => {
    expect(titleAsPrinted('AEPFEL IKG', '.')).to.equal('AEPFEL 1KG');
    expect(titleAsPrinted('Zucker lkg', ',')).to.equal('Zucker 1kg');
    expect(titleAsPrinted('ACQUA IL', ',')).to.equal('ACQUA IL');
    expect(titleAsPrinted('IKG Service', '.')).to.equal('IKG Service');
  });

  it('reads "AS" closing a name as the format A5', () => {
    expect(titleAsPrinted('Notebook AS', '.')).to.equal('Notebook A5');
    expect(titleAsPrinted('NOTEBOOK AS', '.')).to.equal('NOTEBOOK A5');
    expect(titleAsPrinted('AS Service', '.')).to.equal('AS Service');
    expect(titleAsPrinted('NOTIZBUCH AS.', '.'), 'a speck after it').to.equal('NOTIZBUCH A5');
  });

  it('gives back the accents OCR dropped, from the spelling dictionary of the document’s language', () => {
    expect(titleAsPrinted('Broschuren 4-farbig', ',', 'de')).to.equal('Broschüren 4-farbig');
    expect(titleAsPrinted('Cafe en grains bio', ',', 'fr')).to.equal('Café en grains bio');
    expect(titleAsPrinted('Caffe in grani bio', ',', 'it')).to.equal('Caffè in grani bio');
  });

  it('leaves the accents alone in an English document, or one whose language is not known', () => {
    expect(titleAsPrinted('Cafe latte', '.', 'en')).to.equal('Cafe latte');
    expect(titleAsPrinted('Broschuren 4-farbig', ',', null)).to.equal('Broschuren 4-farbig');
  });

  it('reads a French "a" alone between two words as "à" (a title conjugates no verb), in French documents only', () => {
    expect(titleAsPrinted("Bureau d'angle avec siège a gauche", ',', 'fr')).to.equal("Bureau d'angle avec siège à gauche");
    expect(titleAsPrinted('Poubelle a pédale', ',', 'fr')).to.equal('Poubelle à pédale');
    expect(titleAsPrinted('Vitamine A', ',', 'fr')).to.equal('Vitamine A');
    expect(titleAsPrinted('Plan a trip', '.', 'en')).to.equal('Plan a trip');
  });

  it('given a French title whose plain capital OCR read stands an accent’s height above its ascenders, gives the capital its accent', () => {
    // "Écrans": its box reaches 0.002 above "ant-bruit" (b and t reach a capital's height), a quarter of their height.
    const accented = lineOf([
      ['Ecrans', 0.314],
      ['ant-bruit', 0.316],
    ]);
    const span = spanOf(accented, 0, accented.text.length);
    expect([...capitalsAccentedIn(span)]).to.deep.equal(['Ecrans']);
    expect(itemTitleAt('Ecrans ant-bruit', span, ',', 'fr')).to.equal('Écrans ant-bruit');

    // Level with them, the capital is printed plain, as French often prints it.
    const plain = lineOf([
      ['Ecrans', 0.316],
      ['ant-bruit', 0.316],
    ]);
    expect(itemTitleAt('Ecrans ant-bruit', spanOf(plain, 0, plain.text.length), ',', 'fr')).to.equal('Ecrans ant-bruit');
    // Without a word of small letters with ascenders to measure by, nothing is told.
    const alone = lineOf([['Ecrans', 0.314]]);
    expect(capitalsAccentedIn(spanOf(alone, 0, alone.text.length)).size).to.equal(0);
  });
});
