import { expect } from 'chai';
import { doubtfulRegions, mergeReread } from './doubtful-regions.js';
import type { OcrWord } from './ocr-engine.js';

const HEIGHT = 30;
/** A word `column` character widths from the left on line `row`, 20 px a character, 50 px a line. */
const word = (text: string, row: number, column: number, confidence: number): OcrWord => ({
  text,
  left: column * 20,
  right: (column + text.length) * 20,
  top: row * 50,
  bottom: row * 50 + HEIGHT,
  confidence,
});

// A window address read as nonsense beside meta data read well; the page's other lines read well.
const page = [
  word('Fontana', 0, 60, 0.95),
  word('Impianti', 0, 68, 0.94),
  word('rm', 2, 4, 0.19),
  word('aa', 2, 12, 0.28),
  word('Data:', 2, 40, 0.95),
  word('Vivaah', 3, 4, 0.32),
  word('ey', 3, 11, 0.45),
  word('Numero:', 3, 40, 0.95),
  word('50122', 4, 4, 0.93),
  word('Firenze', 4, 10, 0.96),
  word('Fattura', 8, 4, 0.95),
  word('Totale', 12, 4, 0.93),
  word('l|', 12, 60, 0.3),
];

describe('extractor: reading doubtful regions of a page again', () => {
  it('finds each group of doubtful words, with a line of context around it, whole words only', () => {
    const regions = doubtfulRegions(page);

    expect(regions).to.have.length(2);
    // The nonsense address with the well-read line below it, which reaches out of the margin and is taken whole; not the meta data beside it.
    expect(regions[0]).to.deep.equal({ left: 4 * 20 - HEIGHT, top: 2 * 50 - HEIGHT, right: 17 * 20, bottom: 4 * 50 + HEIGHT });
    expect(regions[1]).to.deep.equal({
      left: 60 * 20 - HEIGHT,
      top: 12 * 50 - HEIGHT,
      right: 62 * 20 + HEIGHT,
      bottom: 12 * 50 + 2 * HEIGHT,
    });
  });

  it('finds nothing on a page read with confidence', () => {
    expect(doubtfulRegions(page.filter((found) => found.confidence > 0.6))).to.deep.equal([]);
  });

  it('takes the region’s words from the second reading when it is more confident, and keeps the rest of the page', () => {
    const region = doubtfulRegions(page)[0]!;
    const reread = [
      word('Colombo', 2, 4, 0.93),
      word('Data:', 2, 40, 0.9),
      word('Giulia', 3, 4, 0.95),
      word('Bianchi', 3, 11, 0.94),
      word('Numero:', 3, 40, 0.93),
      word('50122', 4, 4, 0.95),
      word('Firenze', 4, 10, 0.95),
    ];

    const merged = mergeReread(page, region, reread);

    expect(merged.map((found) => found.text).sort()).to.deep.equal(
      ['Bianchi', 'Colombo', 'Data:', 'Fattura', 'Firenze', 'Fontana', 'Giulia', 'Impianti', 'Numero:', '50122', 'Totale', 'l|'].sort(),
    );
  });

  it('keeps the first reading when the second is no more confident', () => {
    const region = doubtfulRegions(page)[1]!;

    expect(mergeReread(page, region, [word('II', 12, 60, 0.2)])).to.deep.equal(page);
  });

  it('joins regions that would overlap, so no word is read twice', () => {
    // Two doubtful words 40 px apart: too far for one group, close enough for their margins to overlap.
    const regions = doubtfulRegions([word('Girard', 2, 4, 0.3), word('Fils', 2, 12, 0.3), ...page.slice(0, 2), ...page.slice(10)]);

    expect(regions).to.have.length(2);
    expect(regions[0]).to.deep.equal({ left: 4 * 20 - HEIGHT, top: 2 * 50 - HEIGHT, right: 16 * 20 + HEIGHT, bottom: 2 * 50 + 2 * HEIGHT });
  });
});
