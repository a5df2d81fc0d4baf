import { expect } from 'chai';
import { runText, type PlacedGlyph } from './run-text.js';

const SIZE = 10;

/**
 * Glyphs of a run from a picture of it: each glyph is 5 units wide (half the size); the gaps after glyphs
 * are given as a list in units ('|' in the picture takes the next one), '·' is a printed space, '^' a space PDFium
 * marks without one in the content.
 */
const glyphs = (picture: string, gaps: number[] = []): PlacedGlyph[] => {
  const placed: PlacedGlyph[] = [];
  const rest = [...gaps];
  let x = 0;
  let spaceBefore: PlacedGlyph['spaceBefore'] = null;
  for (const character of picture) {
    if (character === '|') x += rest.shift()!;
    else if (character === '·') spaceBefore = 'printed';
    else if (character === '^') spaceBefore = 'generated';
    else {
      placed.push({ character, left: x, right: x + 5, spaceBefore });
      x += 5;
      spaceBefore = null;
    }
  }
  return placed;
};

const textOf = (picture: string, gaps: number[] = []) => runText({ glyphs: glyphs(picture, gaps), size: SIZE });

describe('runText', () => {
  it('reads glyphs set close as one word and a gap of more than a tenth of the size as a word gap', () => {
    expect(textOf('Rechnung|Nr.', [2.5])).to.equal('Rechnung Nr.');
    expect(textOf('Rech|nung', [0.5])).to.equal('Rechnung');
  });

  it('keeps the spaces the content prints, one for several', () => {
    expect(textOf('Summe·netto')).to.equal('Summe netto');
    expect(textOf('Summe·^netto')).to.equal('Summe netto');
  });

  it('reads a kerned line, its glyphs overlapping a little, with its word gaps', () => {
    expect(textOf('V|A|T|rate', [-0.8, -0.6, 1.5])).to.equal('VAT rate');
  });

  it('keeps a word gap PDFium marks on a line of glyphs set close', () => {
    expect(textOf('Menge^Preis', [0.8])).to.equal('Menge Preis');
  });

  it('reads a line with its letters spaced out as words, though some letters stand a tenth of the size apart', () => {
    // Bold text placed glyph by glyph: about 0.06 of the size between letters, 0.1 after some, 0.25 between words.
    const industrieservice = 'I|n|d|u|s|t|r|i|e|s|e|r^|v|i|c|e|G|m|b|H';
    const gaps = [0.6, 0.6, 0.5, 0.6, 0, 0.5, 1.01, 0, 0, 0, 0, 1.02, 0, 0, 0, 2.5, 0.6, 0.5, 0.6];
    expect(textOf(industrieservice, gaps)).to.equal('Industrieservice GmbH');
    expect(textOf('L|i|e|f|e|r|a|n|t|G|m|b|H', [0.5, 0, 0, -1, 0, 1.05, 0.6, 0.6, 3.1, 0.6, 0.5, 0.6])).to.equal('Lieferant GmbH');
  });

  it('still reads the word gaps of a letter-spaced line that are a space wider than its letter spacing', () => {
    expect(textOf('A|B|C|D|E', [0.6, 0.6, 1.8, 0.6])).to.equal('ABC DE');
  });

  it('takes a single wide gap between letters for a word gap: one gap is no letter spacing', () => {
    expect(textOf('Ab|c|d', [0.5, 1.1])).to.equal('Abc d');
  });

  it('keeps a printed space on a letter-spaced line', () => {
    expect(textOf('A|B|C·D|E', [0.6, 0.6, 0.6, 0.6])).to.equal('ABC DE');
  });
});
