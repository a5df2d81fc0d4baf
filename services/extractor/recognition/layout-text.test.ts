import { expect } from 'chai';
import { layoutLines, layoutText, type PlacedText } from './layout-text.js';

/** A word of `text` at (left, top), 10 units per character and 20 units high: glyphs are 10 wide. */
const word = (text: string, left: number, top: number, height = 20): PlacedText => ({
  text,
  left,
  right: left + 10 * text.length,
  top,
  bottom: top + height,
});

describe('extractor: laying out placed text', () => {
  it('joins the words of a row with one space and separates columns by their distance', () => {
    const text = layoutText([word('Invoice', 0, 0), word('Date:', 75, 0), word('12.03.2026', 400, 0)]);

    expect(text).to.equal('Invoice Date:                           12.03.2026');
  });

  it('glues pieces that touch, as text layers split words', () => {
    expect(layoutText([word('Rech', 0, 0), word('nung', 40, 0)])).to.equal('Rechnung');
  });

  it('keeps words apart that start whole glyphs inside a word whose box a photo widened, and measures each gap from the word before', () => {
    const widened = { ...word('copie', 0, 0), right: 100 };

    expect(layoutText([widened, word('A4', 60, 0), word('80', 85, 0), word('g', 108, 0)])).to.equal('copie A4 80 g');
  });

  it('glues runs of a text layer that overlap by a kerning', () => {
    expect(layoutText([word('Rech', 0, 0), word('nung', 36, 0)])).to.equal('Rechnung');
  });

  it('keeps a value in its label’s column on the next line', () => {
    const lines = layoutText([word('Kunde', 0, 0), word('Rechnung', 300, 0), word('K-100', 0, 25), word('2026-0815', 300, 25)]).split('\n');

    expect(lines[0]!.indexOf('Rechnung')).to.equal(lines[1]!.indexOf('2026-0815'));
  });

  it('keeps a large heading from pulling the lines above and below it into its row', () => {
    const text = layoutText([word('Account', 0, 0), word('Heading', 300, 8, 30), word('296664039561', 0, 30)]);

    expect(text.split('\n')).to.have.length(2);
    expect(text).to.match(/^Account +Heading\n296664039561$/);
  });

  it('follows a slightly skewed line of a scan as one row', () => {
    const text = layoutText([word('Total', 0, 0), word('CHF', 60, 4), word('1081.00', 100, 8), word('next', 0, 40)]);

    expect(text).to.equal('Total CHF 1081.00\nnext');
  });

  it('given a photo turned so that each table row ends as high as the next row begins, then each row stays one line', () => {
    // Rows 30 apart, rising 4 for every 100 to the right: a row's right end is level with the next row's left end.
    const rising = (text: string, left: number, row: number) => word(text, left, 100 + 30 * row - 0.04 * left);
    const rows = [
      ['1', 'Desk', 'lamp', 'LED', '2', 'pcs', '24.00', '48.00'],
      ['2', 'Copy', 'paper', 'A4', '5', 'packs', '4.20', '21.00'],
      ['3', 'Office', 'chair', 'black', '1', 'pcs', '180.00', '180.00'],
    ];
    const lefts = [0, 30, 100, 160, 500, 530, 640, 760];
    const text = layoutText(rows.flatMap((row, index) => row.map((cell, column) => rising(cell, lefts[column]!, index))));

    expect(text.split('\n').map((line) => line.replace(/ +/g, ' '))).to.deep.equal([
      '1 Desk lamp LED 2 pcs 24.00 48.00',
      '2 Copy paper A4 5 packs 4.20 21.00',
      '3 Office chair black 1 pcs 180.00 180.00',
    ]);
  });

  it('given level text with a word set a little high (a superscript), then the rows are grouped as read', () => {
    const text = layoutText([
      word('Total', 0, 0),
      word('net', 60, 0),
      word('1)', 100, -6),
      word('99.00', 300, 0),
      word('Tax', 0, 40),
      word('7.00', 300, 40),
    ]);

    expect(text.split('\n')).to.have.length(2);
  });

  it('leaves a blank line where the page leaves a gap, and nothing for no text', () => {
    expect(layoutText([word('Header', 0, 0), word('Footer', 0, 300)])).to.equal('Header\n\nFooter');
    expect(layoutText([word('  ', 0, 0)])).to.equal('');
  });

  it('keeps each piece with the columns its characters occupy, so values can be traced to the page', () => {
    const pieces = [word('Total', 0, 0), word('CHF', 60, 0), word('1081.00', 400, 0)];
    const [line] = layoutLines(pieces);

    expect(line!.pieces.map(({ piece, start, end }) => [piece.text, line!.text.slice(start, end)])).to.deep.equal([
      ['Total', 'Total'],
      ['CHF', 'CHF'],
      ['1081.00', '1081.00'],
    ]);
    expect(line!.pieces[2]!.piece).to.equal(pieces[2]);
  });
});
