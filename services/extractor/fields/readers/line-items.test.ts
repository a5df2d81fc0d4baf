import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findItemTables } from '../layout/item-table.js';
import { findLineItems } from './line-items.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';

const itemsIn = (lines: string[]) => findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }])).map((item) => item.value);

describe('extractor: line items', () => {
  it('finds a table by its header row, in German, French, Italian and English', () => {
    const headers = [
      'Pos  Artikel-Nr.  Bezeichnung        Menge  Einheit   Einzelpreis   MwSt   Betrag',
      'Réf.   Désignation              Quantité   Prix unitaire   TVA   Montant HT',
      'Codice   Descrizione            Quantità   Prezzo   IVA   Importo',
      'Item #   Description            Qty   Unit Price   VAT %   Amount',
    ];
    for (const header of headers) {
      expect(findItemTables(toDocumentText([{ pageNumber: 1, text: header }])), header).to.have.length(1);
    }
    expect(findItemTables(toDocumentText([{ pageNumber: 1, text: 'Rechnungsdatum   Kundennummer   Seite' }]))).to.deep.equal([]);
  });

  it('given "netto" or "HT" after a money column\'s name ("EP netto", "Summe netto"), then it qualifies that column', () => {
    const items = itemsIn([
      'Pos.  Menge  Einheit  Bezeichnung                            EP netto     Summe netto',
      '1     6      Std      Montage                                    58,00         348,00',
    ]);
    expect(items.map((item) => [item.quantity, item.amount_unit, item.amount_total])).to.deep.equal([['6', '58.00', '348.00']]);
  });

  it('given qualifiers in brackets under the header ("(excl. VAT)"), then they belong to the header, not the rows', () => {
    const items = itemsIn([
      'Description                      Qty   Unit price      VAT rate   Unit price       Item subtotal',
      '                                       (excl. VAT)                (incl. VAT)      (incl. VAT)',
      'Ergonomic office chair, black     1    €92.39          19%        €109.95          €109.95',
      'Desk lamp LED                     2    €21.00          19%        €24.99           €49.98',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
      ['Ergonomic office chair, black', '1', '109.95'],
      ['Desk lamp LED', '2', '49.98'],
    ]);
  });

  it('given money without minor units (yen), then whole figures are the amounts as printed, no decimal marks a scan lost', () => {
    const items = itemsIn([
      'No.  Description                        Qty    Unit price (JPY)     Amount (JPY)',
      '1    Servo gear assembly SG-40            20             6,600          132,000',
      '2    Aluminium housing AH-12              20             2,150           43,000',
      '                                                 Total                JPY 175,000',
    ]);
    expect(items.map((item) => [item.quantity, item.amount_unit, item.amount_total])).to.deep.equal([
      ['20', '6600', '132000'],
      ['20', '2150', '43000'],
    ]);
  });

  it('given tax rows under the table whose base and tax stand under the quantity and price columns, then they are no items', () => {
    const items = itemsIn([
      'Datum        Beschreibung                              Anzahl      Preis       Betrag',
      '10.03.2026   Restaurant Abendessen                          1      86.50        86.50',
      '09.03.2026   Kurtaxe pro Person/Nacht                       6       3.50        21.00',
      '                                               Total CHF               107.50',
      '                                               MWST 8.1% auf 86.50       6.48',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Restaurant Abendessen', 'Kurtaxe pro Person/Nacht']);
  });

  it('takes figures under a header OCR misread for quantity and unit price where they multiply out to the amount', () => {
    // "Qtà" read as "gta": the quantity stands in the description's stretch, the unit price under its header.
    const misreadQuantity = itemsIn([
      'Descrizione                                    gta           Pr. unitario          Totale',
      "Sedia da ufficio ergonomica                     22               504.09          11'089.98",
    ]);
    expect(misreadQuantity[0]).to.include({ title: 'Sedia da ufficio ergonomica', quantity: '22', amount_unit: '504.09' });
    // Neither header read: the first pair of figures left to right that multiplies out.
    const neither = itemsIn([
      'Pos   Beschreibung                 Mnege       Prels/Einh       Betrag',
      '1     Kabelkanal 40x60               6,5            9,26         60,19',
    ]);
    expect(neither[0]).to.include({ title: 'Kabelkanal 40x60', quantity: '6.5', amount_unit: '9.26', amount_total: '60.19' });
    // Figures that do not multiply out are no quantity or price.
    const other = itemsIn([
      'Pos   Beschreibung                 Mnege       Prels/Einh       Betrag',
      '1     Kabelkanal 40x60               6,5            9,25         60,19',
    ]);
    expect(other[0]).to.include({ title: 'Kabelkanal 40x60', quantity: null, amount_unit: null, amount_total: '60.19' });
  });

  it('takes a row’s last figure for its amount and the figure the quantity multiplies out to it for the unit price, whatever their headers', () => {
    // "Taux" heads the unit prices, "Prix" the amounts: no amount column is named.
    const items = itemsIn([
      'Detail                                  Qté           Taux           Prix',
      'Logiciel de conception de bureau        8,00        235,00        1 880,00',
    ]);
    expect(items[0]).to.include({
      title: 'Logiciel de conception de bureau',
      quantity: '8.00',
      amount_unit: '235.00',
      amount_total: '1880.00',
    });
    // Figures that do not multiply out leave the amount unread.
    const other = itemsIn([
      'Detail                                  Qté           Taux           Prix',
      'Logiciel de conception de bureau        8,00        235,00        1 890,00',
    ]);
    expect(other[0]?.amount_total ?? null).to.equal(null);
  });

  it('given a "Taux" column whose figures the quantity multiplies into the amount, then they are unit prices and no tax rate', () => {
    const items = itemsIn([
      'Detail                                  Qté           Taux           Prix',
      "Design d'intérieur virtuel              97,00         20,50        1 988,50",
    ]);
    expect(items[0]).to.include({ quantity: '97.00', amount_unit: '20.50', amount_total: '1988.50', tax_rate: null });
  });

  it('reads a unit price column whose header OCR read without its space ("Prixunitaire HT")', () => {
    const items = itemsIn([
      'Description                      Quantité Unité Prixunitaire HT      % TVA        Total HT',
      'Armoire avec portes                27,00   Unités     120,50          10.0         3253,50',
    ]);
    expect(items[0]).to.include({ title: 'Armoire avec portes', quantity: '27.00', amount_unit: '120.50', amount_total: '3253.50' });
  });

  it('keeps the count as read in a row whose amount is quantity × unit price with the row’s tax on it', () => {
    const lines = [
      '            Description                 Quantité       Prix unitaire    TVA           Montant',
      'Grande table de réunion                   40.0          €4500,00        20.0        €216 000,00',
    ];
    const [item] = findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }])).map(
      (found) => found.value,
    );
    expect(item).to.include({ title: 'Grande table de réunion', quantity: '40.0', amount_unit: '4500.00', tax_rate: '20' });
  });

  it('reads a rate that lost its decimal mark in a table of each line’s gross as the tenth with which the row’s tax makes the amount', () => {
    const lines = [
      '       Description                     Quantité      Prix unitaire   TVA         Montant',
      'Espace de travail individuel            53.0          €876,00    |   55        €48 981,54',
      'Bureau d’angle assis à droite     |     27.0      |   € 600,00      20.0       € 19 440,00   |',
      'Tiroir noir                       |     29.0      |   €20,00     |   77    |    €580,00      |',
    ];
    const items = findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }])).map(
      (found) => found.value,
    );
    expect(items.map((item) => [item.tax_rate, item.amount_unit])).to.deep.equal([
      ['5.5', '876.00'],
      ['20', '600.00'],
      [null, '20.00'],
    ]);
  });

  it('reads a bar or an exclamation mark standing after a figure in a title as the litre’s l, as OCR reads a lone l, and drops a mark standing after the title', () => {
    const items = itemsIn([
      'Nr.   Beschreibung              Menge    Preis/Einh.      Gesamt',
      '1     Mineralwasser 0,75 |         24           1,20       28,80',
      '2     Olivenöl 5| Kanister          2          42,00       84,00',
      '3     Muster | Vorlage              1          10,00       10,00',
      '4     Acqua minerale 0,75 1         12           0,90       10,80',
      '5     Eau minérale 1,5 I            6            1,10        6,60',
      '6     Schraube M6 1                 6            1,10        6,60',
      '7     Mineraalwater 0,75 !          24           1,20       28,80',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal([
      'Mineralwasser 0,75 l',
      'Olivenöl 5l Kanister',
      'Muster | Vorlage',
      'Acqua minerale 0,75 l',
      'Eau minérale 1,5 l',
      'Schraube M6 1',
      'Mineraalwater 0,75 l',
    ]);
    const marked = itemsIn([
      'Nr.   Beschreibung              Menge    Preis/Einh.      Gesamt',
      '1     Fachbuch Steuerrecht >        6          53,49      320,94',
    ]);
    expect(marked[0]?.title).to.equal('Fachbuch Steuerrecht');
  });

  it('reads a quantity whose decimal mark a scan lost where only that multiplies out to the amount', () => {
    const items = itemsIn([
      'Pos   Désignation                 Quantité     Prix unitaire      Montant',
      '1     Conseil juridique                 35             77,90       272,65',
      '2     Papier A4                         35              2,00        70,00',
    ]);
    expect(items[0]).to.include({ quantity: '3.5', amount_unit: '77.90', amount_total: '272.65' });
    expect(items[1]).to.include({ quantity: '35', amount_unit: '2.00' });
  });

  it('given a count a text layer prints that does not multiply out with the unit price, then keeps it: the price is per some base quantity', () => {
    const lines = [
      'Pos   Beschreibung                Menge Einheit     Nettopreis      Nettobetrag',
      '1     Artikel A                     200 Stk              52,52           105,04',
    ];
    const [item] = findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, null) }])).map(
      (found) => found.value,
    );
    expect(item).to.include({ quantity: '200', amount_total: '105.04' });
  });

  it('reads a unit price a grid’s rule set a minus before as the price where its amount is positive, and keeps a credit’s', () => {
    const items = itemsIn([
      'Code          Description               Quantité Unité     Prix unitaire   Taux TVA   Montant',
      'ART9750-21    Panier de légumes frais          18 pce            -23,32        10%     419,76',
      'ART0001-01    Avoir retour                      1 pce            -50,00        20%     -50,00',
    ]);
    expect(items[0]).to.include({ quantity: '18', amount_unit: '23.32', amount_total: '419.76' });
    expect(items[1]).to.include({ amount_unit: '-50.00', amount_total: '-50.00' });
  });

  it('reads a rate a scan lost the decimal mark of as the rate the tax summary prints beside its amounts, and keeps a rate it prints', () => {
    const items = itemsIn([
      'Pos    Leistung                    Anzahl ME        Preis      USt.    Gesamtpreis CHF',
      '1      Kabel NYM-J 3x1.5 mm²           50 m          2.80      8.1%             140.00',
      '2      Beratung                         1 Std.     124.30       26%             124.30',
      '                         MWST-Satz     Netto       MWST      Brutto',
      '                         8.1%         140.00      11.34      151.34',
      '                         2.6%         124.30       3.23      127.53',
      '                                      Total netto            264.30',
    ]);
    expect(items.map((item) => item.tax_rate)).to.deep.equal(['8.1', '2.6']);

    const kept = itemsIn([
      'Bezeichnung                  Menge      Preis     MwSt.      Betrag',
      'Beratung                         1     100.00       20%      100.00',
      '                                       Summe netto           100.00',
      '                                       MwSt. 20%              20.00',
      '                                       2% Skonto bei Zahlung binnen 10 Tagen',
    ]);
    expect(kept[0]).to.include({ tax_rate: '20' });
  });

  it('reads rows a tilted photo spread over the lines under their descriptions, numbered names that read like labels or totals included', () => {
    const items = itemsIn([
      'Line    Description',
      '                                       Quantity Unit          Price each     VAT        Net amount',
      '1       Installation on site',
      '                                         4.5  hrs',
      '                                                               86.68           20%          390.06',
      '2       Website hosting Pro',
      '3       Reference book: Tax law',
      '                                        18 pcs                62.53           5%         1,125.54',
      '4       Cable duct 40x60',
      '                                        19 m                   7.23           20%          137.37',
      '',
      '                                                                      Total net          1,853.98',
    ]);

    expect(
      items.map(({ title, quantity, amount_unit, tax_rate, amount_total }) => [title, quantity, amount_unit, tax_rate, amount_total]),
    ).to.deep.equal([
      ['Installation on site', '4.5', '86.68', '20', '390.06'],
      ['Reference book: Tax law', '18', '62.53', '5', '1125.54'],
      ['Cable duct 40x60', '19', '7.23', '20', '137.37'],
    ]);
  });

  it('reads a row a scan printed over two lines under its article code: code and name on one line, its figures on the next', () => {
    const items = itemsIn([
      'Art.-Nr.     Leistung                                USt-%        Gesamt',
      'ART354947    Softwarelizenz (12 Monate)                20%        248,69',
      'ART611248    Beratungsleistung',
      '                                                       20%      2 192,96',
      'ART922165    Anfahrtspauschale                         20%         68,90',
      '',
      '                                               Summe netto      2 510,55',
    ]);

    expect(items.map(({ title, tax_rate, amount_total }) => [title, tax_rate, amount_total])).to.deep.equal([
      ['Softwarelizenz (12 Monate)', '20', '248.69'],
      ['Beratungsleistung', '20', '2192.96'],
      ['Anfahrtspauschale', '20', '68.90'],
    ]);
  });

  it('reads a row a scan printed over two lines without a code: its name alone, then a whole row of figures without a name', () => {
    const items = itemsIn([
      'Description                          Quantité    Prix unitaire     TVA      Montant HT',
      'Eau minérale 0,75 l                         1             3,54     10%            3,54',
      'Fauteuil de bureau ergonomique',
      '                                           11           378,07     20%        4 158,77',
      'Prestation de conseil                       1           118,22     20%          118,22',
      '',
      '                                                      Sous-total HT           4 280,53',
    ]);

    expect(items.map(({ title, quantity, amount_total }) => [title, quantity, amount_total])).to.deep.equal([
      ['Eau minérale 0,75 l', '1', '3.54'],
      ['Fauteuil de bureau ergonomique', '11', '4158.77'],
      ['Prestation de conseil', '1', '118.22'],
    ]);
  });

  it('takes a line of words alone under an item without a code as the rest of its name, not a row of its own', () => {
    const items = itemsIn([
      'Leistung                                             USt-%        Gesamt',
      'Softwarelizenz                                         20%        248,69',
      'Beratungsleistung vor Ort',
      '                                                       20%      2 192,96',
      '',
      '                                               Summe netto      2 441,65',
    ]);

    expect(items.map(({ title }) => title)).to.not.include('Beratungsleistung vor Ort');
  });

  it('given the figures of a numbered name printed right above it (tilted the other way), does not join the figures below it', () => {
    const items = itemsIn([
      'Pos   Libellé                       Quantité Unité      PU HT     TVA     Total HT',
      '                                          23 pce         2,17     10%        49,91',
      '1     Eau minérale 0,75 l',
      '                                          18 pce         4,67     20%        84,06',
      '2     Papier copie A4 80 g',
      '',
      '                                                        Sous-total HT       133,97',
    ]);

    expect(items.map(({ title, amount_total }) => [title, amount_total])).to.deep.equal([
      ['Eau minérale 0,75 l', '49.91'],
      ['Papier copie A4 80 g', '84.06'],
    ]);
  });

  it('reads a unit price and amount both printed without their decimal marks where quantity × price less the discount confirms them', () => {
    const items = itemsIn([
      'Description                Quantity Unit    Price each    Disc.    VAT %     Line total',
      'Cable duct 40x60                 15 m             6.94      15%      20%          88.49',
      'Mineral water 0.75 l             20 pcs            257      10%       5%           4626',
    ]);
    expect(items[1]).to.include({ quantity: '20', amount_unit: '2.57', discount_rate: '10', amount_total: '46.26' });
  });

  it('reads a unit price column whose name a scan glued to its per-unit qualifier ("Prijsp/st")', () => {
    const items = itemsIn([
      'Artikelnr.       Artikel                         Aant.     Prijsp/st    Kort.    BTW%       Bedrag',
      'ART7617          Biologische koffiebonen           10,5        32,62                 9%      342,51',
    ]);
    expect(items[0]).to.include({ title: 'Biologische koffiebonen', quantity: '10.5', amount_unit: '32.62', amount_total: '342.51' });
  });

  it('reads an Italian row’s discount under "Sc.%" and its amount under "Imponibile"', () => {
    const items = itemsIn([
      'Pos. Codice      Descrizione articolo    Quantità UM      Pr. unitario    Sc.%     IVA   Imponibile',
      '1    ART9986     Brochure a 4 colori            4 pz             2,87       5%     22%        10,91',
    ]);
    expect(items[0]).to.include({
      title: 'Brochure a 4 colori',
      amount_unit: '2.87',
      discount_rate: '5',
      tax_rate: '22',
      amount_total: '10.91',
    });
  });

  it('reads columns headed "Preis/Einh.", "USt-%", "Details", "Units", "Price each" and "Tax rate"', () => {
    const german = itemsIn([
      'Nr.   Beschreibung            Menge    Preis/Einh.    USt-%      Gesamt',
      '1     Kabelkanal 40x60          6,5           9,26     19 %       60,19',
    ]);
    expect(german[0]).to.include({
      title: 'Kabelkanal 40x60',
      quantity: '6.5',
      amount_unit: '9.26',
      tax_rate: '19',
      amount_total: '60.19',
    });
    const english = itemsIn([
      '#    Details                     Units      Price each     Tax rate     Net amount',
      '1    Fresh vegetables box           10           21.07           5%         210.70',
    ]);
    expect(english[0]).to.include({
      title: 'Fresh vegetables box',
      quantity: '10',
      amount_unit: '21.07',
      tax_rate: '5',
      amount_total: '210.70',
    });
  });

  it('given a line in smaller type under an item’s title, takes it for a note and not for more of the title', () => {
    // Lines of [text, type size, letter width]: words placed at 0.006 of the page width a character, as wide as
    // their letters, the line's height its type size. A scan's boxes may show a note nearly as high as the title
    // (its descenders) but its letters narrower ("Subscription period …").
    const printed: [string, number, number][] = [
      ['Pos  Bezeichnung                  Menge     Einzelpreis     Betrag', 0.012, 0.006],
      ['1    Kopierpapier A4 80 g            19            5,78     109,82', 0.012, 0.006],
      ['     500 Blatt je Paket', 0.009, 0.0045],
      ['2    Website-Wartung                  1          120,00     120,00', 0.012, 0.006],
      ['     (monatlich)', 0.012, 0.006],
      ['3    Softwarelizenz (12 Monate)       1          965,97     965,97', 0.012, 0.006],
      ['     Subscription period see contract', 0.011, 0.0045],
      ['4    Annual software licence          1          281,86     281,86', 0.0085, 0.008],
      ['     Subscription period see contract', 0.0081, 0.0062],
      ['5    Kabelkanal 40x60                 2            9,26      18,52', 0.012, 0.006],
      ['     Kabelkanal Zubehör', 0.0125, 0.0045],
    ];
    const words = printed.flatMap(([text, size, width], row) => {
      const indent = text.length - text.trimStart().length;
      const x = (column: number) => indent * 0.006 + (column - indent) * width;
      return [...text.matchAll(/\S+/g)].map((match) => ({
        text: match[0],
        box: [x(match.index), 0.1 + row * 0.02, x(match.index + match[0].length), 0.1 + row * 0.02 + size] as [
          number,
          number,
          number,
          number,
        ],
        confidence: 1,
      }));
    });
    const text = printed.map(([line]) => line).join('\n');
    const items = findLineItems(toDocumentText([{ pageNumber: 1, text, words }])).map((item) => item.value.title);

    // A line in taller type is no note, however narrow its letters.
    expect(items).to.deep.equal([
      'Kopierpapier A4 80 g',
      'Website-Wartung (monatlich)',
      'Softwarelizenz (12 Monate)',
      'Annual software licence',
      'Kabelkanal 40x60 Kabelkanal Zubehör',
    ]);
  });

  it('measures type by the words whose boxes show it: a note’s descenders do not make it as tall as the title', () => {
    // Per word its box height: "pages" and "copies," reach below the line and stand taller than the note's type;
    // its digits are as tall as its capitals. A note as tall as the title to a rounding, with narrower letters, is a note too.
    const printed: [string, Record<string, number>, number][] = [
      ['Pos  Omschrijving                 Aantal     Stuksprijs      Bedrag', {}, 0.006],
      ['1    Brochures 4-kleuren              13            0,97      12,61', {}, 0.006],
      ['     250 copies, 16 pages', { '250': 0.0065, '16': 0.0062, 'copies,': 0.0077, pages: 0.0092 }, 0.0045],
      ['2    Annual software licence           1          756,94     756,94', {}, 0.0066],
      ['     Subscription period see contract', { see: 0.005, contract: 0.0051 }, 0.005],
      ['3    Happy hour catering               1           80,00      80,00', {}, 0.006],
      ['     Wednesday 14 May', {}, 0.006],
    ];
    const words = printed.flatMap(([text, heights, width], row) => {
      const indent = text.length - text.trimStart().length;
      const x = (column: number) => indent * 0.006 + (column - indent) * width;
      return [...text.matchAll(/\S+/g)].map((match) => {
        const height = heights[match[0]] ?? 0.0083;
        return {
          text: match[0],
          box: [x(match.index), 0.1 + row * 0.02, x(match.index + match[0].length), 0.1 + row * 0.02 + height] as [
            number,
            number,
            number,
            number,
          ],
          confidence: 1,
        };
      });
    });
    const text = printed.map(([line]) => line).join('\n');
    const items = findLineItems(toDocumentText([{ pageNumber: 1, text, words }])).map((item) => item.value.title);

    expect(items).to.deep.equal(['Brochures 4-kleuren', 'Annual software licence', 'Happy hour catering Wednesday 14 May']);
  });

  it('reads each row’s columns: article, title, quantity and unit, unit price, tax rate, amount', () => {
    const items = itemsIn([
      'Pos  Art.-Nr.   Bezeichnung              Menge        Einzelpreis    MwSt       Betrag',
      '1    TB100A4    Trennblätter A4          20 Stk.             9,90    19 %       198,00',
      '2    ARNR2      Joghurt Banane           50 Stk.             5,50     7 %       275,00',
      '',
      'Summe netto                                                                     473,00',
      'MwSt 19 %                                                                        37,62',
    ]);

    expect(items).to.deep.equal([
      {
        title: 'Trennblätter A4',
        quantity: '20',
        unit: 'Stk.',
        amount_unit: '9.90',
        amount_total: '198.00',
        tax_rate: '19',
        discount_rate: null,
        article_number: 'TB100A4',
      },
      {
        title: 'Joghurt Banane',
        quantity: '50',
        unit: 'Stk.',
        amount_unit: '5.50',
        amount_total: '275.00',
        tax_rate: '7',
        discount_rate: null,
        article_number: 'ARNR2',
      },
    ]);
  });

  it('joins a name wrapped in a narrow column, and takes an amount printed on the line below', () => {
    const items = itemsIn([
      'Pos  Beschreibung   Nettopreis   Menge     Steuersatz   Nettobetrag',
      '1    Trennblätter       9,9000   20 Stk          19 %',
      '     A4                                                      198,00',
      '     GTIN: 4012345001235',
    ]);

    expect(items).to.have.length(1);
    expect(items[0]).to.include({ title: 'Trennblätter A4', quantity: '20', amount_total: '198.00' });
  });

  it('leaves out a unit price that does not multiply out to the amount, and applies a discount line to its item', () => {
    const items = itemsIn([
      'Artikelbeschreibung      Menge  Einheit     Preis/Einheit      Entgelt  USt. %',
      'Kunstrasen grün          3,00   m2               4,00            12,00     19',
      '                                          abzgl. 16,7% Rabatt   -2,00',
      'Pfand                    20     Stk.             2,77            55,46     19',
    ]);

    expect(
      items.map(({ title, amount_unit, amount_total, discount_rate }) => ({ title, amount_unit, amount_total, discount_rate })),
    ).to.deep.equal([
      { title: 'Kunstrasen grün', amount_unit: '4.00', amount_total: '10.00', discount_rate: '16.7' },
      { title: 'Pfand', amount_unit: null, amount_total: '55.46', discount_rate: null },
    ]);
  });

  it('passes over a subtotal between items, and stops at the totals', () => {
    const items = itemsIn([
      'Description                          Quantity   Unit Price   Taxes      Amount',
      '[FURN_7777] Office Chair             1.00 Units      70.00  15.00%     $ 70.00',
      '                                                                 Subtotal $ 70.00',
      '[LUX_TRF] Luxury Truffles            15.00 g         10.00              $ 150.00',
      '',
      '                                     Subtotal                           $ 220.00',
      '                                     Total                              $ 230.50',
    ]);

    expect(items.map(({ title, article_number, quantity, unit }) => ({ title, article_number, quantity, unit }))).to.deep.equal([
      { title: 'Office Chair', article_number: 'FURN_7777', quantity: '1.00', unit: 'Units' },
      { title: 'Luxury Truffles', article_number: 'LUX_TRF', quantity: '15.00', unit: 'g' },
    ]);
  });

  it('reads quantities with the document’s decimal comma ("5,000 kg")', () => {
    const items = itemsIn(['Bezeichnung      Menge      Preis     Betrag', 'Schweinesteak    5,000 kg    5,50     27,50']);

    expect(items[0]).to.include({ quantity: '5.000', unit: 'kg', amount_total: '27.50' });
  });

  it('reads a header whose column names are a single space apart ("Qty Unit", "P.U. HT TVA %"), and splits "12 h" into quantity and unit', () => {
    const items = itemsIn([
      'No.    Art. No.      Item description               Qty Unit                 Rate    VAT %              Total',
      '1      SKU-11186     Technical documentation         12 page                 28.70     8.1%           344.40',
      '2      SKU-44025     Software development            16 h                   114.70     8.1%          1,835.20',
    ]);

    expect(items).to.deep.equal([
      {
        title: 'Technical documentation',
        quantity: '12',
        unit: 'page',
        amount_unit: '28.70',
        amount_total: '344.40',
        tax_rate: '8.1',
        discount_rate: null,
        article_number: 'SKU-11186',
      },
      {
        title: 'Software development',
        quantity: '16',
        unit: 'h',
        amount_unit: '114.70',
        amount_total: '1835.20',
        tax_rate: '8.1',
        discount_rate: null,
        article_number: 'SKU-44025',
      },
    ]);
  });

  it('does not take a title printed above the header for part of it', () => {
    const items = itemsIn([
      'INVOICE No. F2025/2403',
      'Description                                                               VAT         Qty            Rate                   Total',
      'Hotel accommodation                                                       20%          1           139.15                  139.15',
    ]);

    expect(items).to.deep.equal([
      {
        title: 'Hotel accommodation',
        quantity: '1',
        unit: null,
        amount_unit: '139.15',
        amount_total: '139.15',
        tax_rate: '20',
        discount_rate: null,
        article_number: null,
      },
    ]);
  });

  it('tells the kind of an ambiguously named column by its cells: running numbers, codes, names', () => {
    const items = itemsIn([
      'Riga Articolo      Prestazione                 Q.tà U.M.              Prezzo      IVA Totale riga CHF',
      '1     A-93225      Installazione impianto         8 h                  73.30     8.1%           586.40',
      '2     A-49371      Libro di contabilità           2 pz                 20.90     8.1%            41.80',
    ]);

    expect(items.map(({ title, article_number, quantity, unit }) => ({ title, article_number, quantity, unit }))).to.deep.equal([
      { title: 'Installazione impianto', article_number: 'A-93225', quantity: '8', unit: 'h' },
      { title: 'Libro di contabilità', article_number: 'A-49371', quantity: '2', unit: 'pz' },
    ]);
  });

  it('reads a quantity right-aligned before the description, sticking out past its header', () => {
    const items = itemsIn([
      ' Menge Artikelbezeichnung                                                         Preis        Gesamt',
      '      40 Lebensmittel Catering                                                   34.60         1384.00',
      '     4.5 Montagearbeiten                                                        108.70          489.15',
    ]);

    expect(items.map(({ title, quantity, amount_unit, amount_total }) => ({ title, quantity, amount_unit, amount_total }))).to.deep.equal([
      { title: 'Lebensmittel Catering', quantity: '40', amount_unit: '34.60', amount_total: '1384.00' },
      { title: 'Montagearbeiten', quantity: '4.5', amount_unit: '108.70', amount_total: '489.15' },
    ]);
  });

  it('joins the lines a title wraps onto, and keeps the figures of a description in it', () => {
    const items = itemsIn([
      'No.   Item code   Item description      Quantity Unit             Rate     VAT      Line total',
      '1     5629-16     Technical                  30 page             28.50    8.1%         855.00',
      '                  documentation',
      '2     5934-94     Printer paper A4, 500      10 pack              8.60    8.1%          86.00',
      '                  sheets',
      '3     4821-71     Website maintenance         1 month           169.45    8.1%         169.45',
      '                  (monthly)',
    ]);

    expect(items.map(({ title, quantity, article_number }) => ({ title, quantity, article_number }))).to.deep.equal([
      { title: 'Technical documentation', quantity: '30', article_number: '5629-16' },
      { title: 'Printer paper A4, 500 sheets', quantity: '10', article_number: '5934-94' },
      { title: 'Website maintenance (monthly)', quantity: '1', article_number: '4821-71' },
    ]);
  });

  it('keeps the words of a long description that run on under the next header', () => {
    const items = itemsIn([
      'Réf.           Désignation                   Quantité Unité                 Prix  TVA % Montant HT CHF',
      'A-20137        Livre : Comptabilité pratique         1 pce                 41.60     2.6%              41.60',
      'SKU-58711      Carta per fotocopie A4      20 pz                            6.00     2.6%             120.00',
    ]);

    expect(items.map(({ title, quantity, unit }) => ({ title, quantity, unit }))).to.deep.equal([
      { title: 'Livre : Comptabilité pratique', quantity: '1', unit: 'pce' },
      { title: 'Carta per fotocopie A4', quantity: '20', unit: 'pz' },
    ]);
  });

  it('keeps superscript units in titles ("m²")', () => {
    const items = itemsIn([
      'Bezeichnung                  Menge      Preis     Betrag',
      'Kabel NYM-J 3x1.5 mm²          50       3.50     175.00',
    ]);

    expect(items[0]).to.include({ title: 'Kabel NYM-J 3x1.5 mm²', quantity: '50' });
  });

  it('ends the table at a total named in any of its cells, and at a tax summary below it', () => {
    const items = itemsIn([
      'Artikel       Omschrijving                                                          Prijs BTW Hoeveelheid        Bedrag',
      'E103184       Onderhoudsset CA6707/10                                              49,99  21 %       1 PCS         49,99',
      '',
      'Prijzen zijn inclusief BTW                                                             Factuur totaal EUR         49,99',
      '',
      '                                   MWST-Satz         Netto                  MWST                   Brutto',
      '                                   8.1%            1823.45                 147.70                1971.15',
    ]);

    expect(items).to.deep.equal([
      {
        title: 'Onderhoudsset CA6707/10',
        quantity: '1',
        unit: 'PCS',
        amount_unit: '49.99',
        amount_total: '49.99',
        tax_rate: '21',
        discount_rate: null,
        article_number: 'E103184',
      },
    ]);
  });

  it('reads a figure whose decimal mark a scan lost where quantity × unit price (less the discount) confirms it', () => {
    const items = itemsIn([
      'Libellé                        Quantité    PU HT      Rem.     TVA       Total HT',
      'Eau minérale 0,75 l                 23      2,17                10%         4991',
      'Papier copie A4 80 g                 6       481                20%        28,86',
      'Frais de déplacement                 1     37,35       3%      20%         3623',
      'Prestation de conseil                2       812                20%       900,00',
    ]);

    expect(items.map(({ quantity, amount_unit, amount_total }) => ({ quantity, amount_unit, amount_total }))).to.deep.equal([
      { quantity: '23', amount_unit: '2.17', amount_total: '49.91' },
      { quantity: '6', amount_unit: '4.81', amount_total: '28.86' },
      { quantity: '1', amount_unit: '37.35', amount_total: '36.23' },
      // 2 × 8.12 is not 900.00: no unit price.
      { quantity: '2', amount_unit: null, amount_total: '900.00' },
    ]);
  });

  it('reads a tax rate whose decimal mark a scan lost as the rate the document prints elsewhere, and the headers "PU. HT" and a glued "TauxTVA"', () => {
    const items = itemsIn([
      'Nr    Beschreibung                Menge     Preis/Einh.     MwSt.      Gesamt',
      '1     Kopierpapier A4 80 g           19            5,78       81%      109,82',
      '2     Gemüsekiste frisch             20           26,39       55%      527,80',
      '',
      '                                                       MwSt. 8.1%       8,90',
      'Ligne  Description                  Quantité    PU. HT    TauxTVA    Montant HT',
      '1      Papier copie A4 80 g               15      4,22        20%         63,30',
    ]);

    // 81 % is the 8.1 % the document prints; 55 % is no rate, nor is 5.5 % one the document prints.
    expect(items.map((item) => item.tax_rate)).to.deep.equal(['8.1', null, '20']);
  });

  it('reads the column whose name the description column’s name holds as the article code ("Articolo", "Descrizione articolo")', () => {
    const items = itemsIn([
      'Riga    Articolo       Descrizione articolo                   Qta UM           Prezzo unit.      Importo',
      '1       842048         Sedia da ufficio ergonomica              20 pz                389,63      7.792,60',
      '2       P5706-79       Installazione in loco                    11 ore                94,19      1.036,09',
    ]);

    expect(items.map(({ title, article_number }) => ({ title, article_number }))).to.deep.equal([
      { title: 'Sedia da ufficio ergonomica', article_number: '842048' },
      { title: 'Installazione in loco', article_number: 'P5706-79' },
    ]);
    expect(
      itemsIn([
        'Item        Item description                 Qty       Unit price       Amount',
        'CH-204      Office chair                       2           189.00       378.00',
      ]).map(({ title, article_number }) => ({ title, article_number })),
    ).to.deep.equal([{ title: 'Office chair', article_number: 'CH-204' }]);
  });

  it('parts a word of small letters from the figure OCR glued it to in a title, not in a text layer', () => {
    const lines = [
      'Pos  Bezeichnung                  Menge     Einzelpreis     Betrag',
      '1    Kabelkanal40x60                  7            4,94      34,58',
      '2    Kabel NYM-J 3x1.5 mm2           50            3,50     175,00',
    ];
    const titles = (confidence: number | null) =>
      findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, confidence) }])).map(
        (item) => item.value.title,
      );

    expect(titles(0.9)).to.deep.equal(['Kabelkanal 40x60', 'Kabel NYM-J 3x1.5 mm2']);
    expect(titles(null)).to.deep.equal(['Kabelkanal40x60', 'Kabel NYM-J 3x1.5 mm2']);
  });

  it('reads a row a tilted photo printed over two lines: its figures above, its description with the quantity under them', () => {
    const items = itemsIn([
      'Regel   Omschrijving                  Aant.   Eenh.        Prijs p/st       Totaal',
      '1       Kopieerpapier A4 80 g            13   st                 6,02        78,26',
      '2                          a                                    33,85        33,85',
      '        Voorrijkosten                     1   stuk',
      '3       Adviesuren                        2   uur               90,00       180,00',
    ]);

    expect(
      items.map(({ title, quantity, unit, amount_unit, amount_total }) => ({ title, quantity, unit, amount_unit, amount_total })),
    ).to.deep.equal([
      { title: 'Kopieerpapier A4 80 g', quantity: '13', unit: 'st', amount_unit: '6.02', amount_total: '78.26' },
      { title: 'Voorrijkosten', quantity: '1', unit: 'stuk', amount_unit: '33.85', amount_total: '33.85' },
      { title: 'Adviesuren', quantity: '2', unit: 'uur', amount_unit: '90.00', amount_total: '180.00' },
    ]);
  });

  it('reads what a scan garbles a little: a header word losing its space, a decimal mark followed by a space, a blurred amount', () => {
    const items = itemsIn([
      'N°     Prestation                                     Quantité         P.U.HT TVA%             Montant',
      '1      Ramette papier A4                                     5           6,05     20 %           30,25',
      '2      Bürostuhl Comfort Plus                                1         482, 30    19 %          482, 30',
      '3      Main d’oeuvre                                         2          82,70     20 %          ~~~',
      '4      Déplacement                                           1          73,40     20 %           73,40',
    ]);

    expect(items.map(({ title, quantity, amount_unit, amount_total }) => ({ title, quantity, amount_unit, amount_total }))).to.deep.equal([
      { title: 'Ramette papier A4', quantity: '5', amount_unit: '6.05', amount_total: '30.25' },
      { title: 'Bürostuhl Comfort Plus', quantity: '1', amount_unit: '482.30', amount_total: '482.30' },
      { title: "Main d'oeuvre", quantity: '2', amount_unit: null, amount_total: null },
      { title: 'Déplacement', quantity: '1', amount_unit: '73.40', amount_total: '73.40' },
    ]);
  });

  it('splits a quantity a scan glued to its unit ("2h", "15h") into both', () => {
    const items = itemsIn([
      'Nr.    Bezeichnung                          Anzahl Einh.       Ansatz        Gesamt',
      '1      Montagearbeiten                          2h             119.90        239.80',
      '2      Beratung                                 15h            187.50      2,812.50',
    ]);

    expect(items.map(({ title, quantity, unit, amount_unit }) => ({ title, quantity, unit, amount_unit }))).to.deep.equal([
      { title: 'Montagearbeiten', quantity: '2', unit: 'h', amount_unit: '119.90' },
      { title: 'Beratung', quantity: '15', unit: 'h', amount_unit: '187.50' },
    ]);
  });

  it('reads a quantity of one OCR read as a letter before its unit, where the unit price is the amount', () => {
    const items = itemsIn([
      'Pos   Codice        Descrizione                  Quantità         Prezzo     IVA          Importo',
      '3     A-83330       Consulenza tecnica           I ore            112.85     8.1%          112.85',
      '4     A-83331       Pernottamento                I notte           93.40     8.1%          186.80',
    ]);

    expect(items.map(({ title, quantity, unit }) => ({ title, quantity, unit }))).to.deep.equal([
      { title: 'Consulenza tecnica', quantity: '1', unit: 'ore' },
      { title: 'Pernottamento', quantity: null, unit: null },
    ]);
  });
  it('places a header whose short column names the layout set a single space apart where its words are printed, over their figures', () => {
    // Words as [text, left edge in characters of 0.01 of the page width, letter width in characters]: the
    // header's bold capitals are wider than the rows' figures and stand close together, right-aligned over
    // their columns, so the laid-out text runs each header word further left of its figures.
    const printed: [string, number, number][][] = [
      [
        ['Référence', 11, 1],
        ['Libellé', 22, 1],
        ['Qté', 51, 1],
        ['PU.HT', 56, 1.3],
        ['Rem.', 64.5, 1.1],
        ['Taux', 71, 1.1],
        ['TVA', 76, 1.2],
        ['Total', 81.5, 1.1],
        ['HT', 87.5, 1.3],
      ],
      [
        ['ART3597', 11, 1],
        ['Eau', 22, 1],
        ['minérale', 26, 1],
        ['11', 52.5, 1],
        ['3,46', 59.5, 1],
        ['15%', 65.5, 1],
        ['10%', 76, 1],
        ['32,35', 84.5, 1],
      ],
      [
        ['482202', 11, 1],
        ['Installation', 22, 1],
        ['sur', 35, 1],
        ['site', 39, 1],
        ['11', 52.5, 1],
        ['68,24', 58.5, 1],
        ['20%', 76, 1],
        ['750,64', 83.5, 1],
      ],
    ];
    const words = printed.flatMap((row, index) =>
      row.map(([text, left, width]) => ({
        text,
        box: [left * 0.01, 0.3 + index * 0.03, (left + text.length * width) * 0.01, 0.31 + index * 0.03] as [
          number,
          number,
          number,
          number,
        ],
        confidence: 0.9,
      })),
    );
    const items = findLineItems(toDocumentText([{ pageNumber: 1, text: '', words }])).map((item) => item.value);

    expect(
      items.map(({ title, quantity, amount_unit, tax_rate, amount_total }) => ({ title, quantity, amount_unit, tax_rate, amount_total })),
    ).to.deep.equal([
      { title: 'Eau minérale', quantity: '11', amount_unit: '3.46', tax_rate: '10', amount_total: '32.35' },
      { title: 'Installation sur site', quantity: '11', amount_unit: '68.24', tax_rate: '20', amount_total: '750.64' },
    ]);
  });

  it('reads a rate printed left of its tax column, where the quantity column ends ("2 Stk 19 % VAT (S)" under "Menge … Steuer")', () => {
    const items = itemsIn([
      '  Pos        Beschreibung    Nettopreis         Menge        Steuer      Entgelt',
      '   1           Miettage         86,55           2 Stk  19 % VAT (S)        173,10',
      '   2         Navigationssystem   5,04             2 Stk 19 % VAT (S)        10,08',
    ]);
    expect(items).to.have.length(2);
    expect(items[0]).to.include({ title: 'Miettage', quantity: '2', unit: 'Stk', tax_rate: '19', amount_total: '173.10' });
    expect(items[1]).to.include({ title: 'Navigationssystem', quantity: '2', unit: 'Stk', tax_rate: '19', amount_total: '10.08' });
  });

  it('reads an item’s name from the line under its figures where the article column’s header names the description on a second line', () => {
    const items = itemsIn([
      'GTIN           Art-Nr-Lieferant           Menge     VKE/Geb     Nettopreis                    MwSt-% Nettowert',
      'Art-Nr-Kunde   Artikelbezeichnung',
      '4123456000014 ZS997                     100,0000 Stk.    1         1,0000                      19,0     100,00',
      '               Zitronensäure 100ml',
      '               Verpackung : Flasche',
      '               Lieferung in 4 Kartons',
      '4100130013294 2031                       15,0000 Stk.   20        12,0000                      19,0     180,00',
      'K4321          Bierbrau Pils 20/0500',
      '               EAN-VKE: 4100130913297    Verpackung: Kiste',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
      ['Zitronensäure 100ml', '100.0000', '100.00'],
      ['Bierbrau Pils 20/0500', '15.0000', '180.00'],
    ]);
  });

  it('reads a header of two lines: a figure column named only above it ("Menge") and one named by both lines ("Preis/" over "Einheit")', () => {
    const items = itemsIn([
      '   Unsere                                            Menge  Meng.-           Preis/',
      'Pos Art.Nr.                  Artikelbeschreibung           einheit          Einheit             Betrag  USt. %',
      '  1 TB100A4                  Trennblätter A4         20    Stk.             9,90              198,00    19',
      '                             GTIN: 4012345001235',
    ]);
    expect(items[0]).to.include({ title: 'Trennblätter A4', quantity: '20', unit: 'Stk.', amount_unit: '9.90', amount_total: '198.00' });
  });

  it('ends a table at a section heading at its left edge ("Zu- und Abschläge:"): the allowances under it are no items', () => {
    const items = itemsIn([
      '  Pos            Beschreibung          Nettopreis        Menge        Steuer           Entgelt',
      '   1             Zitronensäure               1,00       100 Stk     19 % VAT (S)        100,00',
      '                 Weitere Eigenschaften:',
      '   2             Gelierzucker                1,45        50 Stk      7 % VAT (S)         72,50',
      '',
      ' Zu- und Abschläge:',
      '  Abschlag  Rechnungsrabatt 1    2      280,00                   19 % VAT (S)        -5,60',
      '  Abschlag  Rechnungsrabatt 1    2      130,70                    7 % VAT (S)        -2,61',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Zitronensäure', 'Gelierzucker']);
  });

  it('reads a name under its item’s figures with the figures it prints (“Mischpalette Joghurt Karton 3 x 20”) as the name, no item', () => {
    const items = itemsIn([
      'GTIN           Art-Nr-Lieferant           Menge     VKE/Geb     Nettopreis                    MwSt-% Nettowert',
      'Art-Nr-Kunde   Artikelbezeichnung',
      '2001015001325 1805                      15,0000 Stk.    1         3,1000                      19,0      46,50',
      'K4322          Leergutpfand 20 x 0,5l',
      '4123456000038 MP107                      2,0000 Stk.    1        29,1000                       7,0      58,20',
      '               Mischpalette Joghurt Karton 3 x 20',
      '               Bruttopreis: 30,0000 €    Artikelgesamtrabatt: -1,80 €',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
      ['Leergutpfand 20 x 0,5l', '15.0000', '46.50'],
      ['Mischpalette Joghurt Karton 3 x 20', '2.0000', '58.20'],
    ]);
  });

  it('reads no item from a table that starts under a section heading after the items (“Zahlungsbedingungen:” over its own header)', () => {
    const items = itemsIn([
      '  Pos            Beschreibung          Nettopreis        Menge        Steuer           Entgelt',
      '   1             Zitronensäure               1,00       100 Stk     19 % VAT (S)        100,00',
      '',
      '          Zahlungsbedingungen:',
      '                                         Beschreibung                                      Fälligkeit        Teilzahlung',
      '          Skontovereinbarung: 2% bei Zahlung innerhalb 10 Tagen nach Rechnungsdatum',
      '                                    Bezug            Innerhalb         Basisbetrag            %                Betrag',
      '                       Skonto                              10 Tag(e)                                   2',
      '',
      '          Zu- und Abschläge:',
      '                         Art                 %      Basisbetrag        Basismenge           Steuer             Betrag',
      '          Abschlag      Sonderrabatt                         410,10                         19 % VAT (S)              -21,55',
      '          Transportkosten: Frachbetrag                                                     19 % VAT (S)               15,00',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Zitronensäure']);
  });

  it('reads a figure right after a label’s colon as that label’s value, no quantity or price (“Bruttopreis : 4,00 Abschlag : 0,67”)', () => {
    const items = itemsIn([
      '  Pos              Beschreibung    Nettopreis         Menge        Steuer      Entgelt',
      '                   Kunstrasen          3,33           3 m² 19 % VAT (S)         10,00',
      '                    Bruttopreis : 4,00 Abschlag : 0,67',
      '   1               Wir erlauben uns Ihnen folgende Positionen',
      '                   Schweinesteak          5,50          1 kg  7 % VAT (S)         5,50',
    ]);
    expect(items.map((item) => [item.quantity, item.amount_total])).to.deep.equal([
      ['3', '10.00'],
      ['1', '5.50'],
    ]);
    // A colon a column away is no label of the figure: "Reference book:   3 pcs" counts three.
    const apart = itemsIn([
      'No.  Item description           Qty Unit      Rate      Total',
      '8    Reference book:              3 pcs      50.05     150.15',
      '     Accounting Basics',
    ]);
    expect(apart[0]).to.include({ title: 'Reference book: Accounting Basics', quantity: '3' });
  });

  it('reads a row with its figures as an item though its description starts with a code’s label (“GTIN”)', () => {
    const items = itemsIn([
      ' Pos                   Beschreibung         Nettopreis              Menge             Steuer           Entgelt',
      '  1                    GTIN                        1,00              -5 Stk     19 % VAT (S)              -5,00',
      '                       4123456000014',
      '  2                    GTIN                        1,45              -2 Stk      7 % VAT (S)              -2,90',
      '                       4123456000021',
    ]);
    expect(items.map((item) => [item.quantity, item.amount_total])).to.deep.equal([
      ['-5', '-5.00'],
      ['-2', '-2.90'],
    ]);
  });

  it('reads a name that starts with a code’s label as the item’s record printed whole down its cell, its "label: value" lines too, to a blank line', () => {
    const items = itemsIn([
      ' Pos                   Beschreibung         Nettopreis              Menge             Steuer           Entgelt',
      '  1                    GTIN                        2,00              -3 Stk     19 % VAT (S)              -6,00',
      '                       4012345000017',
      '                       Art-Nr-',
      '                       Lieferant',
      '                       HX4411',
      '                       Holzleim',
      '                       500g',
      '                       Verpackung:',
      '                       Dose',
      '                       VKE/Geb: 1',
      '',
      '  2                    Schleifpapier               0,50              10 Stk     19 % VAT (S)               5,00',
      '                       Körnung 120',
      '                       Verpackung: Karton',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal([
      'GTIN 4012345000017 Art-Nr-Lieferant HX4411 Holzleim 500g Verpackung: Dose VKE/Geb: 1',
      // A name of words: a "label: value" line under it is a note, no part of it.
      'Schleifpapier Körnung 120',
    ]);
  });

  it('reads a tax word in a note wrapped down a column beside a count as no totals line; a line of words alone naming a total still is one', () => {
    const items = itemsIn([
      '           Pos                    Beschreibung          Nettopreis              Menge              Steuer            Entgelt',
      '            1 Toolbox 0815       Windschutzscheibe             100,00            10 Stk          0 % VAT (K)           1000,00',
      '               CO-123/V2A                            Preisbasismenge:                        Kein Ausweis der',
      '                                 Preisbasismenge:               1 Stk                         Umsatzsteuer bei',
      '                                 1 Stk               Preisbasismenge:                  innergemeinschaftlichen',
      '                                                                1 Stk                             Lieferungen',
      '                      Bruttopreis : 100,00',
      '',
      '                                   * Berechnungszeitraum: 01.10.2018 bis 31.10.2018',
      '                                   * Herkunftsland: DE',
      '            2 BR-4529-ZF         Stoßfänger                   100,00             10 Stk          0 % VAT (K)           1000,00',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Windschutzscheibe', 'Stoßfänger']);
    const summary = itemsIn([
      'Descrizione                                         Q.tà       Prezzo      IVA Totale riga CHF',
      'Servizio di pulizia                                    1        348.50    8.1%          348.50',
      '',
      '                                  Aliquota    Imponibile               IVA                Totale',
      '                                  8.1%          2893.38             234.36             3127.74',
    ]);
    expect(summary.map((item) => item.title)).to.deep.equal(['Servizio di pulizia']);
  });

  it('settles a column’s kind by the phrases that start under it, not by the last word of one running in from the left', () => {
    const items = itemsIn([
      ' Pos                           Beschreibung               Nettopreis           Menge        Steuer        Entgelt',
      '  1                Abrechnungskreis 1                      15.387,08           1 Stk  19 % VAT (S)      15.387,08',
    ]);
    expect(items[0]).to.include({ title: 'Abrechnungskreis 1', quantity: '1', amount_total: '15387.08' });
  });

  it('joins a code without letters wrapped under an item’s name, on a line without figures (“Bierbrau Pils” / “20/0500”)', () => {
    const items = itemsIn([
      '           Pos                   Beschreibung          Nettopreis             Menge             Steuer            Entgelt',
      '            4                     Bierbrau Pils             12,00               15 Stk      19 % VAT (S)             180,00',
      '               2031               20/0500',
      '               4100130013294',
    ]);
    expect(items[0]).to.include({ title: 'Bierbrau Pils 20/0500', quantity: '15', amount_total: '180.00' });
  });

  it('joins a count wrapped under an item’s name on a line without figures: alone in the description column, or one space before its words', () => {
    const alone = itemsIn([
      '           Pos                    Beschreibung         Nettopreis              Menge             Steuer            Entgelt',
      '            1                     Abrechnungskreis      15.387,08               1 Stk     19 % VAT (S)          15387,08',
      '                                  1',
      '               4012345001235',
    ]);
    expect(alone[0]).to.include({ title: 'Abrechnungskreis 1', quantity: '1', amount_total: '15387.08' });
    // "2 Nächte": the count reaches left of the description's header, into the article column's stretch.
    const before = itemsIn([
      '         Pos Art-Nr-Kunde Beschreibung    Nettopreis         Menge        Steuer      Entgelt',
      '          1              Übernachtung.        158,88         1 Stk   7 % VAT (S)       158,88',
      '                         2 Nächte',
      '                         Hotel',
    ]);
    expect(before[0]).to.include({ title: 'Übernachtung. 2 Nächte Hotel', quantity: '1', amount_total: '158.88' });
  });

  it('joins words wrapped under a name where it starts, though the article column’s header reaches over them ("zur")', () => {
    const items = itemsIn([
      '         Pos Art-Nr-Kunde Beschreibung    Nettopreis         Menge        Steuer           Entgelt',
      '          2             Lebensgefährte/in         0,00         1 Stk 0 % VAT (E)         0,00',
      '                        zur',
      '                        Privathaftpflicht',
      '                            Bruttopreis : 0,00',
    ]);
    expect(items[0]).to.include({ title: 'Lebensgefährte/in zur Privathaftpflicht', quantity: '1', amount_total: '0.00' });
    // An article code under the name, in its own column left of it, stays out of the name.
    const coded = itemsIn([
      'Pos  Art-Nr        Beschreibung            Menge     Preis     Betrag',
      '1    A-100         Schrauben M4            10        0,50      5,00',
      '     B-200',
    ]);
    expect(coded[0]).to.include({ title: 'Schrauben M4' });
  });

  it('starts a name with a number broken at its hyphen on the row of figures, joined to the compound wrapped under it', () => {
    const items = itemsIn([
      '         Pos              Beschreibung    Nettopreis         Menge        Steuer      Entgelt',
      '          0                4-                8,41           1 Stk   7 % VAT (S)          8,41',
      '                           Fahrten-',
      '                           Karte',
      '                           Berlin',
    ]);
    expect(items[0]).to.include({ title: '4-Fahrten-Karte Berlin', quantity: '1', amount_total: '8.41' });
  });

  it('joins a name set on two lines around its figures where the line under them closes a bracket the line above opened', () => {
    const header = 'Description                          Quantité   Prix unitaire HT     Total HT';
    const around = itemsIn([
      header,
      'Boîte de rangement                     25,00          14,00            350,00',
      'Architecte Junior (Facturation sur',
      '                                       37,00          85,00          3 145,00',
      'Feuilles de Temps)',
      'Flipover                               20,00       1 700,00         34 000,00',
    ]);
    expect(around.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
      ['Boîte de rangement', '25.00', '350.00'],
      ['Architecte Junior (Facturation sur Feuilles de Temps)', '37.00', '3145.00'],
      ['Flipover', '20.00', '34000.00'],
    ]);
    // The count on the name's first line, the prices on the middle one.
    const counted = itemsIn([
      'QTE     DESIGNATION                                   PRIX UNIT. HT      MONTANT HT',
      '26,00   Ecrans anti-bruit                                     287,00        7 462,00',
      '16,00   Architecte Principal (Facturation sur Feuilles de',
      '                                                              150,00        2 400,00',
      '        Temps)',
      '100,00  Poubelle à pédale                                      10,00        1 000,00',
    ]);
    expect(counted[1]).to.include({
      title: 'Architecte Principal (Facturation sur Feuilles de Temps)',
      quantity: '16.00',
      amount_total: '2400.00',
    });
  });

  it('joins a bracketed end of a name wrapped under it, though it ends in a colon, and drops a colon that closes the name', () => {
    // "(Stunde):" is no "label: value" note: a label starts with a letter.
    const items = itemsIn([
      'Menge            Produkt                                             USt.      Preis      Gesamtbetrag',
      '1,00             Künstlerische Gestaltung                            7%        160,00 €   160,00 €',
      '                 (Stunde):',
      '200,00           Heiße Luft pro Liter:                               19%       0,10 €     20,00 €',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Künstlerische Gestaltung (Stunde)', 'Heiße Luft pro Liter']);
    // A note that is a label and its value still is no part of the name.
    const noted = itemsIn([
      'Menge            Produkt                                             USt.      Preis      Gesamtbetrag',
      '1,00             Künstlerische Gestaltung                            7%        160,00 €   160,00 €',
      '                 Leistungszeitraum: März',
    ]);
    expect(noted[0]).to.include({ title: 'Künstlerische Gestaltung' });
  });

  it('joins a word broken after its slash at the end of a line without a space (“Obermonteur/” / “Monteur”)', () => {
    const items = itemsIn([
      'Pos   Beschreibung                 Menge       Einzelpreis       Betrag',
      '1     TGA Obermonteur/              3,00            43,20         129,60',
      '      Monteur',
    ]);
    expect(items[0]).to.include({ title: 'TGA Obermonteur/Monteur', quantity: '3.00' });
  });

  describe('on tables OCR read (seventh pass)', () => {
    const recognizedItemsIn = (lines: string[]) =>
      findLineItems(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }])).map(
        (item) => item.value,
      );

    it('takes a code left of the description under a header OCR garbled ("Art.-NQ") for the article number', () => {
      const items = recognizedItemsIn([
        'Art.-NQ            Bezeichnung                                          USt-%          Gesamt',
        'A6460-90           Anfahrtspauschale                                     8.1%             64.17',
        '27791              Softwarelizenz (12 Monate)                            8.1%            479.31',
      ]);
      expect(items.map((item) => [item.title, item.article_number])).to.deep.equal([
        ['Anfahrtspauschale', 'A6460-90'],
        ['Softwarelizenz (12 Monate)', '27791'],
      ]);
    });

    it('reads "Part no." as the article column, not a position', () => {
      const items = recognizedItemsIn([
        'Part no.                             Item                                                                 Line total',
        'P53381                               Cable duct 40x60                                                          8.18',
      ]);
      expect(items[0]).to.include({ title: 'Cable duct 40x60', article_number: 'P53381', amount_total: '8.18' });
    });

    it('takes a code of four digits shifted under the position and article headers at once for the code, not the position', () => {
      const items = recognizedItemsIn([
        ' Line Item code    Description                Quantity Unit     Unit price VAT    Net amount',
        ' 2     P17095      Ergonomic office chair            14 pcs        501.95 20%        7,027.30',
        '3    3580          Organic coffee beans              5 kg           28.10   5%         140.50',
      ]);
      expect(items.map((item) => item.article_number)).to.deep.equal(['P17095', '3580']);
    });

    it('tells a column of codes by the items’ rows, not by a remark printed under the table', () => {
      const items = recognizedItemsIn([
        'Articolo          Descrizione                                     Q.tà            Prezzo unit.          Imponibile',
        'ART1685           Website hosting Pro                                 1                222,91               222,91',
        'P315416           Licenza software annuale                            1                719,23               719,23',
        'Grazie per la preferenza.',
      ]);
      expect(items.map((item) => [item.title, item.article_number])).to.deep.equal([
        ['Website hosting Pro', 'ART1685'],
        ['Licenza software annuale', 'P315416'],
      ]);
    });

    it('joins a numbered name to its rate and amount on the line under it, under a position header OCR garbled ("Ne")', () => {
      const items = recognizedItemsIn([
        'Ne         Omschrijving                                                         BTW                  Bedrag',
        ' 1         Installatie op locatie                                                21%                 670,60',
        '2          Biologische koffiebonen                    #5',
        '                                                                                  9%                  66.81',
      ]);
      expect(items.map((item) => [item.title, item.amount_total, item.tax_rate])).to.deep.equal([
        ['Installatie op locatie', '670.60', '21'],
        ['Biologische koffiebonen', '66.81', '9'],
      ]);
    });

    it('reads an amount without its decimal mark in a row whose count was lost, where the unit price divides it into a count', () => {
      const items = recognizedItemsIn([
        'Réf.             Description                       Qté          Prix unitaire      TVA           Montant HT',
        'P7566            Prestation de conseil               14                 89.57      8.1%             1253.98',
        'ART4242          Ouvrage : Droit fiscal                                 70.02      2.6%              133038',
      ]);
      expect(items[1]).to.include({ title: 'Ouvrage : Droit fiscal', quantity: '19', amount_unit: '70.02', amount_total: '1330.38' });
      // A figure the price divides into no count stays no amount.
      const other = recognizedItemsIn([
        'Réf.             Description                       Qté          Prix unitaire      TVA           Montant HT',
        'ART4242          Ouvrage : Droit fiscal                                 70.02      2.6%              133039',
      ]);
      expect(other).to.deep.equal([]);
    });

    it('reads a row whose name holds a total’s word between items, where its unit price divides its amount into a count', () => {
      const items = recognizedItemsIn([
        'Item                                         Quantity       Unit price     VAT %        Line total',
        'Installation on site                              4.5            83.00        20%           373.50',
        'Reference book: Tax law                            is.           58.46         5%           876.90',
        'Website hosting Pro                                 1           174.08        20%           174.08',
        '                                                                     Total net         1,424.48',
      ]);
      expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
        ['Installation on site', '4.5', '373.50'],
        ['Reference book: Tax law', '15', '876.90'],
        ['Website hosting Pro', '1', '174.08'],
      ]);
    });

    it('places figures the layout set a single space apart where they are printed, under their headers', () => {
      const lines = [
        'Pos   Bezeichnung                 Menge       Einzelpreis      MwSt       Betrag',
        '1     Kabelgoot 40x60             17',
      ];
      // "6,24", "21%" and "106,08" printed under their headers, their boxes (a photo's) reaching to the next word.
      const at = (column: number) => column * 0.006;
      const figures = [
        { text: '6,24', box: [at(45), 0.12, at(57), 0.13] as [number, number, number, number], confidence: 0.8 },
        { text: '21%', box: [at(57.5), 0.12, at(68), 0.13] as [number, number, number, number], confidence: 0.8 },
        { text: '106,08', box: [at(68.5), 0.12, at(78), 0.13] as [number, number, number, number], confidence: 0.8 },
      ];
      const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: [...monospacedWords(lines, 0.9), ...figures] }]);
      expect(document.lines[1]!.segments.at(-1)!.text).to.equal('6,24 21% 106,08');
      const [item] = findLineItems(document).map((found) => found.value);
      expect(item).to.include({ title: 'Kabelgoot 40x60', quantity: '17', amount_unit: '6.24', tax_rate: '21', amount_total: '106.08' });
    });

    it('measures a wrapped line’s type against words of the same shape: a name’s end in a narrow column is no note', () => {
      // Words boxed as OCR boxes them: capitals and ascenders 0.010 of the page high, descenders 0.003 more, letters
      // of neither 0.007; [text, scale of the type]. "A4" (capitals only) is lower than "Papier" (a capital and a p),
      // as tall as its own type; "g" and "copie" (small letters reaching below) compare alike.
      const printed: [string, number][] = [
        ['Facture de la société', 1],
        ['N°   Désignation           Quantité  Prix unitaire  Montant HT', 1],
        ['1    Papier copie           19        6,17           117,23', 1],
        ['     A4 80 g', 1],
        ['     500 sheets /', 0.75],
        ['     ream', 0.75],
        ['2    Eau minerale           21        3,82            80,22', 1],
        ['     0,751', 1],
      ];
      const up = /[\p{Lu}\dbdfhkl]/u;
      const down = /[gjpqy]/u;
      const words = printed.flatMap(([text, scale], row) =>
        [...text.matchAll(/\S+/g)].map((match) => {
          const height = scale * ((up.test(match[0]) ? 0.01 : 0.007) + (down.test(match[0]) ? 0.003 : 0));
          const bottom = 0.11 + row * 0.02 + (down.test(match[0]) ? 0.003 : 0) * scale;
          return {
            text: match[0],
            box: [match.index * 0.006, bottom - height, (match.index + match[0].length) * 0.006, bottom] as [
              number,
              number,
              number,
              number,
            ],
            confidence: 0.9,
          };
        }),
      );
      const document = toDocumentText([{ pageNumber: 1, text: printed.map(([line]) => line).join('\n'), words }]);
      expect(findLineItems(document).map((item) => item.value.title)).to.deep.equal(['Papier copie A4 80 g', 'Eau minérale 0,75 l']);
    });

    it('gives figures tilted above a numbered name to that name, not to a note under the item above them', () => {
      const items = recognizedItemsIn([
        'Riga      Descrizione articolo                          Q.ta          Prezzo unit.       % IVA           Totale',
        ' 1        Carta per fotocopie A4 80 g                      22                 4,91          22%           108,02',
        '          500 sheets / ream',
        '                                                           15                73,28          22%         1.099,20',
        ' 2        Installazione in loco',
        '                                                            1               394,25          22%           394,25',
        ' 3        Licenza software annuale',
      ]);
      expect(items.slice(1).map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
        ['Installazione in loco', '15', '1099.20'],
        ['Licenza software annuale', '1', '394.25'],
      ]);
    });

    it('takes a per cent figure under the discount column that the row’s arithmetic does not take off for its tax rate', () => {
      const items = recognizedItemsIn([
        '#  Art.nr.       Artikel                         Aant. Eenheid      Prijs p/st  Kort.  Biw   Totaal',
        '1  A475026       Website hosting Pro                 1 stuk           268,84          21%    268,84',
        '3 ART834197      Handboek belastingrecht             8 st              73,70    10%    9%    530,64',
        '                                                                       Btw 21%            56,46',
      ]);
      expect(items.map((item) => [item.amount_unit, item.discount_rate, item.tax_rate])).to.deep.equal([
        ['268.84', null, '21'],
        ['73.70', '10', null],
      ]);
    });

    it('takes the count the unit price divides the amount into where OCR garbled the quantity, with the unit after it', () => {
      const items = recognizedItemsIn([
        'Descrizione                                       Qta UM             Prezzo        IVA        Totale',
        'Acqua minerale 0,75 l                               1702                2.41      2.6%         40.97',
        'Canalina 40x60                                    11:5 m               11.14      8.1%        128.11',
        'Cassetta di verdure fresche                        24 pz               18.17      2.6%        436.08',
      ]);
      expect(items.map((item) => [item.quantity, item.unit])).to.deep.equal([
        ['17', null],
        ['11.5', 'm'],
        ['24', 'pz'],
      ]);
    });

    it('keeps the count a text layer prints where count × unit price is not the amount (a surcharge, another currency)', () => {
      const items = itemsIn([
        'Pos  Bezeichnung                        Menge   Einheit   Einzelpreis      Betrag',
        '1    Beratung vor Ort                      10   Std.           120.00     1020.00',
      ]);
      expect(items.map((item) => item.quantity)).to.deep.equal(['10']);
    });

    it('reads a rate column named with its per cent sign before the name ("%IVA")', () => {
      const items = recognizedItemsIn([
        'Riga   Descrizione articolo              Quantita UM          Prezzo unit.  %IVA      Totale',
        '1      Caffe in grani bio                    14.5 kg                20.09    2.6%     291.31',
      ]);
      expect(items[0]).to.include({ tax_rate: '2.6', amount_total: '291.31' });
    });

    it('sets right a unit OCR read one letter off a known unit, and article codes by the scheme the others show', () => {
      const items = recognizedItemsIn([
        'Ref.           Description                 Qty  Unit     Unit price     Amount',
        'ART61104       Brochures                    24  pes           2.43       58.32',
        'ARTS249        Copy paper                    3  pcs          10.00       30.00',
      ]);
      expect(items.map((item) => [item.article_number, item.unit])).to.deep.equal([
        ['ART61104', 'pcs'],
        ['ART5249', 'pcs'],
      ]);
      // A text layer's are as printed.
      const printed = itemsIn([
        'Ref.           Description                 Qty  Unit     Unit price     Amount',
        'ART61104       Brochures                    24  pes           2.43       58.32',
        'ARTS249        Copy paper                    3  pcs          10.00       30.00',
      ]);
      expect(printed.map((item) => [item.article_number, item.unit])).to.deep.equal([
        ['ART61104', 'pes'],
        ['ARTS249', 'pcs'],
      ]);
    });
  });

  describe("a description and one money column (another author's templates)", () => {
    const rows = [
      '                         Description                                 Prix',
      '  | Tiroir noir                                                   |  1660,00€   |',
      '  | Bureau personnalisable                                        |  7 200,00 € |',
      '    Hôtel                                                            38 400,00 €',
      '',
      '              Merci pour votre fidélité !',
      '                                                            TOTAL: 47 260,00 €',
    ];

    it('reads a table whose rows add up to the total printed under them: a name and its amount per row', () => {
      expect(itemsIn(rows).map((item) => [item.title, item.amount_total])).to.deep.equal([
        ['Tiroir noir', '1660.00'],
        ['Bureau personnalisable', '7200.00'],
        ['Hôtel', '38400.00'],
      ]);
    });

    it('reads a table whose labelled total is the rows’ sum with one amount read a digit short (“720,00” for 7 200,00)', () => {
      const digitLost = rows.map((line) => line.replace('7 200,00 €', '  720,00 €'));
      expect(itemsIn(digitLost).map((item) => item.title)).to.deep.equal(['Tiroir noir', 'Bureau personnalisable', 'Hôtel']);
      // The same figures under a line that names no total: nothing proves the rows items.
      const unlabelled = digitLost.map((line) => line.replace('TOTAL:', '      '));
      expect(itemsIn(unlabelled)).to.deep.equal([]);
    });

    it('takes no table where no line after the rows prints their sum, or with a single row', () => {
      expect(itemsIn(rows.map((line) => line.replace('47 260,00', '47 261,00')))).to.deep.equal([]);
      expect(
        itemsIn([rows[0]!, rows[3]!, '', '                                                            TOTAL: 38 400,00 €']),
      ).to.deep.equal([]);
    });
  });

  it('reads names left-aligned under a centred header, short names ending before it included', () => {
    const items = itemsIn([
      '  Réference                  Désignation              Qté        Prix Uni. €      Montant €H.T.',
      '',
      '                       Dépôt                         12,00          100,00           1200,00',
      '',
      '  FURN_9001            Flipover                      44,00         1700,00          74 800,00',
      '',
      '  FURN_8888            Lampe de bureau               31,00           35,00           1085,00',
    ]);
    expect(items.map((item) => [item.title, item.article_number, item.quantity])).to.deep.equal([
      ['Dépôt', null, '12.00'],
      ['Flipover', 'FURN_9001', '44.00'],
      ['Lampe de bureau', 'FURN_8888', '31.00'],
    ]);
  });

  it('ends the table at a row of totals labels without figures, the header of a totals grid', () => {
    const items = itemsIn([
      'Désignation                 Qté        Prix Uni. €      Montant €H.T.',
      'Lampe de bureau            31,00           35,00           1085,00',
      '',
      '   Base HT        Taux        Total €HT       Montant TVA €       Net a payer €',
      '   1085,00     TVA 5,5%       1085,00            59,68              1144,68',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal(['Lampe de bureau']);
  });

  it('reads "Détail" as the description column, so a party printed beside the table in a sidebar is no item\'s title', () => {
    const items = itemsIn([
      '                          Detail                                 Qté        Taux        Prix',
      '                          Logiciel de conception de bureau       8,00      235,00     1 880,00',
      '  Wood Corner',
      '  1839 Arbor Way          Logiciel de conception de bureau      57,00      235,00    13 395,00',
      '  Turlock, 95380',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([
      ['Logiciel de conception de bureau', '8.00', '1880.00'],
      ['Logiciel de conception de bureau', '57.00', '13395.00'],
    ]);
  });

  it('reads names left-aligned under a centred first header up to the totals, whose labels start further right', () => {
    const items = itemsIn([
      '                Description                 Quantité       Prix unitaire    TVA          Montant',
      '  Hôtel                                       69.0          € 400,00       20.0        €33120,00',
      "  Bureau d'angle assis à droite               27.0          € 600,00       20.0       € 19 440,00",
      '  Tiroir                                      61.0          € 100,00                   € 6 100,00',
      '         Montant HT          €58660,00',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_unit])).to.deep.equal([
      ['Hôtel', '69.0', '400.00'],
      ["Bureau d'angle assis à droite", '27.0', '600.00'],
      ['Tiroir', '61.0', '100.00'],
    ]);
  });
  it('reads a row whose name’s first word and quantity the layout set on lines of their own, at the row’s height, as one row', () => {
    const lines = [
      '                          Detail                                 Qté        Taux        Prix',
      '  +1 555-0111                        de bureau                  79,00      300,00    23 700,00',
      '                          Combinaison',
      '  mail@example.com                                              37,00',
      '                          Support de bureau avec écran                   2010,00    74 370,00',
    ];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
    // Printed on the line above or below: the layout set them apart, their boxes stand at that line's height.
    const atHeightOf = (line: number, of: number) => {
      const [top, bottom] = [document.lines[of]!.words[0]!.box[1], document.lines[of]!.words[0]!.box[3]];
      document.lines[line]!.words = document.lines[line]!.words.map((word) => ({ ...word, box: [word.box[0], top, word.box[2], bottom] }));
    };
    atHeightOf(2, 1);
    atHeightOf(3, 4);

    const items = findLineItems(document).map((item) => item.value);

    expect(items.map((item) => [item.title, item.quantity, item.amount_unit, item.amount_total])).to.deep.equal([
      ['Combinaison de bureau', '79.00', '300.00', '23700.00'],
      ['Support de bureau avec écran', '37.00', '2010.00', '74370.00'],
    ]);
  });
  it('joins the line closing the bracket a name left open, though OCR drew a word of the name over two lines (its type looking larger)', () => {
    const lines = [
      'Description                          Quantité  Unité   Prix unitaire HT   Total TTC',
      'Architecte Principal (Facturation sur  96,00  Heures       150,00          14 400,00',
      'Feuilles de Temps)',
    ];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
    const [architecte] = document.lines[1]!.words;
    architecte!.box = [architecte!.box[0], architecte!.box[1], architecte!.box[2], architecte!.box[3] + 0.012];

    const [item] = findLineItems(document).map((found) => found.value);

    expect(item!.title).to.equal('Architecte Principal (Facturation sur Feuilles de Temps)');
  });
  it('reads a short name printed after its code, left of a centred description header, as the description (“FURN_8855   Tiroir”)', () => {
    const items = itemsIn([
      '   Réference                    Désignation          Qté        Prix Uni. €      Montant €H.T.',
      '   FURN_8855           Tiroir                       30,00          100,00             3000,00',
    ]);
    expect(items.map((item) => [item.title, item.quantity, item.amount_total])).to.deep.equal([['Tiroir', '30.00', '3000.00']]);
  });

  it('given a description header naming the name and then a description, when a cell prints "NAME - Description", then the title is the name', () => {
    const combined = itemsIn([
      'Ligne   CODE ARTICLE, NOM & DESIGNATION          P.U. HT      Qté       TOTAL HT     TVA',
      '1       :59878541259874 PRESTATION SUPPORT - Description     60,00     1,00     60,00     20,00%',
      '2       FOURNITURES PAPIER - Description de l article         10,00     3,00     30,00     10,00%',
    ]);
    expect(combined.map((item) => item.title)).to.deep.equal(['PRESTATION SUPPORT', 'FOURNITURES PAPIER']);
    expect(combined[0]).to.include({ article_number: '59878541259874' });
    // A header naming the description alone: the dash is part of the name, a leading count too.
    const single = itemsIn([
      'Pos   Désignation                                       P.U. HT      Qté       TOTAL HT     TVA',
      '1     Formation - niveau avancé                         60,00     1,00     60,00     20,00%',
      '2     100000 Schrauben                                  10,00     3,00     30,00     10,00%',
    ]);
    expect(single.map((item) => item.title)).to.deep.equal(['Formation - niveau avancé', '100000 Schrauben']);
  });

  it('given a code set before the name with a dash between, then it is the article number; a bracketed count closing the name is part of it', () => {
    const items = itemsIn([
      'Pos.  Produkt                               Menge      Einzelpreis    Steuer   Gesamtpreis',
      '1     GG-SCRW-A4-01 - High-Grade Screws       5 kg         18,00 €      19 %       90,00 €',
      '2     Standard Mounting Brackets (3 kg)       9 kg          5,00 €      19 %       45,00 €',
      '3     12345 - Toller Artikel                   1 Stk        10,00 €      19 %       10,00 €',
      '4     A4-Papier - 500 Blatt (2 Pack)           1 Stk        10,00 €      19 %       10,00 €',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal([
      'High-Grade Screws',
      // ("Training workshop (1 day)" beside "3 day" names the workshop by its length; 9 kg × 5,00 is the amount: the
      // bracket divides nothing.)
      'Standard Mounting Brackets (3 kg)',
      'Toller Artikel',
      'A4-Papier - 500 Blatt (2 Pack)',
    ]);
    expect(items.map((item) => item.article_number)).to.deep.equal(['GG-SCRW-A4-01', null, '12345', null]);
  });

  it('given a bracketed quantity in the row’s unit closing the name, when quantity × unit price ÷ it is the amount, then it is the price’s base, no part of the name', () => {
    const items = itemsIn([
      'Pos.  Produkt                               Menge      Einzelpreis    Steuer   Gesamtpreis',
      '1     Standard Mounting Brackets (3 kg)       9 kg         15,00 €      19 %       45,00 €',
      '2     Schrauben (4 Stk)                      12 Stk         2,00 €      19 %        6,00 €',
      '3     Training workshop (1 day)               3 day        10,00 €      19 %       30,00 €',
      '4     Kabel (3 m)                              9 kg         15,00 €      19 %       45,00 €',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal([
      'Standard Mounting Brackets',
      'Schrauben',
      'Training workshop (1 day)',
      'Kabel (3 m)',
    ]);
  });

  it('given the header "Total Price", then it names one column, the amounts’, not a total and a unit price', () => {
    const lines = [
      'Item  Product                       Quantity   Unit Price   Tax   Total Price',
      '1     Premium Filter Cartridges     3           15.00       19%        45.00',
    ];
    const [found] = findItemTables(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
    expect(found!.columns.map((column) => [column.role, column.header]).slice(-2)).to.deep.equal([
      ['tax_rate', 'Tax'],
      ['amount', 'Total Price'],
    ]);
    expect(itemsIn(lines)[0]).to.include({ quantity: '3', amount_unit: '15.00', amount_total: '45.00' });
  });

  it('given a long name wrapped over many lines of a narrow column, then every line down to the next item is part of it', () => {
    const items = itemsIn([
      'Pos     Beschreibung             Nettopreis   Menge Einheit   Steuersatz   Nettobetrag',
      '01.01   Pflanzflächen für             10,00     250 m²               19%      2.500,00',
      '        Seitenstreifen',
      '        vorbereiten Aufbringen',
      '        von Mutterboden, mit',
      '        Strukturkompost den',
      '        Boden verbessern,',
      '        Planum herstellen',
      '',
      '01.02   Baugelände abräumen            7,00     300 Stk              19%      2.100,00',
    ]);
    expect(items.map((item) => item.title)).to.deep.equal([
      'Pflanzflächen für Seitenstreifen vorbereiten Aufbringen von Mutterboden, mit Strukturkompost den Boden verbessern, Planum herstellen',
      'Baugelände abräumen',
    ]);
    // A construction service text of some thirty lines (one word a line here): every line of it.
    const words =
      'Pflasterdecke, aus Pflastersteinen aus Beton, DIN EN 1338, ungebundene Bauweise, Maße L/B 200/100 mm, Dicke 80 mm, max. Differenzen K, Kante abgeschrägt, Bettung aus Baustoffgemisch Körnung 0/5 einkehren und einschlämmen.'.split(
        ' ',
      );
    const long = itemsIn([
      'Pos     Beschreibung             Nettopreis   Menge Einheit   Steuersatz   Nettobetrag',
      `02.03   ${words[0]!.padEnd(22)}        20,00     250 m²               19%      5.000,00`,
      ...words.slice(1).map((word) => `        ${word}`),
    ]);
    expect(words).to.have.length(30);
    expect(long.map((item) => item.title)).to.deep.equal([words.join(' ')]);
  });

  describe('a name wrapped in its column beside a column of references (a ZUGFeRD stylesheet)', () => {
    const table = [
      'Pos      Referenzen           Beschreibung          Nettopreis   Menge Einheit   Steuersatz   Nettobetrag',
      '000001                        GWDSTG-DIN976-              2,06      25 Stk               19%         51,50',
      '         Art-Nr-Lieferant:    A-4.8-(A2K)-M10X1000',
      '         595810 25',
      '         7711231873598 (GTIN)',
      '                              Bruttopreis :2,06',
      '000002   Art-Nr-Kunde: KD-MAT   MUELLSACK-               49,29     150 Stk               19%         73,94',
      '         POS 1 BT-156           EXTRASTARK-',
      '         Art-Nr-Lieferant:      BLAU-700X1100X0,07',
      '         5899800555 150',
      '                                Bruttopreis :49,29',
    ];

    it('given a line without figures whose references column holds a label, when the name column continues the name, then it is more of the name', () => {
      expect(itemsIn(table.slice(0, 6)).map((item) => item.title)).to.deep.equal(['GWDSTG-DIN976-A-4.8-(A2K)-M10X1000']);
    });

    it('given a code one space after a label’s colon reaching into the description column, then it is no name: the name is the cell after it', () => {
      expect(itemsIn([table[0]!, ...table.slice(6)]).map((item) => item.title)).to.deep.equal(['MUELLSACK-EXTRASTARK-BLAU-700X1100X0,07']);
    });

    it('given a reference’s code one space before the name’s words on one line, then the words from where the name starts are more of the name', () => {
      const items = itemsIn([
        'Pos                    Referenzen             Beschreibung                       Nettopreis                Menge Einheit                             Steuersatz',
        '2                                             Lieferung und Montage                59,0000                     52 Stk                                       0%          3.068,00',
        '                       Art-Nr-Lieferant: ARNR2 von Solarhaltern mit',
        '                       400003565778 (GTIN)    Systemziegel',
        '                                              Bruttopreis :59,0000',
      ]);
      expect(items.map((item) => item.title)).to.deep.equal(['Lieferung und Montage von Solarhaltern mit Systemziegel']);
    });
  });

  describe('an item printed over several lines: references, name, period and figures (a Factur-X print)', () => {
    const table = [
      '       #    # order line                                                Discount (-)',
      '                                                                                    Amount',
      'Line  ITEM CODE, NAME & DESCRIPTION           Unit price (EUR)     Qty   Charge (+)             VAT',
      '',
      '           # order line: 1   Office chair - Model A',
      '   1                                              60.00  PCE        1.00                60.00   20.00%',
      '           S_REF: CH_100     Period from 01/01/2024 to 31/01/2024',
      '                             Desk lamp',
      '   2       # order line: 2                        10.00  PCE        3.00                30.00   20.00%',
      '                             ALLOWANCE: VOLUME DISCOUNT            5.00% of 90.00 EUR   -4.50   20.00%',
      '                             CHARGE: TRANSPORT                                          10.00   20.00%',
      '',
      'Total                                                                                   95.50',
    ];

    it('reads the header line that names the description over a line of codes’ labels, its code and name one column, an amount named over a gap a column', () => {
      const [found] = findItemTables(toDocumentText([{ pageNumber: 1, text: table.join('\n') }]));
      expect(found!.columns.map((column) => column.role)).to.deep.equal([
        'position',
        'description',
        'unit_price',
        'quantity',
        'amount',
        'tax_rate',
      ]);
    });

    it('takes the name line right above a figures row without a name, else the one under it; a reference is no name', () => {
      const items = itemsIn(table);
      // The header names the name and then a description: "Model A" after the dash is the description.
      expect(items.map((item) => item.title)).to.deep.equal(['Office chair', 'Desk lamp']);
      expect(items.map((item) => [item.quantity, item.amount_total, item.tax_rate])).to.deep.equal([
        ['1.00', '60.00', '20'],
        ['3.00', '30.00', '20'],
      ]);
      // No name line above: the one right under the figures.
      const under = itemsIn([
        table[2]!,
        '   1     # order line: 1                          60.00  PCE        1.00                60.00   20.00%',
        '                             Office chair - Model A',
      ]);
      expect(under.map((item) => item.title)).to.deep.equal(['Office chair']);
    });

    it('passes over the document’s allowances and charges under the items: no items, no discount of the item above', () => {
      const items = itemsIn(table);
      expect(items).to.have.length(2);
      expect(items[1]).to.include({ amount_total: '30.00', discount_rate: null });
      const german = itemsIn([
        'Pos   Bezeichnung                 Menge       Einzelpreis       Betrag',
        '1     Kabelkanal 40x60               6            10,00          60,00',
        '      Rabatt: Mengenrabatt          5% auf 60,00                  -3,00',
      ]);
      expect(german).to.have.length(1);
      expect(german[0]).to.include({ amount_total: '60.00', discount_rate: null });
    });
  });
});
