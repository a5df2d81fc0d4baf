import { expect } from 'chai';
import { segmentsOf, type TextLine } from '../layout/document-text.js';
import { withSplitRowsJoined } from './split-table-rows.js';

/** A line of monospaced words (0.006 of the page wide a character, 0.008 high) printed at `top`. */
const lineAt = (index: number, text: string, top: number): TextLine => ({
  page: 1,
  index,
  text,
  segments: segmentsOf(text),
  words: [...text.matchAll(/\S+/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    box: [match.index * 0.006, top, (match.index + match[0].length) * 0.006, top + 0.008],
    confidence: 0.9,
  })),
  legibility: 1,
});

/** The same line with its words' boxes moved by `columns` characters, as the layout of another line may set them. */
const shifted = (line: TextLine, columns: number): TextLine => ({
  ...line,
  words: line.words.map((word) => ({
    ...word,
    box: [word.box[0] + columns * 0.006, word.box[1], word.box[2] + columns * 0.006, word.box[3]],
  })),
});

const TABLE_LEFT = 15;

describe('extractor: table rows the layout split', () => {
  it('given a name’s first word set on the line under its row at the row’s height, puts it back before the rest of the name', () => {
    const row = lineAt(0, '  +1 555-0111                de bureau          79,00     300,00     23 700,00', 0.372);
    // Laid out where it is printed: ending a space before "de".
    const broken = lineAt(1, 'Combinaison'.padStart(row.text.indexOf('de bureau') - 1), 0.372);

    const [joined, rest] = withSplitRowsJoined([row, broken], TABLE_LEFT);

    expect(joined!.text).to.equal('  +1 555-0111    Combinaison de bureau          79,00     300,00     23 700,00');
    expect(joined!.segments.map((segment) => segment.text)).to.include('Combinaison de bureau');
    expect(rest!.text, 'the line it was set on is left blank').to.equal('');
  });

  it('given a figure’s first digits set on the line under it, overlapping its columns by a character, puts them right before it', () => {
    const row = lineAt(0, '            Tiroir        90,00     100,00      000,00', 0.349);
    // "9" is printed right before "000,00" (a space apart) but laid out over its first column.
    const broken = shifted(lineAt(1, '                                                 9', 0.349), -2);

    const [joined] = withSplitRowsJoined([row, broken], TABLE_LEFT);

    expect(joined!.text).to.equal('            Tiroir        90,00     100,00    9 000,00');
  });

  it('given a quantity set on the line above its row at the row’s height, puts it into the row at its own columns', () => {
    const quantity = lineAt(0, '  mail@example.com                                37,00', 0.372);
    const row = lineAt(1, '            Support de bureau avec écran                      2010,00     74 370,00', 0.372);

    const [rest, joined] = withSplitRowsJoined([quantity, row], TABLE_LEFT);

    expect(joined!.text).to.equal('            Support de bureau avec écran          37,00       2010,00     74 370,00');
    expect(rest!.text, 'words left of the table (an address beside it) stay on their line').to.equal('  mail@example.com');
  });

  it('leaves the next printed line alone: a name wrapped onto it is a line’s pitch lower', () => {
    const row = lineAt(0, '            Architecte Principal (Facturation sur     89,00     150,00     13 350,00', 0.3);
    const wrapped = lineAt(1, '            Temps)', 0.314);

    expect(withSplitRowsJoined([row, wrapped], TABLE_LEFT)).to.deep.equal([row, wrapped]);
  });

  it('leaves lines without word boxes (text recorded before boxes were kept) as they are', () => {
    const row = { ...lineAt(0, '            de bureau      79,00', 0.372), words: [] };
    const broken = { ...lineAt(1, '  Combinaison', 0.372), words: [] };

    expect(withSplitRowsJoined([row, broken], TABLE_LEFT)).to.deep.equal([row, broken]);
  });
});
