import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { itemAmountsAbove, itemSumsByRate, splitAmongRates, taxCodeOf } from './rate-bases.js';

const documentOf = (...lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);

describe('extractor: the bases of tax rates, from the items', () => {
  it('sums the items per rate printed in their rate column, a scan’s space after the decimal mark overlooked', () => {
    const document = documentOf(
      '1   Übernachtung          4     119,30     7 %     477,20',
      '2   Bürostuhl             1     482, 30   19 %     482, 30',
      '3   Kabel NYM-J          50       2,50    19 %     125,00',
      'MWST 19 %                                          115,11',
    );

    expect(
      itemSumsByRate(
        document,
        [
          { rate: 19, code: null },
          { rate: 7, code: null },
        ],
        document.lines[3]!,
        new Set(),
      ),
    ).to.deep.equal(
      new Map([
        [19, 60730],
        [7, 47720],
      ]),
    );
  });

  it('given a discount column beside the rate column, when both print rates of the region, then each item is summed at the rate in the rate column', () => {
    const document = documentOf(
      'Pos.   Descrizione            Quantita   Pr. unitario   Sconto   % IVA      Totale',
      '1      Consulenza                 10        145,39       10%      22%     1.308,51',
      '2      Manuale                    21         83,16       15%      10%     1.484,41',
      '3      Website hosting Pro         1        253,11                22%       253,11',
      'IVA 22%                                                                     345,55',
    );

    expect(
      itemSumsByRate(
        document,
        [
          { rate: 22, code: null },
          { rate: 10, code: null },
        ],
        document.lines[4]!,
        new Set(),
      ),
    ).to.deep.equal(
      new Map([
        [22, 156162],
        [10, 148441],
      ]),
    );
  });

  it('sums a receipt’s items by the tax code after their amounts, the rate line opening with that code', () => {
    const document = documentOf(
      'Druckerpatrone     46,00 A',
      '  2 x 1,65',
      'Tageszeitung        3,50 B',
      'Bleistift HB       16,50 A',
      'A inkl. MwSt. 20 %   10,42',
    );

    expect(taxCodeOf(document.lines[4]!)).to.equal('A');
    expect(
      itemSumsByRate(
        document,
        [
          { rate: 20, code: 'A' },
          { rate: 10, code: 'B' },
        ],
        document.lines[4]!,
        new Set(),
      ),
    ).to.deep.equal(
      new Map([
        [20, 6250],
        [10, 350],
      ]),
    );
  });

  it('knows no sums when a rate has no items', () => {
    const document = documentOf('Beratung     19 %     691,69', 'MWST 19 %     131,42');

    expect(
      itemSumsByRate(
        document,
        [
          { rate: 19, code: null },
          { rate: 7, code: null },
        ],
        document.lines[1]!,
        new Set(),
      ),
    ).to.equal(null);
  });

  it('reads the amounts item lines end with, not the unit price of a quantity line', () => {
    const document = documentOf(
      'Ticket n° 1/80491',
      '21/03/2026 12:39',
      'Bananas          1.96',
      '  0.85 kg x 2.30',
      'Newspaper        2.35',
      'TOTAL           $4.31',
    );

    expect(itemAmountsAbove(document, document.lines[5]!)).to.deep.equal([196, 235]);
  });

  it('splits items among the rates when exactly one split gives every rate its printed tax', () => {
    // 4.35 at 8.1 % includes 0.33; 1.96 + 2.35 at 2.6 % include 0.11.
    expect(
      splitAmongRates(
        [196, 235, 435],
        [
          { rate: 8.1, tax: 33 },
          { rate: 2.6, tax: 11 },
        ],
        866,
        true,
      ),
    ).to.deep.equal([435, 431]);
  });

  it('gives no split when several would do, or when the items do not add up to the total', () => {
    // 2.40 + 3.30 + 1.70 + 0.95 and 2.25 + 3.30 + 1.75 + 0.95 both suit 2.6 %.
    expect(
      splitAmongRates(
        [240, 225, 175, 330, 1400, 95, 170, 1145],
        [
          { rate: 8.1, tax: 221 },
          { rate: 2.6, tax: 21 },
        ],
        3780,
        true,
      ),
    ).to.equal(null);
    expect(
      splitAmongRates(
        [196, 235, 435],
        [
          { rate: 8.1, tax: 33 },
          { rate: 2.6, tax: 11 },
        ],
        900,
        true,
      ),
    ).to.equal(null);
  });
});
