import { expect } from 'chai';
import { runTexts, type PlacedGlyph } from './run-text.js';

const SIZE = 10;

/**
 * Glyphs of a run from a picture of it: each glyph is 5 units wide (half the size), in font 1 unless told; the gaps after glyphs
 * are given as a list in units ('|' in the picture takes the next one), '·' is a printed space, '^' a space PDFium
 * marks without one in the content.
 */
const glyphs = (picture: string, gaps: number[] = [], font = 1): PlacedGlyph[] => {
  const placed: PlacedGlyph[] = [];
  const rest = [...gaps];
  let x = 0;
  let spaceBefore: PlacedGlyph['spaceBefore'] = null;
  for (const character of picture) {
    if (character === '|') x += rest.shift()!;
    else if (character === '·') spaceBefore = 'printed';
    else if (character === '^') spaceBefore = 'generated';
    else {
      placed.push({ character, left: x, right: x + 5, font, spaceBefore });
      x += 5;
      spaceBefore = null;
    }
  }
  return placed;
};

const textOf = (picture: string, gaps: number[] = []) => runTexts([{ glyphs: glyphs(picture, gaps), size: SIZE }])[0];

describe('runTexts', () => {
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
    const werkstattservice = 'W|e|r|k|s|t|a|t|t|s|e|r^|v|i|c|e|G|m|b|H';
    const gaps = [0.6, 0.6, 0.5, 0.6, 0, 0.5, 1.01, 0, 0, 0, 0, 1.02, 0, 0, 0, 2.5, 0.6, 0.5, 0.6];
    expect(textOf(werkstattservice, gaps)).to.equal('Werkstattservice GmbH');
    expect(textOf('L|i|e|f|e|r|u|n|g|G|m|b|H', [0.5, 0, 0, -1, 0, 1.05, 0.6, 0.6, 3.1, 0.6, 0.5, 0.6])).to.equal('Lieferung GmbH');
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

  it('reads a short run by the letter spacing its font shows elsewhere on the page', () => {
    const letterSpaced = { glyphs: glyphs('R|e|c|h|n|u|n|g', [0.4, 0, 0, 0.6, 0.6, 0.6, 0.6]), size: SIZE };
    const art = { glyphs: glyphs('(|A|r|t|)', [0, 0, 1.04, 0.5]), size: SIZE };
    expect(runTexts([letterSpaced, art])).to.deep.equal(['Rechnung', '(Art)']);
    // A font set close elsewhere, or another font, does not lend its spacing.
    const setClose = { glyphs: glyphs('Rechnung|Nr.', [2.5]), size: SIZE };
    expect(runTexts([setClose, art])[1]).to.equal('(Ar t)');
    expect(runTexts([letterSpaced, { ...art, glyphs: glyphs('(|A|r|t|)', [0, 0, 1.04, 0.5], 2) }])[1]).to.equal('(Ar t)');
  });

  it('leaves a font letter-spaced only when a tenth of its gaps between letters on the page are such', () => {
    const long = { glyphs: glyphs('Zahlungsbedingungen|und|Lieferbedingungen', [2.6, 2.6]), size: SIZE };
    const twoKerns = { glyphs: glyphs('T|o|V|a', [0.5, 0, 0.5]), size: SIZE };
    const art = { glyphs: glyphs('(|A|r|t|)', [0, 0, 1.04, 0]), size: SIZE };
    expect(runTexts([long, long, twoKerns, art])[3]).to.equal('(Ar t)');
  });

  it('reads a narrow word gap after a glyph whose box reaches over the next one inside words, on a letter-spaced line', () => {
    // "f" boxes stand a tenth of the size over the next glyph: a gap of 0.09 of the size after one is a word gap.
    const page = [
      { glyphs: glyphs('L|i|e|f|e|r|u|n|g', [0.6, 0, 0, -1, 0, 1.0, 0.6, 0.6]), size: SIZE },
      { glyphs: glyphs('S|c|h|a|r|o|f|f^|A|G', [0, 0.6, 0, 0.5, 0, 0.6, -1, 0.9, 0.6]), size: SIZE },
      { glyphs: glyphs('H|o|f|3', [0.6, 0.6, 0.9]), size: SIZE },
    ];
    expect(runTexts(page)).to.deep.equal(['Lieferung', 'Scharoff AG', 'Hof 3']);
  });

  it('takes a kerning of some pairs for no overhang: the word gaps after such a glyph keep their measure', () => {
    // "V" drawn closer to "A" and "o" only; a tracked heading's "V" then stands a tracking plus a little from the next letter.
    const page = [
      { glyphs: glyphs('V|A|T', [-0.6, 0]), size: SIZE },
      { glyphs: glyphs('V|o|n', [-0.5, 0]), size: SIZE },
      { glyphs: glyphs('B|L|U|M|E|V|E|L|D·V|.|O|.', [0.9, 0.9, 0.7, 0.9, 0.9, 1.04, 0.9, 0.9, 0.9, 0.1, 0.9, 0.8]), size: SIZE },
    ];
    expect(runTexts(page)[2]).to.equal('BLUMEVELD V.O.');
  });
});
