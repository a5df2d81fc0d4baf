import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findLabels } from '../layout/labels.js';
import { amountUnderLabelRow, isTotalsGrid, TOTALS_HEADER_WORD, totalsGridRows } from './totals-grid.js';

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

  describe('set beside another column’s text', () => {
    const LABELS = 'Tout retard de paiement engendre une pénalité sur la base   TOTAL HT   TOTAL TVA   TOTAL TTC';
    const CLAUSE = "de trois fois le taux d'intérêt légal.";
    const VALUES_ROW = 'Les règlements reçus avant échéance.                          100,00        4,90      104,90';
    // One label per piece of the row ("TOTAL HT" holds two label words).
    const amountsUnder = (document: ReturnType<typeof documentOf>) =>
      findLabels(document, TOTALS_HEADER_WORD)
        .filter((match, index, all) => all.findIndex((other) => other.segment === match.segment) === index)
        .map((match) => amountUnderLabelRow(document, match)?.segment.text ?? null);

    it('given a row of totals labels ending a line of a payment clause, and a few lines lower one row of money under them, then each label has its amount', () => {
      const document = documentOf(LABELS, CLAUSE, VALUES_ROW, 'CONDITIONS DE PAIEMENT : 30 JOURS');

      expect(amountsUnder(document)).to.deep.equal(['100,00', '4,90', '104,90']);
      expect([...totalsGridRows(document)].map((line) => line.index)).to.deep.equal([2]);
    });

    it('given a second row of money under the labels (rows per rate, then their sum), then no label has an amount: it is a table', () => {
      const document = documentOf(LABELS, VALUES_ROW, VALUES_ROW.replace('100,00', ' 50,00'));

      expect(amountsUnder(document)).to.deep.equal([null, null, null]);
    });

    it('given money under only two of the labels, then no label has an amount', () => {
      const document = documentOf(LABELS, VALUES_ROW.replace('4,90', '    '));

      expect(amountsUnder(document)).to.deep.equal([null, null, null]);
    });
  });
});
