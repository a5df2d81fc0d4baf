import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { isTotalsGrid, totalsGridRows } from './totals-grid.js';

const documentOf = (...lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const HEADER = '   Base HT        Taux        Réglement €      Total €HT       Montant TVA €       Net a payer €';
const VALUES = '   77 085,00    TVA 5,5%         0,00          77 085,00         4 397,00            81 482,00';

describe('extractor: a totals grid', () => {
  it('is a row of labels without figures over one row with money under at least three of them', () => {
    const document = documentOf(HEADER, '', VALUES, '', '   Règlement avant le: 04/10/2015');
    expect(isTotalsGrid(document, document.lines[0]!)).to.equal(true);
    expect([...totalsGridRows(document)].map((line) => line.index)).to.deep.equal([2]);
  });

  it('is no item table: a second row of money under the labels, or money under fewer than three labels', () => {
    const items = documentOf(
      '  Désignation         Qté     Prix unitaire      TVA        Montant',
      '  Lampe      31,00     35,00     7,00     1 085,00',
      '  Tiroir     10,00     20,00     4,00       200,00',
    );
    expect(isTotalsGrid(items, items.lines[0]!)).to.equal(false);
    const two = documentOf(HEADER, '   77 085,00    TVA 5,5%                                                             81 482,00');
    expect(isTotalsGrid(two, two.lines[0]!)).to.equal(false);
  });
});
