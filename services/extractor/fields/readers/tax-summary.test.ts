import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { centsToDecimal } from '../values/cents.js';
import type { ItemFinding } from './item-finding.js';
import { findTaxSummary, printsTaxCharged } from './tax-summary.js';

const summaryOf = (text: string, items: ItemFinding[] = []) => {
  const summary = findTaxSummary(toDocumentText([{ pageNumber: 1, text }]), items);
  if (!summary) return null;
  return {
    net: centsToDecimal(summary.net.cents),
    tax: centsToDecimal(summary.tax.cents),
    gross: centsToDecimal(summary.gross.cents),
    parts: summary.parts.map((part) => [part.rate, centsToDecimal(part.net), centsToDecimal(part.tax)]),
  };
};

/** A line item read with only its amount and rate: all the tax summary asks of items. */
const item = (amount: string, rate: string | null) =>
  ({ value: { amount_total: amount, tax_rate: rate }, fields: {} }) as unknown as ItemFinding;

describe('extractor: net, tax and gross totals by tax rate', () => {
  it('reads a Swiss summary: subtotal, one VAT line with its rate, total', () => {
    const text = [
      'Zwischensumme                 CHF 1’000.00',
      'MwSt. 8.1%                    CHF    81.00',
      'Total                         CHF 1’081.00',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '1000.00', tax: '81.00', gross: '1081.00', parts: [['8.1', '1000.00', '81.00']] });
  });

  it('given taxes levied together on one base (CGST and SGST, GST and PST, TPS and TVQ), then one part at their combined rate', () => {
    const indian = [
      'Taxable Amount               1,20,600.00',
      'CGST @ 9%                       10,854.00',
      'SGST @ 9%                       10,854.00',
      'Total                        1,42,308.00',
    ];
    const canadian = [
      'Subtotal            2,185.00',
      'GST 5%                109.25',
      'PST 7%                152.95',
      'Total (CAD)         2,447.20',
    ];
    const quebec = [
      'Sous-total          1 590,00',
      'TPS (5 %)              79,50',
      'TVQ (9,975 %)         158,60',
      'Total               1 828,10',
    ];

    expect(summaryOf(indian.join('\n'))).to.deep.equal({
      net: '120600.00',
      tax: '21708.00',
      gross: '142308.00',
      parts: [['18', '120600.00', '21708.00']],
    });
    expect(summaryOf(canadian.join('\n'))?.parts).to.deep.equal([['12', '2185.00', '262.20']]);
    expect(summaryOf(quebec.join('\n'))?.parts).to.deep.equal([['14.975', '1590.00', '238.10']]);
  });

  it('given income tax withheld below net and tax ("Retención IRPF 15%"), then the gross is net + tax and the total what is left', () => {
    const text = [
      'Base imponible                 1.170,00',
      'IVA 21%                          245,70',
      'Retención IRPF 15%              -175,50',
      'Total factura                  1.240,20',
    ];

    expect(summaryOf(text.join('\n'))).to.deep.equal({
      net: '1170.00',
      tax: '245.70',
      gross: '1415.70',
      parts: [['21', '1170.00', '245.70']],
    });
  });

  it('given a rate row of a gross and the tax it includes, then that reading wins over a net and tax a cent off the rate', () => {
    // 0.37 is 2.6 % of 14.21 (14.58 less it), and within a cent of 2.6 % of 14.58 too.
    const text = ['Total CHF                 14.58', '', 'MWST   Satz    Total    MWST', '1      2.6%    14.58    0.37'];

    expect(summaryOf(text.join('\n'))).to.deep.equal({ net: '14.21', tax: '0.37', gross: '14.58', parts: [['2.6', '14.21', '0.37']] });
  });

  it('given a till’s one tax amount by its code, then the items it marks are the rate’s gross and the rest untaxed', () => {
    const text = [
      '      VAT Number: 220430231',
      'BRAMLEY APPLES              £1.50',
      'WASHING UP LIQUID           £1.20 A',
      'DIGESTIVES                  £1.70',
      '2 @ £0.85',
      '3 BALANCE DUE               £4.40',
      'VAT CODE   VAT RATE   VAT AMOUNT',
      'A          20%        £0.20',
    ].join('\n');
    const items = [item('1.50', null), item('1.20', '20'), item('1.70', null)];

    expect(summaryOf(text, items)).to.deep.equal({
      net: '4.20',
      tax: '0.20',
      gross: '4.40',
      parts: [
        ['20', '1.00', '0.20'],
        ['0', '3.20', '0.00'],
      ],
    });
  });

  it('given a zero tax printed with its rate of 0 % (a reverse charge), then the whole net is a part at 0 %', () => {
    const text = ['Nettobetrag              1.176,00', 'Umsatzsteuer 0 %             0,00', 'Rechnungsbetrag          1.176,00'];

    expect(summaryOf(text.join('\n'))).to.deep.equal({ net: '1176.00', tax: '0.00', gross: '1176.00', parts: [['0', '1176.00', '0.00']] });
  });

  it('given two rates whose lone taxes are not both of one base, then they are no taxes levied together', () => {
    // 7 % of 300.00 and 19 % of 700.00: the rates split the net, which no part here says how.
    const text = [
      'Subtotal            1,000.00',
      'VAT 7%                 21.00',
      'VAT 19%               133.00',
      'Total               1,154.00',
    ];

    expect(summaryOf(text.join('\n'))).to.deep.equal({ net: '1000.00', tax: '154.00', gross: '1154.00', parts: [] });
  });

  it('reads a tax line labelled with the abbreviation\'s points ("T.V.A. 20 %", "I.V.A. 22%")', () => {
    const french = [
      'Total HT                      1 000,00',
      'T.V.A. 20 %                     200,00',
      'Total TTC                     1 200,00',
    ];
    const italian = [
      'Imponibile                    1.000,00',
      'I.V.A. 22%                      220,00',
      'Totale fattura                1.220,00',
    ];

    expect(summaryOf(french.join('\n'))).to.deep.equal({
      net: '1000.00',
      tax: '200.00',
      gross: '1200.00',
      parts: [['20', '1000.00', '200.00']],
    });
    expect(summaryOf(italian.join('\n'))).to.deep.equal({
      net: '1000.00',
      tax: '220.00',
      gross: '1220.00',
      parts: [['22', '1000.00', '220.00']],
    });
  });

  it('reads totals whose tax is labelled "Taxes" without a rate, in French and English (items of several rates)', () => {
    const french = [
      'Total HT                    148 433,50 €',
      'Taxes                        22552,35€',
      'TOTAL                       170 985,85 €',
    ];
    const english = ['Subtotal      $1,250.00', 'Taxes           $103.13', 'Total         $1,353.13'];

    expect(summaryOf(french.join('\n'))).to.deep.equal({ net: '148433.50', tax: '22552.35', gross: '170985.85', parts: [] });
    expect(summaryOf(english.join('\n'))).to.deep.equal({ net: '1250.00', tax: '103.13', gross: '1353.13', parts: [] });
  });

  it('reads a table of rates with net and tax columns (de)', () => {
    const text = [
      'Nettobetrag: 496,00 €',
      'USt. Satz      Nettopreis   Ust.-Betrag',
      '7%             160,00 €     11,20 €',
      '19%            336,00 €     63,84 €',
      '             USt. Gesamt: 75,04 €',
      'Gesamtbetrag: 571,04 €',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '496.00',
      tax: '75.04',
      gross: '571.04',
      parts: [
        ['7', '160.00', '11.20'],
        ['19', '336.00', '63.84'],
      ],
    });
  });

  it('reads French rate lines beside other columns, with the totals to their right', () => {
    const text = [
      '           Taxe                Base          Montant                   Total HT      624,90 €',
      'TVA collectée (vente) 20,0%        81,90 €        16,38 €           Total taxes       46,25 €',
      'TVA collectée (vente) 5,5%        543,00 €        29,87 €',
      '                                                                     Total TTC      671,15 €',
    ].join('\n');

    expect(summaryOf(text)).to.deep.include({ net: '624.90', tax: '46.25', gross: '671.15' });
    expect(summaryOf(text)!.parts).to.deep.equal([
      ['20', '81.90', '16.38'],
      ['5.5', '543.00', '29.87'],
    ]);
  });

  it('reads a rate printed as a plain number under a rate header, and a net + tax + gross row', () => {
    const text = [
      'Nettobetrag    MwSt-Betrag MwSt-%      Endbetrag',
      '   321,40          61,07   19,0          382,47',
      '   127,59           8,93    7,0          136,52',
      '   448,99          70,00    EUR          518,99',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '448.99',
      tax: '70.00',
      gross: '518.99',
      parts: [
        ['19', '321.40', '61.07'],
        ['7', '127.59', '8.93'],
      ],
    });
  });

  it('takes the base of a lone tax amount from the net total (Italian) or the gross it is included in', () => {
    expect(
      summaryOf(['Imponibile          € 100,00', 'IVA 22%              € 22,00', 'Totale fattura       € 122,00'].join('\n')),
    ).to.deep.equal({
      net: '100.00',
      tax: '22.00',
      gross: '122.00',
      parts: [['22', '100.00', '22.00']],
    });
    expect(summaryOf(['Total CHF 54.05', 'inkl. MwSt 8.1%    4.05'].join('\n'))).to.deep.equal({
      net: '50.00',
      tax: '4.05',
      gross: '54.05',
      parts: [['8.1', '50.00', '4.05']],
    });
  });

  it('reads totals without rates when net and tax add up to the total (en)', () => {
    expect(summaryOf(['Subtotal      $262.90', 'Tax            $16.94', 'Total         $279.84'].join('\n'))).to.deep.equal({
      net: '262.90',
      tax: '16.94',
      gross: '279.84',
      parts: [],
    });
  });

  it('reads zero-rated and exempt supplies: a printed zero tax', () => {
    const text = [
      'Art (Kategorie)     Basisbetrag       Steuersatz [%]    Steuerbetrag',
      'Umsatzsteuer ( )K       2.000,00                  0             0,00',
      'Rechnungssumme ohne USt.     2.000,00',
      'Steuerbetrag                     0,00',
      'Bruttosumme                  2.000,00',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '2000.00', tax: '0.00', gross: '2000.00', parts: [['0', '2000.00', '0.00']] });
  });

  it('does not take a net total labelled "ohne USt." for the tax', () => {
    expect(
      summaryOf(['Rechnungssumme ohne USt.   220,00', 'Steuerbetrag   0,00', 'Bruttosumme    220,00', 'Zahlbetrag   440,00'].join('\n')),
    ).to.deep.equal({
      net: '220.00',
      tax: '0.00',
      gross: '220.00',
      parts: [],
    });
  });

  it('given a net total and a gross total below it of the same amount and no tax, then the whole net is at a rate of zero', () => {
    const text = [
      'Gesamtbetrag Netto                 14,90 €',
      'Gesamtbetrag Brutto                14,90 €',
      'Umsatzsteuerbefreit nach §19 UStG',
    ];
    expect(summaryOf(text.join('\n'))).to.deep.equal({ net: '14.90', tax: '0.00', gross: '14.90', parts: [['0', '14.90', '0.00']] });
  });

  it('given an amount labelled with a tax of 0 %, then it is no tax: an allowance is not taken for the tax', () => {
    const text = [
      'Line Total Amount                                €1,000.00',
      'Allowance (Tax: 0.00%): Discount                   - €10.00',
      'Net Total Amount                                   €990.00',
      'Gross Total Amount                                 €990.00',
    ];
    expect(summaryOf(text.join('\n'))).to.deep.equal({ net: '990.00', tax: '0.00', gross: '990.00', parts: [['0', '990.00', '0.00']] });
  });

  it('counts what the rates leave of the net as untaxed, when they account for all the tax', () => {
    const text = [
      'Subtotal                      $ 262.90',
      'Tax 15% on $ 112.90           $ 16.94',
      'Total                         $ 279.84',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '262.90',
      tax: '16.94',
      gross: '279.84',
      parts: [
        ['15', '112.90', '16.94'],
        ['0', '150.00', '0.00'],
      ],
    });
  });

  it('gives no summary when the printed amounts do not add up', () => {
    expect(summaryOf(['Subtotal      $262.90', 'Tax            $16.94', 'Total         $279.00'].join('\n'))).to.equal(null);
    expect(summaryOf(['Netto 100.00', 'MwSt 8.1%  8.00', 'Total 108.00'].join('\n'))).to.equal(null);
  });

  it('does not read a line item with a tax-rate column as a rate row', () => {
    const text = [
      'Menge  Produkt                  USt.   Preis      Gesamtbetrag',
      '400,00 Luftballon               19%    0,79 €     316,00 €',
      'Nettobetrag: 316,00 €',
      'USt. 19%: 60,04 €',
      'Gesamtbetrag: 376,04 €',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '316.00', tax: '60.04', gross: '376.04', parts: [['19', '316.00', '60.04']] });
  });

  it('keeps the signs of a credit note', () => {
    expect(summaryOf(['Netto   -100.00', 'MwSt 8.1%   -8.10', 'Total   -108.10'].join('\n'))).to.deep.include({
      net: '-100.00',
      tax: '-8.10',
      gross: '-108.10',
    });
  });

  it('derives the base of each rate from the items of that rate, when they add up to the net total to the cent', () => {
    const text = [
      'Pos  Beschreibung                Menge   Einzelpreis    USt.      Total',
      '1    Übernachtung Einzelzimmer       4        119,30     7 %     477,20',
      '2    Bürostuhl Comfort Plus          1        482,30    19 %     482,30',
      '3    Beratung                     3,75        184,45    19 %     691,69',
      '                                      Summe netto              1.651,19 EUR',
      '                                      MWST 19 %                  223,06 EUR',
      '                                      MWST 7 %                    33,40 EUR',
      '                                      Rechnungsbetrag          1.907,65 EUR',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '1651.19',
      tax: '256.46',
      gross: '1907.65',
      parts: [
        ['19', '1173.99', '223.06'],
        ['7', '477.20', '33.40'],
      ],
    });
  });

  it('derives no bases from items that do not add up to a printed total', () => {
    const text = [
      'Beratung            19 %     691,69',
      'Übernachtung         7 %     477,20',
      'MWST 19 %                    131,42',
      'MWST 7 %                      33,40',
    ].join('\n');

    expect(summaryOf(text)).to.equal(null);
  });

  it('sums a receipt’s items by the tax code printed after their amounts (gross prices)', () => {
    const text = [
      'Druckerpatrone schwarz                  46,00 A',
      'Bleistift HB                            16,50 A',
      'Tageszeitung                             3,50 B',
      'Zu zahlen                              66,00 €',
      'Bezahlt mit Maestro                        66,00',
      'A inkl. MwSt. 20 %                         10,42',
      'B inkl. MwSt. 10 %                          0,32',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '55.26',
      tax: '10.74',
      gross: '66.00',
      parts: [
        ['20', '52.08', '10.42'],
        ['10', '3.18', '0.32'],
      ],
    });
  });

  it('gives the totals of included taxes whose split among the rates the page does not tell, without the rates', () => {
    const text = [
      'Cornetto              2.40',
      'Pane casereccio       3.30',
      'Caricabatterie USB   32.10',
      'TOTALE CHF           37.80',
      'di cui IVA 8.1%       2.21',
      'di cui IVA 2.6%       0.21',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '35.38', tax: '2.42', gross: '37.80', parts: [] });
  });

  it('reads a sales tax rate with three decimals', () => {
    expect(summaryOf(['Net amount          24.70', 'Sales tax 8.875%     2.19', 'TOTAL DUE         $26.89'].join('\n'))).to.deep.equal({
      net: '24.70',
      tax: '2.19',
      gross: '26.89',
      parts: [['8.875', '24.70', '2.19']],
    });
  });

  it('reads a tax line that prints its base ("von", "on"), even glued to the tax by the layout', () => {
    const text = [
      'Total netto                 2.923,30 EUR',
      'Umsatzsteuer 20 % von 2.923,30   584,66 EUR',
      'Total inkl. MWST            3.507,96 EUR',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '2923.30', tax: '584.66', gross: '3507.96', parts: [['20', '2923.30', '584.66']] });
  });

  it('reads a rate row whose tax code a scan glued to the rate', () => {
    const text = [
      'Zu zahlen                  €19,60',
      'MWST-Satz     Netto    MWST    Brutto',
      'A 20%         13,50    2,70     16,20',
      'B10 %          3,09    0,31      3,40',
    ].join('\n');

    expect(summaryOf(text)).to.deep.include({ net: '16.59', tax: '3.01', gross: '19.60' });
  });

  it('reads no summary from the rates alone when the total is printed but could not be read', () => {
    const text = [
      'TOTAL DUE EUR              MN',
      'VAT rate     Net     VAT     Gross',
      'A 8.1%      13.46    1.09    14.55',
      'B28%         7.46    RSE TE',
    ].join('\n');

    expect(summaryOf(text)).to.equal(null);
  });

  it('reads a rate whose decimal point a scan lost, when net, tax and gross bear out the rate with it', () => {
    const text = [
      'Aliquota    Imponibile      IVA     Totale',
      '8.1%          2893.38     234.36    3127.74',
      '26%            432.90      11.26     444.16',
      'Imponibile                3326.28',
      'IVA                        245.62',
      'Totale CHF               3571.90',
    ].join('\n');

    expect(summaryOf(text)!.parts).to.deep.equal([
      ['8.1', '2893.38', '234.36'],
      ['2.6', '432.90', '11.26'],
    ]);
  });

  it('reads a bold total whose decimal mark a scan lost ("EUR 153541") when the rates add up to it with the mark', () => {
    const text = [
      'Taux TVA        HT          TVA         TTC',
      '20%        1 095,30      219,06    1 314,36',
      '10%          200,95       20,10      221,05',
      '                        Total TTC    EUR 153541',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '1296.25',
      tax: '239.16',
      gross: '1535.41',
      parts: [
        ['20', '1095.30', '219.06'],
        ['10', '200.95', '20.10'],
      ],
    });
    expect(summaryOf(text.replace('153541', '153542'))).to.equal(null);
  });

  it('given net and gross printed and a tax line whose amount a scan lost, takes the tax from them when the one rate explains it (a phone number under a VAT id is no rate)', () => {
    const text = [
      'P. IVA IT71058660342',
      'Tel. +39 94 454 88 25',
      '',
      'Imponibile                251,81',
      'IVA 10%',
      'Totale fattura EUR        276,99',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '251.81', tax: '25.18', gross: '276.99', parts: [['10', '251.81', '25.18']] });
  });

  it('given a rate line a scan lost, takes its base from the items of that rate and its tax from the totals, when all add up', () => {
    const text = [
      '1  Gemüsekiste frisch      20   26.39   2.6%   527.80',
      '2  Kabelkanal 40x60        6.5   9.26   8.1%    60.19',
      '3  Fachbuch Steuerrecht     6   53.49   2.6%   320.94',
      '4  Softwarelizenz           1  862.95   8.1%   862.95',
      '                                 Nettobetrag       1771.88',
      '                                 MwSt. 8.1%          74.77',
      '                                 Endbetrag CHF     1868.72',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '1771.88',
      tax: '96.84',
      gross: '1868.72',
      parts: [
        ['8.1', '923.14', '74.77'],
        ['2.6', '848.74', '22.07'],
      ],
    });
  });

  it('given net and gross that the rates do not explain, derives no tax from them', () => {
    const text = ['Imponibile                251,81', 'IVA 10%', 'Totale fattura EUR        290,00'].join('\n');

    expect(summaryOf(text)).to.equal(null);
  });

  it('given a tax printed as zero and no net total, takes the total as the net', () => {
    const text = [
      'Summary',
      '   AWS Service Charges     $4.11',
      '      Charges              $4.11',
      '      Tax *                $0.00',
      'Total for this invoice     $4.11',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '4.11', tax: '0.00', gross: '4.11', parts: [] });
  });

  it('given a zero tax beside a tax that is not zero, takes no net from the total', () => {
    const text = ['Versand     MwSt 0.00', 'MwSt 19%     19.00', 'Total     119.00'].join('\n');

    expect(summaryOf(text)?.net ?? null).to.not.equal('119.00');
  });

  it('tells whether a tax is charged: a tax amount other than zero, not a tax id or a zero tax', () => {
    const charged = (text: string) => printsTaxCharged(toDocumentText([{ pageNumber: 1, text }]));

    expect(charged('Summe netto       473,00\nMwSt 19 %          37,62\nTotal EUR         510,62')).to.equal(true);
    expect(charged('Charges   $4.11\nTax       $0.00\nTotal     $4.11')).to.equal(false);
    expect(charged('UStId DE 232 446 240\nTotal EUR         34,73')).to.equal(false);
    const netColumns = [
      'Pos.   Menge   Beschreibung                     VK-Preis     Zeilenbetrag',
      '                                                    Ohne       Ohne MwSt.',
      '                                                   MwSt.',
      '  1      1     Small Business Exchange              3,89           3,89',
      '                                          Total EUR               34,73',
    ];
    expect(charged(netColumns.join('\n'))).to.equal(false);
  });

  it('reads an exempt rate row whose category is printed in words above its figures ("VAT (E)" / "Steuerfreie")', () => {
    const text = [
      'Umsatzsteueraufschlüsselung:',
      ' Art (Kategorie) Warenwert Zu-/Abschlag Steuerbasisbetrag   USt. %      USt.-Betrag',
      'VAT (E)',
      'Steuerfreie',
      '                                                  380,00             0          0,00',
    ].join('\n');
    expect(summaryOf(text)?.parts).to.deep.equal([['0', '380.00', '0.00']]);
    // Lines with figures between a tax header and a line are rows or notes of something else, no category.
    const receipt = ['MWST-Nr. CHE-344.548.606 MWST', 'Quittung Nr. 684080', 'Gutschein            20.00     0     0.00'].join('\n');
    expect(summaryOf(receipt)).to.equal(null);
  });

  it('given a rate row that prints the goods’ value and the base after an allowance, takes the base the tax was worked out from', () => {
    const text = [
      'Umsatzsteueraufschlüsselung:',
      '    Art (Kategorie)      Warenwert         Zu-/Abschlag     Steuerbasisbetrag       USt. %           USt.-Betrag',
      'VAT (S)                           -5,00                0,15              -4,85                 19               -0,92',
      'VAT (S)                           -2,90                0,08              -2,82                  7               -0,20',
      '',
      '                                                           Rechnungssumme ohne USt.                             -7,67',
      '                                                           Steuerbetrag                                         -1,12',
      '                                                           Bruttosumme                                          -8,79',
    ].join('\n');
    // -2,90 at 7 % would be -0,203, near the -0,20 printed too; -2,82 (-0,197) is the nearer, and adds up.
    expect(summaryOf(text)).to.deep.equal({
      net: '-7.67',
      tax: '-1.12',
      gross: '-8.79',
      parts: [
        ['19', '-4.85', '-0.92'],
        ['7', '-2.82', '-0.20'],
      ],
    });
  });

  it('given an item of a rate at 0,00 read as a rate row beside the rate’s own row, keeps only the rate’s row', () => {
    const text = [
      '  Pos   Beschreibung      Nettopreis     Menge       Steuer            Entgelt',
      '   3    Gelierzucker           0,00     10 Stk      7 % VAT (S)          0,00',
      '',
      'Umsatzsteueraufschlüsselung:',
      '    Art (Kategorie)      Warenwert       Zu-/Abschlag     Steuerbasisbetrag       USt. %          USt.-Betrag',
      'VAT (S)                         326,50              -5,10             321,40                19              61,07',
      'VAT (S)                         130,70              -3,11             127,59                 7               8,93',
      '',
      '                                                 Rechnungssumme ohne USt.                    448,99',
      '                                                 Steuerbetrag                                 70,00',
      '                                                 Bruttosumme                                 518,99',
    ].join('\n');
    expect(summaryOf(text)?.parts).to.deep.equal([
      ['19', '321.40', '61.07'],
      ['7', '127.59', '8.93'],
    ]);
  });

  it('reads net, tax and gross from a totals grid: labels over one row of values, each amount under its label', () => {
    const text = [
      '   Base HT        Taux        Réglement €      Total €HT       Montant TVA €       Net a payer €',
      '',
      '   77 085,00    TVA 5,5%         0,00          77 085,00         4 397,00            81 482,00',
    ].join('\n');
    expect(summaryOf(text)).to.deep.equal({ net: '77085.00', tax: '4397.00', gross: '81482.00', parts: [] });
    // One rate's row (net, tax and gross on one line) is still no printed totals of its own.
    expect(summaryOf('TVA 20 %      100,00      20,00      120,00')?.parts).to.deep.equal([['20', '100.00', '20.00']]);
  });

  it('given a till’s GST totals, excluding, the tax and inclusive, reads them', () => {
    const text = [
      'TOTAL SALES (EXCLUDING GST) :    31.03',
      'TOTAL GST :                       1.86',
      'TOTAL SALES (INCLUSIVE OF GST) : 32.89',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '31.03', tax: '1.86', gross: '32.89', parts: [] });
  });

  it('given net and tax that a rounding adjustment brings to the printed total, takes their sum as the gross, printed nowhere', () => {
    const malaysian = ['SUB TOTAL (RM) :  106.10', 'TOTAL GST (RM) :    6.37', 'ROUNDING (RM) :    -0.02', 'TOTAL (RM) :      112.45'];
    const swiss = ['Zwischensumme   CHF 100.00', 'MwSt 8.1%        CHF 8.10', 'Rundung          CHF -0.05', 'Total            CHF 108.05'];

    expect(summaryOf(malaysian.join('\n'))).to.deep.equal({ net: '106.10', tax: '6.37', gross: '112.47', parts: [] });
    expect(findTaxSummary(toDocumentText([{ pageNumber: 1, text: malaysian.join('\n') }]))?.gross.printed).to.equal(null);
    expect(summaryOf(swiss.join('\n'))).to.deep.equal({ net: '100.00', tax: '8.10', gross: '108.10', parts: [['8.1', '100.00', '8.10']] });
    // Without the adjustment's line the totals do not add up: nothing is read.
    expect(summaryOf(malaysian.filter((line) => !line.startsWith('ROUNDING')).join('\n'))).to.equal(null);
  });

  it('given a total line that includes the tax at its rate, takes its amount as the gross, not as that rate’s tax', () => {
    const text = ['TOTAL INCL. GST@6%            RM 12.30', 'GST @6% INCLUDED IN TOTAL     RM 0.70'].join('\n');

    const german = ['Total inkl. 19 % MwSt           119,00', 'enthaltene MwSt 19 %          19,00'].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '11.60', tax: '0.70', gross: '12.30', parts: [['6', '11.60', '0.70']] });
    expect(summaryOf(german)).to.deep.equal({ net: '100.00', tax: '19.00', gross: '119.00', parts: [['19', '100.00', '19.00']] });
  });

  it('reads an item table headed "Artikel … BTW%" as items, not as rate rows, and the summary of lone taxes below it (nl)', () => {
    const text = [
      '#   Code           Artikel                        BTW%        Bedrag',
      '1   639850         Ergonomische bureaustoel        21%      6.733,08',
      '2   ART4724        Kabelgoot 40x60                 21%         74,34',
      '3   ART967563-58   Installatie op locatie          21%         72,07',
      '4   36181          Biologische koffiebonen          9%        341,01',
      '5   ART894685      Voorrijkosten                   21%         69,81',
      '6   715819-61      Groentepakket vers               9%        407,36',
      '                                          Subtotaal          7.697,67',
      '                                          BTW 21%            1.459,35',
      '                                          BTW 9%                67,35',
      '                                          Totaalbedrag EUR   9.224,37',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '7697.67',
      tax: '1526.70',
      gross: '9224.37',
      parts: [
        ['21', '6949.30', '1459.35'],
        ['9', '748.37', '67.35'],
      ],
    });
  });

  it('given an item table whose header names its rate column but no item word the vocabulary knows ("Leistung  USt-%  Gesamt"), then its rows are items, and the lone taxes below take their bases from them', () => {
    const text = [
      'Leistung                                USt-%          Gesamt',
      'Kabelkanal 40x60                         8.1%           96.43',
      'Softwarelizenz (12 Monate)               8.1%          859.27',
      'Gemüsekiste frisch                       2.6%           31.04',
      '',
      '                                   Nettobetrag         986.74',
      '                                   zzgl. 8.1 % MwSt.    77.41',
      '                                   zzgl. 2.6 % MwSt.     0.81',
      "                                   Gesamtbetrag CHF  1'064.96",
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '986.74',
      tax: '78.22',
      gross: '1064.96',
      parts: [
        ['8.1', '955.70', '77.41'],
        ['2.6', '31.04', '0.81'],
      ],
    });
  });

  it('given a rate row whose tax a scan read with a colon for its decimal mark, then the tax is read when net and gross bear it out', () => {
    const text = [
      'TOTALE COMPLESSIVO EUR           17,12',
      '  Aliquota Imponibile Imposta Totale',
      'A 22%             4,86    1,07    5,93',
      'B 10%            10,17    1:02   11,19',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '15.03',
      tax: '2.09',
      gross: '17.12',
      parts: [
        ['22', '4.86', '1.07'],
        ['10', '10.17', '1.02'],
      ],
    });
    expect(summaryOf(text.replace('11,19', '11,20')), 'gross not bearing it out').to.equal(null);
  });

  it('given specks a scan read as a line of their own between a tax table’s rows, then the rows below them are still the table’s', () => {
    const text = [
      'TOTALE COMPLESSIVO EUR :         16,18',
      '     Aliquota Imponibile Imposta Totale',
      '                                         _',
      '  A 22%              6,34    1,40    7,74',
      '                           ~',
      '   B 10%             7,67    0,77    8,44',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '14.01',
      tax: '2.17',
      gross: '16.18',
      parts: [
        ['22', '6.34', '1.40'],
        ['10', '7.67', '0.77'],
      ],
    });
  });

  it('given a lone tax line and a recap row of the same rate and tax whose base a scan garbled, then the recap’s gross gives the base', () => {
    const text = [
      'Sous-total HT        827.95',
      'TVA 8.1 %             55.51',
      'TVA 2.6 %              3.71',
      'Montant TTC CHF      887.17',
      '',
      'Récapitulatif TVA',
      'Taux      Base HT   TVA      TTC',
      '8.1%      685.37   55.51   740.88',
      '2.6%      14258     3.71   146.29',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '827.95',
      tax: '59.22',
      gross: '887.17',
      parts: [
        ['8.1', '685.37', '55.51'],
        ['2.6', '142.58', '3.71'],
      ],
    });
  });

  it('given lone taxes of two rates and an item amount the scan garbled in the text, then the bases are what the line items read add up to per rate, when the taxes match them (an item whose rate was not read takes the one rate that does)', () => {
    const text = [
      'Libellé                          Qté      P.U.HT   TauxTVA   Montant HT',
      'Frais de déplacement               1       41.55      8.1%        41.55',
      'Panier de légumes frais           18       20.85      2.6%       375.30',
      'Fauteuil de bureau                22       52724      8.1%   =  1159928',
      "                                              Total HT        12'016.13",
      '                                              Montant TVA 8.1%   942.91',
      '                                              Montant TVA 2.6%     9.76',
      "                                              Montant TTC CHF 12'968.80",
    ].join('\n');
    const read = [item('41.55', '8.1'), item('375.30', '2.6'), item('11599.28', '8.1')];

    expect(summaryOf(text, read)?.parts).to.deep.equal([
      ['8.1', '11640.83', '942.91'],
      ['2.6', '375.30', '9.76'],
    ]);
    expect(summaryOf(text)?.parts, 'the text alone').to.deep.equal([]);
    expect(summaryOf(text, [...read.slice(0, 2), item('11599.28', '2.6')])?.parts, 'taxes not matching').to.deep.equal([]);
    expect(summaryOf(text, [...read.slice(0, 2), item('11599.28', null)])?.parts, 'a rate not read: the one split matching').to.deep.equal([
      ['8.1', '11640.83', '942.91'],
      ['2.6', '375.30', '9.76'],
    ]);
  });

  it("given totals that print no rate over items that all print one, then that rate is the totals' one part where it explains them", () => {
    const text = [
      'Qty   Description                  Unit Price    VAT %     Net',
      '2     Consumer unit 10-way            86.40      20.00   172.80',
      '1     Labour - installation          180.00      20.00   180.00',
      '                                 Total Net Amount     352.80',
      '                                 Total VAT Amount      70.56',
      '                                 Invoice Total        423.36',
    ].join('\n');

    expect(summaryOf(text, [item('172.80', '20'), item('180.00', '20')])?.parts).to.deep.equal([['20', '352.80', '70.56']]);
    expect(summaryOf(text, [item('172.80', '20'), item('180.00', '5')])?.parts, 'two rates').to.deep.equal([]);
    expect(summaryOf(text, [item('172.80', '20'), item('170.00', '20')])?.parts, 'items short of the net').to.deep.equal([]);
    expect(summaryOf(text, [item('172.80', '19'), item('180.00', '19')])?.parts, 'a rate not explaining the tax').to.deep.equal([]);
  });

  it("given rates whose rows print the gross they include and an amount without tax among them, then that amount is the net's untaxed part", () => {
    const text = [
      '                                               Total CHF               827.50',
      '                                               MWST 3.8% auf 720.00     26.36',
      '                                               MWST 8.1% auf 86.50       6.48',
      '                                               Kurtaxe (ohne MWST)      21.00',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({
      net: '794.66',
      tax: '32.84',
      gross: '827.50',
      parts: [
        ['3.8', '693.64', '26.36'],
        ['8.1', '80.02', '6.48'],
        ['0', '21.00', '0.00'],
      ],
    });
    expect(summaryOf(text.replace('21.00', '22.00')), 'an amount the gross does not confirm').to.equal(null);
    // A rate's row OCR garbled (a speck after it) is no untaxed amount, though its gross adds up.
    const garbled = ['SUMME EUR     30,73', 'A 19%    3,82   0,73    4,55', 'B 7%    24,47   1,71   26,18     A'].join('\n');
    expect(summaryOf(garbled)?.parts ?? [], 'a garbled rate row').to.not.deep.include(['0', '26.18', '0.00']);
  });

  it('given a tax printed only as what the gross includes ("di cui IVA"), on items of one rate adding up to the gross, then the net is the rest', () => {
    const text = ['TOTALE COMPLESSIVO                   7,50', 'di cui IVA                           0,68'].join('\n');

    expect(summaryOf(text, [item('6.00', '10'), item('1.50', '10')])).to.deep.equal({
      net: '6.82',
      tax: '0.68',
      gross: '7.50',
      parts: [['10', '6.82', '0.68']],
    });
    expect(summaryOf(text, [item('6.00', '10'), item('1.50', '22')]), 'items at two rates').to.equal(null);
  });

  it('given a VAT table of the rated items and items the till prints without a rate, then those are the untaxed part of the gross', () => {
    const text = ['BALANCE DUE                     £8.05', 'VAT    Rate   Net     VAT', 'A      20%    1.00   0.20'].join('\n');
    const read = [item('1.65', null), item('1.20', '20'), item('5.20', null)];

    expect(summaryOf(text, read)?.parts).to.deep.equal([
      ['20', '1.00', '0.20'],
      ['0', '6.85', '0.00'],
    ]);
    expect(
      summaryOf(text, [item('1.65', null), item('1.20', '20'), item('5.20', '5')])?.parts ?? [],
      'an item at another rate',
    ).to.deep.equal([]);
  });

  it("given a till taxing only the items it marks, then the rate's part is those items and the rest of the net bears none", () => {
    const text = [
      'WHOLE MILK 1 GAL                  4.29 F',
      'SOURDOUGH BREAD                   5.49 F',
      'PAPER TOWELS 6PK                  9.99 T',
      'DISH SOAP                         3.79 T',
      'SUBTOTAL                         23.56',
      'TAX  7.75%                        1.07',
      'TOTAL                            24.63',
    ].join('\n');
    const read = [item('4.29', null), item('5.49', null), item('9.99', '7.75'), item('3.79', '7.75')];

    expect(summaryOf(text, read)).to.deep.equal({
      net: '23.56',
      tax: '1.07',
      gross: '24.63',
      parts: [
        ['7.75', '13.78', '1.07'],
        ['0', '9.78', '0.00'],
      ],
    });
    expect(summaryOf(text, [...read.slice(0, 3), item('3.79', null)]), 'the taxed items not explaining the tax').to.equal(null);
    expect(summaryOf(text, [...read.slice(0, 3), item('3.79', '5')]), 'an item at another rate').to.equal(null);
  });

  it('given a row of totals labels ending a line of another column, its amounts lines below, then net, tax and gross are read from it', () => {
    const text = [
      'Tout retard de paiement engendre une pénalité sur la base   TOTAL HT   TOTAL TVA   TOTAL TTC',
      "de trois fois le taux d'intérêt légal.",
      'Les règlements reçus avant échéance.                          100,00       20,00      120,00',
    ].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '100.00', tax: '20.00', gross: '120.00', parts: [] });
  });

  it('given a tax table whose header names tax in two columns, then its rows are rates even where the item tables took the header for theirs', () => {
    const text = [
      'Détail TVA (motif si exonération)          Code      Taux       Base TVA        Montant TVA',
      '                                              S     20,00%         40,00               8,00',
      'VATEX-EU-D    EXONERATION                     E      0,00%         60,00               0,00',
      '                                                     Total TTC                       108,00',
    ].join('\n');
    const document = toDocumentText([{ pageNumber: 1, text }]);
    const taxTableAsItems = { page: 1, headerStart: 0, headerEnd: 0, columns: [] };

    const summary = findTaxSummary(document, [], [taxTableAsItems]);

    expect(summary?.parts.map((part) => [part.rate, centsToDecimal(part.net), centsToDecimal(part.tax)])).to.deep.equal([
      ['20', '40.00', '8.00'],
      ['0', '60.00', '0.00'],
    ]);
  });
});
