import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findLineItems } from './line-items.js';
import { findReceiptItems } from './receipt-items.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';

const receipt = (lines: string[]) => toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]);
const itemsIn = (lines: string[]) => findReceiptItems(receipt(lines)).map((item) => item.value);
const item = (title: string, amount: string, rest: Partial<Record<'quantity' | 'unit' | 'amount_unit' | 'tax_rate', string>> = {}) => ({
  title,
  quantity: null,
  unit: null,
  amount_unit: null,
  amount_total: amount,
  tax_rate: null,
  discount_rate: null,
  article_number: null,
  ...rest,
});

describe('extractor: receipt items', () => {
  it('given a discounter’s till that sets each tax code a small gap after its amount, then the items are read with their rates', () => {
    expect(
      itemsIn([
        'FERTIGGERICHTE                       1,79  C',
        'STOLZENFELS SEKT 0,2 L               0,89  D',
        'GUT BIO JOGHURT PUR                  0,35  C',
        'ZU ZAHLEN EURO                       3,03',
        '  MWST        Netto  MWST-BETRAG     BRUTTO',
        'C  7,00%      2,00          0,14      2,14',
        'D 19,00%      0,75          0,14      0,89',
      ]),
    ).to.deep.equal([
      item('FERTIGGERICHTE', '1.79', { tax_rate: '7' }),
      item('STOLZENFELS SEKT 0,2 L', '0.89', { tax_rate: '19' }),
      item('GUT BIO JOGHURT PUR', '0.35', { tax_rate: '7' }),
    ]);
  });

  it('given a till that marks items without discount before their tax code ("1,96xB", "-0,50*C") and prints its count of articles under them, then the items are read', () => {
    const lines = [
      'SALATBAR                          1,96xB',
      '2x                      0,75',
      'MILR FRUEHL-QUARK                 1,50 B',
      'LEERGUT EW MINUS                 -0,50*C',
      'Posten: 4                   mmm',
      'SUMME EUR                         2,96',
    ];

    expect(itemsIn(lines)).to.deep.equal([
      item('SALATBAR', '1.96'),
      item('MILR FRUEHL-QUARK', '1.50', { quantity: '2', amount_unit: '0.75' }),
      item('LEERGUT EW MINUS', '-0.50'),
    ]);
    expect(itemsIn(lines.map((line) => line.replace('Posten: 4', 'Bediener: Frau Hocke'))), 'another line ends the items').to.deep.equal(
      [],
    );
  });

  it('given a saving printed with its minus before the currency sign ("-£0.75"), then it is a negative line the total confirms', () => {
    expect(
      itemsIn([
        'CHEDDAR MATURE 400G         £3.25',
        ' Clubcard Price Saving     -£0.75',
        'DIGESTIVES                  £1.70',
        '2 BALANCE DUE               £4.20',
      ]),
    ).to.deep.equal([item('CHEDDAR MATURE 400G', '3.25'), item('Clubcard Price Saving', '-0.75'), item('DIGESTIVES', '1.70')]);
  });

  it('given a discounter’s unit price times count between the name and the amount ("3,29 x 2"), then the item has its quantity and price', () => {
    expect(
      itemsIn([
        'Bulgur-Kräuter                       0,89 A',
        'Jacobs Krönung. Aroma  3,29 x   2     6,58 A',
        'EiweiBbrot             1,79x     2    3,58 A',
        'zu zahlen                           11,05',
      ]),
    ).to.deep.equal([
      item('Bulgur-Kräuter', '0.89'),
      item('Jacobs Krönung. Aroma', '6.58', { quantity: '2', amount_unit: '3.29' }),
      item('EiweiBbrot', '3.58', { quantity: '2', amount_unit: '1.79' }),
    ]);
  });

  it('passes over an article’s number printed on a line of its own over its item ("ART/EAN 4002245701618")', () => {
    expect(
      itemsIn([
        'ART/EAN 4002245701618',
        '    2  Rolle  x           4,85',
        'PARKETTZUBEHOR                    9,70 1',
        'ART/EAN 4002245704800',
        'SELITstop Komfort-Fe             49,80 1',
        'SUMME [2]             EUR        59,50',
      ]),
    ).to.deep.equal([
      item('PARKETTZUBEHOR', '9.70', { quantity: '2', unit: 'Rolle', amount_unit: '4.85' }),
      item('SELITstop Komfort-Fe', '49.80'),
    ]);
  });

  it('given a till’s department headings between its items and codes printed "A=19,00%", then the items are read with their rate', () => {
    const lines = [
      'Droserie/Haushalt/Tiernahrung/Tabak',
      '    K.Toipa 3lagig                      2,95 A',
      '    Montico Papier                      0,34 A',
      '    Freizeit, Lernen, Mobilitaet',
      '    Holzkohle 3 kg                      5,99 A',
      'Summe                                   9,28',
      '    Steuer %      Brutto     Netto    Steuer',
      '    A=19,00%        9,28      7,80      1,48',
    ];

    expect(itemsIn(lines)).to.deep.equal([
      item('K.Toipa 3lagig', '2.95', { tax_rate: '19' }),
      item('Montico Papier', '0.34', { tax_rate: '19' }),
      item('Holzkohle 3 kg', '5.99', { tax_rate: '19' }),
    ]);
    expect(itemsIn(lines.map((line) => line.replace('Mobilitaet', 'Mobilitaet 2'))), 'no heading: a line with a figure').to.deep.equal([]);
  });

  it('given a speck read as a letter glued to a tax code ("3,49 BW"), then the items are read where the total confirms them', () => {
    const lines = [
      'JACOBS KROENUNG BO              3,49 BW',
      'KM BBQ-SALAD 350G               1,99 B',
      'SUMME EUR                       5,48',
    ];
    expect(itemsIn(lines).map((found) => found.amount_total)).to.deep.equal(['3.49', '1.99']);
    expect(itemsIn(lines.map((line) => line.replace('5,48', '5,49')))).to.deep.equal([]);
  });

  it('given an uncropped scan whose ground was read as marks left of the receipt, then the items within its column are read', () => {
    expect(
      itemsIn([
        '  |  ;     = ES      4  Doppelbrotchen                 0,25 A',
        '  à+   =a GoaEe',
        '  OS Toes ur eee ED  29   ABTEI JAP HEILOEI            3,49 C',
        '  | -    E -  C         zu zahlen                      3,74',
      ]),
    ).to.deep.equal([item('Doppelbrotchen', '0.25'), item('ABTEI JAP HEILOEI', '3.49')]);
  });

  it('given an electronics chain’s item lines of an article’s number and amount, named by the lines under them, then each item has that name', () => {
    const lines = [
      '2385038                          105,99 b',
      'RYZE',
      '162316 TELLO',
      '414 SPIELZEUG',
      '1893349 (3 x 2,99)=                8,97 b',
      'SL 6201 BK BASIC MOUSEPAD BL',
      '340 ZUBEHÖR SONSTIGES',
      'Total EUR                        114,96',
    ];

    expect(itemsIn(lines)).to.deep.equal([
      item('RYZE 162316 TELLO', '105.99'),
      item('SL 6201 BK BASIC MOUSEPAD BL', '8.97', { quantity: '3', amount_unit: '2.99' }),
    ]);
    expect(itemsIn([lines[0]!, lines[4]!, lines[7]!]), 'no name under them').to.deep.equal([]);
  });

  it('given a hardware store’s item: its article’s number and name over its quantity, amount and rate, then the item has them all', () => {
    const lines = ['4006825607727 Spindelmaher', '     1.000 STK                    49.99 19', 'SUMME    EUR                     49.99 x'];

    expect(itemsIn(lines)).to.deep.equal([
      { ...item('Spindelmaher', '49.99', { quantity: '1', unit: 'STK' }), article_number: '4006825607727' },
    ]);
    expect(itemsIn(lines.map((line) => line.replace('1.000 STK', 'Rasenmaeher'))), 'a name of its own').to.deep.equal([
      item('Rasenmaeher', '49.99'),
    ]);
  });

  it('given a weighed item: its name and tax code over the heads and figures of its weight, price per kg and amount, then it is one item', () => {
    const lines = [
      'MOSER ROTH PREMIUM                   1,09  C',
      'BANANEN LOSE                               C',
      '     kg           EURO/kg           EURO',
      '   0,158              1,19           0,19',
      'ZU ZAHLEN EURO                       1,28',
      'C  7,00%      1,20          0,08      1,28',
    ];

    expect(itemsIn(lines)).to.deep.equal([
      item('MOSER ROTH PREMIUM', '1.09', { tax_rate: '7' }),
      item('BANANEN LOSE', '0.19', { quantity: '0.158', amount_unit: '1.19', tax_rate: '7' }),
    ]);
    expect(itemsIn(lines.map((line) => line.replace('1,19 ', '1,29 '))), 'figures that do not multiply out').to.deep.equal([]);
  });

  it('given a weighed item whose weight times its price per pound stands under its name or after it, its amount on the next line, then it is one item', () => {
    const under = [
      'ORGANIC BANANAS',
      '  1.84 lb @ 0.79/lb               1.45 F',
      'WHOLE MILK 1 GAL                  4.29 F',
      'SUBTOTAL                          5.74',
    ];
    const after = ['ORGANIC BANANAS       1.84 lb @ 0.79/lb', '                                  1.45 F', ...under.slice(2)];
    const expected = [
      item('ORGANIC BANANAS', '1.45', { quantity: '1.84', unit: 'lb', amount_unit: '0.79' }),
      item('WHOLE MILK 1 GAL', '4.29'),
    ];

    expect(itemsIn(under)).to.deep.equal(expected);
    expect(itemsIn(after)).to.deep.equal(expected);
    expect(itemsIn(under.map((line) => line.replace('0.79/lb', '0.89/lb'))), 'figures that do not multiply out').to.deep.equal([
      item('ORGANIC BANANAS', '1.45'),
      expected[1],
    ]);
  });

  it("given an Italian till printing each item's rate in a column before its price, then the items are read with their rate", () => {
    expect(
      itemsIn([
        'CAPPUCCINO               10%         1,60',
        'BRIOCHE CREMA            10%         1,40',
        'TOTALE COMPLESSIVO                   3,00',
      ]),
    ).to.deep.equal([item('CAPPUCCINO', '1.60', { tax_rate: '10' }), item('BRIOCHE CREMA', '1.40', { tax_rate: '10' })]);
  });

  it('given a British till\'s multiplication with the pound sign before the price ("2 @ £0.85"), then the item below has it', () => {
    expect(
      itemsIn([
        'Washing Up Liquid               £1.20 A',
        '2 @ £0.85',
        'Bananas Loose                   £1.70',
        'BALANCE DUE                     £2.90',
      ]),
    ).to.deep.equal([item('Washing Up Liquid', '1.20'), item('Bananas Loose', '1.70', { quantity: '2', amount_unit: '0.85' })]);
  });

  it('given a restaurant’s bill counting what the table had before each name, then each item has that count', () => {
    expect(
      itemsIn([
        '2 Clam Chowder             17.00',
        '1 Grilled Salmon           28.50',
        'House Salad                  3.00',
        'Subtotal                   48.50',
      ]),
    ).to.deep.equal([
      item('Clam Chowder', '17.00', { quantity: '2' }),
      item('Grilled Salmon', '28.50', { quantity: '1' }),
      item('House Salad', '3.00'),
    ]);
  });

  it('given a pharmacy’s item: its count and name over its article’s number, multiplication and amount, its unit price under them, then it is one item', () => {
    const lines = [
      '- Normal -------------------------------',
      '2 * Atemschutzmaske Corona FFP 1St',
      '08001287   2*9,95              EUR  19,90',
      '           Einzelpreis         EUR   9,95',
      'Summe                  EUR 19,90',
    ];

    expect(itemsIn(lines)).to.deep.equal([item('Atemschutzmaske Corona FFP 1St', '19.90', { quantity: '2', amount_unit: '9.95' })]);
    expect(itemsIn(lines.map((line) => line.replace('Einzelpreis', 'Kundenkarte'))), 'no unit price under it').to.deep.equal([]);
  });

  it('given an article’s number before the name and a rate printed right after its code ("C19%"), then the item has its number, name and rate', () => {
    expect(
      itemsIn([
        '662834502022     ZEISS BRILLENPUTZTUC          1,95 C',
        'ELKOS GESICHTSWASS                             0,95 B',
        'Total                                          2,90',
        'MwSt     NETTO   MwSt   UMSATZ',
        'B 7%      0,89   0,06     0,95',
        'C19%      1,64   0,31     1,95',
      ]),
    ).to.deep.equal([
      { ...item('ZEISS BRILLENPUTZTUC', '1.95', { tax_rate: '19' }), article_number: '662834502022' },
      item('ELKOS GESICHTSWASS', '0.95', { tax_rate: '7' }),
    ]);
  });

  it('given a scan that glued specks before amounts, the total and a multiplication, then the items still add up and are read', () => {
    expect(
      itemsIn([
        '  . CAPPUCCINO  -                    3,28 B',
        '   BATTERIEN AA 4ER                 .6,85 A',
        '|, 3x 1,76',
        '   CROISSANT                         5,28 B',
        '   SUMME EUR                        ‘15,41',
      ]),
    ).to.deep.equal([
      item('CAPPUCCINO', '3.28'),
      item('BATTERIEN AA 4ER', '6.85'),
      item('CROISSANT', '5.28', { quantity: '3', amount_unit: '1.76' }),
    ]);
  });

  it('drops the digits a speck before an amount was read as, where the items then add up to the total', () => {
    const items = itemsIn([
      'BATTERIEN AA 4ER             :    7507,85 A',
      'AEPFEL 1KG                          3,48 B',
      'SHAMPOO 250ML                       3,49 A',
      '',
      'SUMME EUR                          14,82',
    ]);

    expect(items.map((found) => found.amount_total)).to.deep.equal(['7.85', '3.48', '3.49']);
  });

  it('passes over bulleted notes under an item, and ends the items at a premium’s total ("Gesamtbeitrag") before its tax', () => {
    const items = itemsIn([
      'Vereinbarter Versicherungsschutz:',
      'Verbundene Wohngebäudeversicherung                                        1.000,00 €',
      '- Feuerversicherung - Teil A § 2 62.000 MK1914',
      '- Leitungswasserversicherung - Teil A § 3 62.000 MK1914',
      '- WohngebäudePlus und zusätzliche Einschlüsse gemäß Antrag',
      'Gesamtbeitrag                                                             1.000,00 €',
      'Versicherungsteuer zur Verbundenen Wohngebäudeversicherung                  163,40 €',
      'Rechnungsbetrag                                                           1.163,40 €',
    ]);
    expect(items).to.deep.equal([item('Verbundene Wohngebäudeversicherung', '1000.00')]);
  });

  it('given an item amount a speck made negative and a speck read as a point before a tax code, then the items are read where the total confirms them', () => {
    const lines = [
      'QUADERNO A5                      3,60 A',
      'CORNETTO                        -1,90 B',
      'SHAMPOO 250ML                    4,14 A',
      'MELE 1KG                         2,00.B',
      '',
      'TOTALE COMPLESSIVO EUR :        11,64',
    ];

    expect(itemsIn(lines).map((found) => found.amount_total)).to.deep.equal(['3.60', '1.90', '4.14', '2.00']);
    expect(
      itemsIn(lines.map((line) => line.replace('11,64', '7,84'))).map((found) => found.amount_total),
      'a discount as printed',
    ).to.deep.equal(['3.60', '-1.90', '4.14', '2.00']);
  });

  it('given a tax code read as a digit glued to the cents and a decimal mark read as a colon, then the items are read where the total confirms them', () => {
    const lines = [
      'POMMES 1KG                     3,158.',
      'CAHIER AS                        1,53 A',
      'CROISSANT                        2:27 A',
      'TOTAL TTC EUR                    6,95',
    ];

    expect(itemsIn(lines).map((found) => [found.amount_total, found.tax_rate])).to.deep.equal([
      ['3.15', null],
      ['1.53', null],
      ['2.27', null],
    ]);
    expect(itemsIn(lines.map((line) => line.replace('6,95', '6,96'))), 'the total not confirming them').to.deep.equal([]);
  });

  it('leaves items that add up to the total no single amount with leading digits dropped makes', () => {
    expect(
      itemsIn([
        'BATTERIEN AA 4ER                  7507,85 A',
        'AEPFEL 1KG                          3,48 B',
        '',
        'SUMME EUR                          14,82',
      ]),
    ).to.deep.equal([]);
  });

  it('reads an item title OCR misread as printed ("NOTEBOOK AS" for A5), a text layer’s as it stands', () => {
    const lines = [
      'NOTEBOOK AS                              2.23',
      'CAPPUCCINO                               2.76',
      'TOTAL                                    4.99',
    ];
    const titles = (confidence: number | null) =>
      findReceiptItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, confidence) }])).map(
        (found) => found.value.title,
      );

    expect(titles(0.9)).to.deep.equal(['NOTEBOOK A5', 'CAPPUCCINO']);
    expect(titles(null)).to.deep.equal(['NOTEBOOK AS', 'CAPPUCCINO']);
  });

  it('reads a quantity times price printed above its item’s line, for the item it multiplies out to', () => {
    const items = itemsIn([
      'Bonnr. 4711',
      '----------------------------------------------',
      'BROODJE HAM                              4,71',
      '  4 x 2,32',
      'CAPPUCCINO                               9,28',
      '----------------------------------------------',
      'TOTAAL EUR                              13,99',
    ]);

    expect(items).to.deep.equal([item('BROODJE HAM', '4.71'), item('CAPPUCCINO', '9.28', { quantity: '4', amount_unit: '2.32' })]);
  });

  it('reads the lines above what is to pay: a name, its amount and tax code, the quantity times the price below', () => {
    const items = itemsIn([
      'Quittung Nr. 684080',
      '----------------------------------------------',
      'Bleistift HB                            15.00 A',
      '  10 x 1.50',
      'Tageszeitung                             4.20 B',
      '----------------------------------------------',
      'Zu zahlen CHF                           19.20',
      'Bar                                      20.00',
      'A inkl. MwSt. 8.1%                        1.12',
      'B inkl. MwSt. 2.6%                        0.11',
    ]);

    expect(items).to.deep.equal([
      item('Bleistift HB', '15.00', { quantity: '10', amount_unit: '1.50', tax_rate: '8.1' }),
      item('Tageszeitung', '4.20', { tax_rate: '2.6' }),
    ]);
  });

  it('reads a quantity and price printed before the name, and a weight with its unit', () => {
    const items = itemsIn([
      '2 x 1,40 Baguette tradition        2,80 B',
      'Bananes                            2,94',
      ' 1,2 kg x 2,45',
      '',
      'À PAYER                            5,74',
    ]);

    expect(items).to.deep.equal([
      item('Baguette tradition', '2.80', { quantity: '2', amount_unit: '1.40' }),
      item('Bananes', '2.94', { quantity: '1.2', unit: 'kg', amount_unit: '2.45' }),
    ]);
  });

  it('leaves out a quantity and price that do not multiply out to the amount', () => {
    expect(itemsIn(['Notebook A5       14.55', ' 3 x 4.95', 'TOTAL             14.55'])).to.deep.equal([item('Notebook A5', '14.55')]);
  });

  it('reads what a scan blurs: an accented tax code, a unit price whose point is lost', () => {
    const items = itemsIn([
      'Notebook A5                   14.55 À',
      '  3x485',
      'Sandwich                       7.65 B',
      ' 1 x-7.65',
      'TOTAL DUE EUR                 22.20',
      'A 8.1%   13.46   1.09   14.55',
      'B 2.6%    7.46   0.19    7.65',
    ]);

    expect(items).to.deep.equal([
      item('Notebook A5', '14.55', { quantity: '3', amount_unit: '4.85', tax_rate: '8.1' }),
      item('Sandwich', '7.65', { quantity: '1', amount_unit: '7.65', tax_rate: '2.6' }),
    ]);
  });

  it('reads an amount whose point a scan lost and passes over a multiplication it garbled, when the total confirms them', () => {
    const items = itemsIn([
      'Brot Halbweiss          4.15',
      'Kaffee Crème             455',
      'Bleistift HB           16.00',
      '  TORSO',
      'Total CHF              24.70',
    ]);

    expect(items.map(({ title, amount_total }) => [title, amount_total])).to.deep.equal([
      ['Brot Halbweiss', '4.15'],
      ['Kaffee Crème', '4.55'],
      ['Bleistift HB', '16.00'],
    ]);
    expect(itemsIn(['Brot Halbweiss          4.15', 'Kaffee Crème             455', 'Total CHF              24.70'])).to.deep.equal([]);
  });

  it('reads a total whose cents a scan set apart from the decimal mark ("13, 99")', () => {
    const items = itemsIn([
      'BROODJE HAM                      4,71 A',
      '  4 x 2,32       Py',
      'CAPPUCCINO                       9,28 A',
      'TOTAAL EUR                       13, 99',
    ]);
    expect(items).to.deep.equal([item('BROODJE HAM', '4.71'), item('CAPPUCCINO', '9.28', { quantity: '4', amount_unit: '2.32' })]);
  });

  it('takes the items to add up to a subtotal when tax comes on top', () => {
    const items = itemsIn([
      'USB cable              16.49',
      'Bananas                 2.46',
      'Net amount             18.95',
      'Sales tax 8.875%        1.68',
      'TOTAL DUE             $20.63',
    ]);

    expect(items.map((found) => found.title)).to.deep.equal(['USB cable', 'Bananas']);
  });

  it('reads nothing when the amounts do not add up to the total', () => {
    expect(itemsIn(['Sandwich               4.85', 'Flat white             4.40', 'TOTAL GBP             12.10'])).to.deep.equal([]);
  });

  it('is what line items fall back on when the document has no item table', () => {
    const items = findLineItems(
      receipt(['Café expresso            3,60', 'Stylo bille bleu         3,00', ' 2 x 1,50', '', 'À PAYER                  €6,60']),
    );

    expect(items.map((found) => found.value.title)).to.deep.equal(['Café expresso', 'Stylo bille bleu']);
  });

  it('given a total whose label a scan garbled, takes the first line whose amount several item lines above add up to', () => {
    const items = itemsIn([
      'Ticket n° 7/84527',
      'Cafe expresso                                       3,60',
      'Stylo bille bleu                                    3,00',
      ' 2x1,50',
      'Baguette tradition                                  1,10',
      'Ä PAYER                                          €7,70',
      'Especes                                            10,00',
      'Rendu                                               2,30',
    ]);
    expect(items).to.deep.equal([
      item('Cafe expresso', '3.60'),
      item('Stylo bille bleu', '3.00', { quantity: '2', amount_unit: '1.50' }),
      item('Baguette tradition', '1.10'),
    ]);
    // One line under another with the same amount is no total: nothing adds up several items.
    expect(
      itemsIn(['Receipt # B 83500', 'Notebook A5          8.70', 'TOTALDUE             8.70', 'Paid by Visa         8.70']),
    ).to.deep.equal([]);
  });

  it('reads a tax code a scan read as the digit it looks like ("6.31 8" for B)', () => {
    const items = itemsIn([
      'Receipt # 38430      10 August 2025 11:30',
      'SHAMPOO 250ML                       6.22 A',
      'SANDWICH HAM                        6.31 8',
      'TOTAL GBP                          12.53',
      'A 20%   5.18 1.04 6.22',
      'B 5%    6.01 0.30 6.31',
    ]);
    expect(items).to.deep.equal([item('SHAMPOO 250ML', '6.22', { tax_rate: '20' }), item('SANDWICH HAM', '6.31', { tax_rate: '5' })]);
  });

  it('takes no item from the end of an amount grouped by spaces ("7 823,00"), while an amount after a count still ends its line', () => {
    expect(
      itemsIn([
        '                                  Total HT                  €58015,00',
        '                                  Taxes                      €7 823,00',
        '                                  Total TTC                 € 65 838,00',
        '                                  Montant à payer           € 65 838,00',
      ]),
    ).to.deep.equal([]);
    expect(itemsIn(['Milch 2 3,00', 'Brot     2,50', 'TOTAL    5,50'])).to.deep.equal([item('Milch 2', '3.00'), item('Brot', '2.50')]);
  });

  it('takes no subtotal or tax line for an item, though with the sum under them they add up like items', () => {
    expect(
      itemsIn([
        '  Espace de travail individuel       €876.0      €34164.0        €1879.02      €36043.02',
        '',
        '                                  Total HT                 €62479,00',
        '                                  Taxes                      €7542,02',
        '',
        '                                  Montant a payer          €70021,02',
      ]),
    ).to.deep.equal([]);
  });
});
