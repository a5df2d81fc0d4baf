import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findLineItems } from './line-items.js';
import { findUnheadedItemRows } from './unheaded-item-rows.js';

const documentOf = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const rowsIn = (lines: string[]) => findUnheadedItemRows(documentOf(lines)).map((item) => item.value);
const item = (title: string, quantity: string | null, price: string | null, amount: string, rate: string | null = null) => ({
  title,
  quantity,
  unit: null,
  amount_unit: price,
  amount_total: amount,
  tax_rate: rate,
  discount_rate: null,
  article_number: null,
});

describe('extractor: item rows without a header', () => {
  it('given rows whose quantity times price makes the amount and whose header OCR lost, then each row is an item with the rate its tax confirms', () => {
    expect(
      rowsIn([
        '          CLO10',
        '',
        '   Chaise de bureau noire              83.0     |  € 180.0  |   € 14940.0     10.0        €14940        €16434.0',
        '   Tiroir                               19.0    |  € 100.0  |    € 1900.0   |          |    €00          €1900.0',
        '   Restaurant                          80.0     |   €8.0    |    € 640.0    | 20.0     |   € 128.0   |',
        '                                                              Total HT                   €58015,00',
      ]),
    ).to.deep.equal([
      item('Chaise de bureau noire', '83.0', '180.0', '14940.0', '10.0'),
      item('Tiroir', '19.0', '100.0', '1900.0'),
      item('Restaurant', '80.0', '8.0', '640.0', '20.0'),
    ]);
  });

  it('given a count and a rate that lost their decimal points, then the product and the tax set them right', () => {
    expect(
      rowsIn([
        '   Tiroir                             330      |  €100.0   |   €3300.0    |         |    €0.0         € 3300.0',
        '   Grande armoire                     7.0     |  €800.0  |   € 5600.0   | 200     |   € 1120.0   |    €67200',
      ]),
    ).to.deep.equal([item('Tiroir', '33', '100.0', '3300.0'), item('Grande armoire', '7.0', '800.0', '5600.0', '20')]);
  });

  it('given a name wrapped onto the line after its figures inside brackets, then the two lines are its title', () => {
    expect(
      rowsIn([
        '   Architecte Junior (Facturation sur  29.0       €85.0       € 2465.0    20.0       €493.0       €2958.0',
        '    Feuilles de Temps)',
        '   Lampe de bureau               44.0     €35.0       €1540.0     20.0       €308.0       €1848.0',
      ]),
    ).to.deep.equal([
      item('Architecte Junior (Facturation sur Feuilles de Temps)', '29.0', '85.0', '2465.0', '20.0'),
      item('Lampe de bureau', '44.0', '35.0', '1540.0', '20.0'),
    ]);
  });

  it('given a rate OCR lost or garbled, then the one rate to a tenth of a per cent that makes the tax printed after the amount', () => {
    expect(
      rowsIn([
        "   Design d'intérieur virtuel   74.0   €20.5   €1517.0    ss    |  €83.44   €1600.44",
        '   Espace de travail individuel  39.0   €876.0  €34164.0            €1879.02  €36043.02',
      ]),
    ).to.deep.equal([
      item("Design d'intérieur virtuel", '74.0', '20.5', '1517.0', '5.5'),
      item('Espace de travail individuel', '39.0', '876.0', '34164.0', '5.5'),
    ]);
  });

  it('given rows whose count OCR lost beside rows proven by their product, then the count the price divides the amount into, whole, where the tax proves the amount', () => {
    expect(
      rowsIn([
        '  =Boîte de rangement          KA          € 14.0     € 910.0     20.0     € 182.0     € 1092.0',
        '   Poubelle a pédale           KA €100        | €640.0    200 |   € 128.0 |   €7680',
        '   Restaurant                  95.0    |   €8.0   |    € 760.0   | 20.0    |    € 152.0   |    € 912.0',
        '   Grande armoire              7.0     |  €800.0  |   € 5600.0   | 200     |   € 1120.0   |    €67200',
      ]),
    ).to.deep.equal([
      item('Boîte de rangement', '65', '14.0', '910.0', '20.0'),
      item('Poubelle a pédale', '64', '10', '640.0', '20'),
      item('Restaurant', '95.0', '8.0', '760.0', '20.0'),
      item('Grande armoire', '7.0', '800.0', '5600.0', '20'),
    ]);
  });

  it('given a row whose price OCR lost, then its name, amount and rate only: a count is no price', () => {
    expect(
      rowsIn([
        '   Bureau personnalisable  |  20.0  | €s000 |   € 10000.0    20.0     €2000.0     € 12000.0',
        '   Restaurant                  95.0    |   €8.0   |    € 760.0   | 20.0    |    € 152.0   |    € 912.0',
        '   Grande armoire              7.0     |  €800.0  |   € 5600.0   | 200     |   € 1120.0   |    €67200',
      ])[0],
    ).to.deep.equal({ ...item('Bureau personnalisable', null, null, '10000.0', '20.0') });
  });

  it('given rows proven by their tax alone, without two rows proven by their product or far from them, then they are no items', () => {
    expect(rowsIn(['   TVA normale   € 1000.00   € 200.00   € 1200.00', '   TVA réduite   € 500.00   € 27.50   € 527.50'])).to.deep.equal(
      [],
    );
    const rows = rowsIn([
      '   Restaurant                  95.0    |   €8.0   |    € 760.0   | 20.0    |    € 152.0   |    € 912.0',
      '   Grande armoire              7.0     |  €800.0  |   € 5600.0   | 200     |   € 1120.0   |    €67200',
      '',
      '   Total HT   € 6360.00',
      '   Taxes   € 1272.00',
      '   Total TTC   € 7632.00',
      '   Montant à payer   € 7632.00',
      '   TVA normale   € 6360.00   € 1272.00   € 7632.00',
    ]);
    expect(rows.map((row) => row.title)).to.deep.equal(['Restaurant', 'Grande armoire']);
  });

  it('given rows of a name and one amount whose header OCR lost, closed by a line printing their sum, then each row is an item', () => {
    const rows = [
      '      | Grande armoire                                  |  59520,00 €   |',
      '      | Hotel                                           |   5 760,00 €  |',
      '        Lampe de bureau                                     3486,00€',
      '                   Merci pour votre fidélité!       TOTAL: 68 766,00 €',
    ];
    expect(rowsIn(rows)).to.deep.equal([
      item('Grande armoire', null, null, '59520.00'),
      item('Hotel', null, null, '5760.00'),
      item('Lampe de bureau', null, null, '3486.00'),
    ]);
    expect(rowsIn(rows.map((line) => line.replace('68 766,00', '68 767,00'))), 'no line prints their sum').to.deep.equal([]);
    expect(rowsIn([rows[0]!, '   TOTAL: 59 520,00 €']), 'a single row').to.deep.equal([]);
  });

  it('given a totals block whose lines add up to its total, then no items: they name a total or a tax', () => {
    expect(rowsIn(['   Sous-total   1 000,00 €', '   TVA 20 %   200,00 €', '   Total TTC   1 200,00 €'])).to.deep.equal([]);
    expect(rowsIn(['   Net amount   1,000.00', '   VAT   200.00', '   Total   1,200.00'])).to.deep.equal([]);
  });

  it('given a single row that multiplies out, or rows whose figures do not, then no items', () => {
    expect(rowsIn(['   Chaise de bureau noire   83.0   € 180.0   € 14940.0'])).to.deep.equal([]);
    expect(rowsIn(['   Chaise de bureau noire   83.0   € 180.0   € 14941.0', '   Tiroir   19.0   € 100.0   € 1800.0'])).to.deep.equal([]);
  });

  it('given a table with a header, then its reading stands and the rows are not read again', () => {
    const items = findLineItems(
      documentOf([
        'Description                 Qty      Price       Amount',
        'Chaise de bureau noire      83.0     180.00      14940.00',
        'Tiroir                      19.0     100.00       1900.00',
        '                                      Total      16840.00',
      ]),
    );
    expect(items.map((found) => found.value.title)).to.deep.equal(['Chaise de bureau noire', 'Tiroir']);
    expect(items.every((found) => found.fields.title!.confidence > 0.75)).to.equal(true);
  });

  it('given rows proven by arithmetic on a page with no table header and no receipt total, then the line items are those rows', () => {
    const items = findLineItems(
      documentOf([
        '   Chaise de bureau noire   83.0  |  € 180.0  |  € 14940.0   10.0   €14940   €16434.0',
        '   Restaurant               80.0  |   €8.0    |   € 640.0    20.0   € 128.0',
      ]),
    );
    expect(items.map((found) => found.value)).to.deep.equal([
      item('Chaise de bureau noire', '83.0', '180.0', '14940.0', '10.0'),
      item('Restaurant', '80.0', '8.0', '640.0', '20.0'),
    ]);
  });
});
