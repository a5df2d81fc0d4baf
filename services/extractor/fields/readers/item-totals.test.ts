import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { emptyLineItemValue } from './item-finding.js';
import { grossOfItemTotal, reconciledWithTotals, type ReadItem } from './item-totals.js';
import { foundAt } from '../values/finding.js';
import { findLineItems } from './line-items.js';

const line = toDocumentText([{ pageNumber: 1, text: 'row' }]).lines[0]!;
const span = { line, start: 0, end: 3 };

/** An item as a row gave it: its title and amount, and quantity × unit price where the row printed both. */
const row = (title: string, amount: string | null, quantity?: string, price?: string): ReadItem => {
  const value = { ...emptyLineItemValue(title), quantity: quantity ?? null, amount_total: amount };
  const product = quantity && price ? Math.round(Number(quantity) * Number(price) * 100) : null;
  return { item: { value, fields: {} }, product, price: price ?? null, productSpans: product === null ? [] : [span, span] };
};

const amounts = (sums: number[], ...rows: ReadItem[]) =>
  reconciledWithTotals(rows, sums).map((item) => [item.value.title, item.value.amount_total, item.value.amount_unit]);

describe('extractor: line items checked against the totals under their table', () => {
  it('given items adding up to a printed sum, keeps them as read', () => {
    expect(amounts([3000], row('A', '10.00', '1', '10.00'), row('B', '20.00', '2', '9.00'))).to.deep.equal([
      ['A', '10.00', null],
      ['B', '20.00', null],
    ]);
  });

  it('given one item whose amount went unread, gives it quantity × unit price where the sum then meets a total', () => {
    expect(amounts([17020], row('Eau', '49.91', '23', '2.17'), row('Papier', '84.06'), row('Frais', null, '1', '36.23'))).to.deep.equal([
      ['Eau', '49.91', null],
      ['Papier', '84.06', null],
      ['Frais', '36.23', '36.23'],
    ]);
    // The product not meeting any total: the item stays without an amount.
    expect(amounts([17000], row('Papier', '84.06'), row('Frais', null, '1', '36.23'))).to.deep.equal([
      ['Papier', '84.06', null],
      ['Frais', null, null],
    ]);
  });

  it('given one printed amount its quantity × unit price contradicts, takes the product where the total confirms it', () => {
    // "36,28" misread for 36,23: 1 × 36.23 and the subtotal 120.23 agree.
    expect(amounts([12023], row('A', '84.00', '2', '42.00'), row('B', '36.28', '1', '36.23'))).to.deep.equal([
      ['A', '84.00', null],
      ['B', '36.23', '36.23'],
    ]);
  });

  it('given a row no arithmetic confirms whose amount is what the items exceed the total by, drops it', () => {
    // A carry-over or subtotal read as an item: without it the items meet the net.
    expect(
      amounts([5000, 5950], row('A', '20.00', '2', '10.00'), row('B', '30.00', '1', '30.00'), row('Zwischensumme', '50.00')),
    ).to.deep.equal([
      ['A', '20.00', null],
      ['B', '30.00', null],
    ]);
    // Two rows that could be the surplus: the reading is not clear, nothing is dropped.
    expect(amounts([3000], row('A', '30.00'), row('B', '10.00'), row('C', '10.00'))).to.have.length(3);
  });

  it('given no sums under the table, checks nothing', () => {
    expect(amounts([], row('A', null, '1', '5.00'))).to.deep.equal([['A', null, null]]);
  });

  it('reads the sums from the totals block under the table', () => {
    const items = findLineItems(
      toDocumentText([
        {
          pageNumber: 1,
          text: [
            'Pos  Bezeichnung                  Menge     Einzelpreis     Betrag',
            '1    Kopierpapier A4 80 g            19            5,78     109,82',
            '2    Montage vor Ort                  2           60,04        ~~~',
            '',
            '                                   Nettobetrag            229,90',
            '                                   MwSt. 8.1%              18,62',
          ].join('\n'),
        },
      ]),
    );
    expect(items.map((item) => item.value.amount_total)).to.deep.equal(['109.82', '120.08']);
  });

  it('given items adding up to the printed total to the cent, takes that total for the gross; not where an amount is unread or they do not', () => {
    const total = foundAt('169966.00', 0.9, [span]);
    const items = (...amounts: (string | null)[]) => amounts.map((amount, index) => row(`Item ${index}`, amount).item);
    expect(grossOfItemTotal(items('1660.00', '168306.00'), total)?.value).to.equal('169966.00');
    expect(grossOfItemTotal(items('1660.00', '168306.00'), total)?.confidence).to.be.below(total.confidence);
    expect(grossOfItemTotal(items('1660.00', '168300.00'), total)).to.equal(null);
    expect(grossOfItemTotal(items('1660.00', null), total)).to.equal(null);
    expect(grossOfItemTotal([], total)).to.equal(null);
  });
});
