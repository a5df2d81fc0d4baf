import { expect } from 'chai';
import { toDocumentText } from './document-text.js';
import { centsToDecimal, findTaxSummary } from './tax-summary.js';

const summaryOf = (text: string) => {
  const summary = findTaxSummary(toDocumentText([{ pageNumber: 1, text }]));
  if (!summary) return null;
  return {
    net: centsToDecimal(summary.net.cents),
    tax: centsToDecimal(summary.tax.cents),
    gross: centsToDecimal(summary.gross.cents),
    parts: summary.parts.map((part) => [part.rate, centsToDecimal(part.net), centsToDecimal(part.tax)]),
  };
};

describe('extractor: net, tax and gross totals by tax rate', () => {
  it('reads a Swiss summary: subtotal, one VAT line with its rate, total', () => {
    const text = ['Zwischensumme                 CHF 1’000.00', 'MwSt. 8.1%                    CHF    81.00', 'Total                         CHF 1’081.00'].join('\n');

    expect(summaryOf(text)).to.deep.equal({ net: '1000.00', tax: '81.00', gross: '1081.00', parts: [['8.1', '1000.00', '81.00']] });
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
    expect(summaryOf(['Imponibile          € 100,00', 'IVA 22%              € 22,00', 'Totale fattura       € 122,00'].join('\n'))).to.deep.equal({
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
    expect(summaryOf(['Rechnungssumme ohne USt.   220,00', 'Steuerbetrag   0,00', 'Bruttosumme    220,00', 'Zahlbetrag   440,00'].join('\n'))).to.deep.equal({
      net: '220.00',
      tax: '0.00',
      gross: '220.00',
      parts: [],
    });
  });

  it('counts what the rates leave of the net as untaxed, when they account for all the tax', () => {
    const text = ['Subtotal                      $ 262.90', 'Tax 15% on $ 112.90           $ 16.94', 'Total                         $ 279.84'].join('\n');

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
    expect(summaryOf(['Netto   -100.00', 'MwSt 8.1%   -8.10', 'Total   -108.10'].join('\n'))).to.deep.include({ net: '-100.00', tax: '-8.10', gross: '-108.10' });
  });
});
