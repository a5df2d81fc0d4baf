import { expect } from 'chai';
import { findTotalAmount } from './amounts.js';
import { toDocumentText } from '../layout/document-text.js';

const totalIn = (text: string) => findTotalAmount(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the total amount', () => {
  it('takes the total below a subtotal and a VAT line, not either of them (de)', () => {
    const text = [
      'Zwischensumme                 CHF 1’000.00',
      'MwSt. 8.1% von CHF 1’000.00   CHF    81.00',
      'Total                         CHF 1’081.00',
    ].join('\n');

    expect(totalIn(text)).to.equal('1081.00');
  });

  it('given money without minor units, then a total grouped in thousands is the total as printed', () => {
    const text = ['Subtotal                  1,323,000', 'VAT (0%)                          0', 'Total (KRW)               1,323,000'];
    const rupiah = ['Subtotal          146.000', 'PB1 10%            14.600', 'Total             160.600'];

    expect(totalIn(text.join('\n'))).to.equal('1323000');
    expect(totalIn(rupiah.join('\n'))).to.equal('160600');
  });

  it('reads the amount payable as labelled in each language: "Total à régler", "Reste à régler", "Total payable", "Rechnungsendbetrag"', () => {
    const after = (line: string) => totalIn(['Netto             1.037,39', line].join('\n'));

    expect(after('Total à régler    1 234,50 €')).to.equal('1234.50');
    expect(after('Reste à régler    1234,50 €')).to.equal('1234.50');
    expect(after('Total payable     1,234.50')).to.equal('1234.50');
    expect(after('Rechnungsendbetrag 1.234,50')).to.equal('1234.50');
  });

  it('prefers the total with tax over the net total (fr)', () => {
    const text = ['Total HT :      46,68 €', 'TVA 20% :        9,34 €', 'Total TTC :     56,02 €'].join('\n');

    expect(totalIn(text)).to.equal('56.02');
  });

  it('prefers an explicit invoice total over a generic one printed after it (it)', () => {
    const text = [
      'Imponibile          € 100,00',
      'IVA 22%              € 22,00',
      'Totale fattura       € 122,00',
      '',
      'Totale righe 3',
    ].join('\n');

    expect(totalIn(text)).to.equal('122.00');
  });

  it('passes over words and a date between the label and the amount (en)', () => {
    expect(totalIn('TOTAL AMOUNT DUE ON August 3 , 2014              $4.11')).to.equal('4.11');
    expect(totalIn('Total for this invoice                 $1,234.50')).to.equal('1234.50');
  });

  it('reads an insurance premium as invoiced, its insurance tax included, after the premium and the tax ("Rechnungsbeitrag")', () => {
    const text = [
      'Gesamtbeitrag                  50,00 €',
      'Versicherungsteuer 19 %         9,50 €',
      'Rechnungsbeitrag               59,50 €',
    ].join('\n');
    expect(totalIn(text)).to.equal('59.50');
  });

  it('reads an amount that words up to a colon introduce ("Summe inkl. USt: 571,04 €")', () => {
    expect(totalIn('Summe netto: 496,00 €\nZuzügl. USt: 75,04 €\nSumme inkl. USt: 571,04 €')).to.equal('571.04');
  });

  it('reads an amount that words up to an equals sign introduce ("SUMME EUR = 27,42", a speck before the sign)', () => {
    expect(totalIn('Posten: 19\nSUMME EUR          = 27,42')).to.equal('27.42');
    expect(totalIn('SUMME. EUR                    n= 27,42')).to.equal('27.42');
  });

  it('reads the last amount of a totals row: net, tax, gross', () => {
    expect(totalIn('Total facture          24.99          5.00          29.99')).to.equal('29.99');
  });

  it('reads a total printed under its label, ending a short column of per-rate amounts', () => {
    const text = [
      'Nettobetrag    MwSt-Betrag    Gesamtbetrag',
      '   321,40          61,07          382,47',
      '   127,59           8,93          136,52',
      '   448,99          70,00          518,99',
    ].join('\n');

    expect(totalIn(text)).to.equal('518.99');
  });

  it('reads Swiss whole-franc totals and negative totals of credit notes', () => {
    expect(totalIn('Total CHF 250.-')).to.equal('250');
    expect(totalIn('Gesamtbetrag   EUR -8,79')).to.equal('-8.79');
  });

  it('never takes a random number: no total label, integers without currency, or only excluded totals give null', () => {
    expect(totalIn('Rechnung 2026-0042\nBetreff: Wartung 2026\n3 Stunden à 120.00')).to.equal(null);
    expect(totalIn('Total: 3 Artikel')).to.equal(null);
    expect(totalIn('Total HT :  100,00 €\nTotal TVA : 20,00 €')).to.equal(null);
    expect(totalIn('Gesamtbetrag der Zuschläge   5,80')).to.equal(null);
  });

  it('reads no total from an ambiguously grouped amount, falling back to a plainer total', () => {
    expect(totalIn('Total   1   278.61   40.39   319.00\n\nGrand Total   7 319.00')).to.equal('319.00');
  });

  it('does not read a line-item column under a "Total" header as the total', () => {
    const text = ['Pos   Artikel        Menge   Total', '1     Schrauben         10   12.50', '2     Muttern           20    8.00'].join(
      '\n',
    );

    expect(totalIn(text)).to.equal(null);
  });

  it('is less sure when totals of the same kind disagree, and keeps the last one', () => {
    const found = findTotalAmount(toDocumentText([{ pageNumber: 1, text: 'Total   100.00\n\nTotal   120.00' }]));

    expect(found?.value).to.equal('120.00');
    expect(found!.confidence).to.be.below(0.8);
  });

  it('names the line the total was read from, for its currency', () => {
    const found = findTotalAmount(toDocumentText([{ pageNumber: 1, text: 'Invoice\n\nGrand Total   GBP 99.00' }]));

    expect(found?.line.text).to.equal('Grand Total   GBP 99.00');
    expect(found?.page).to.equal(1);
  });

  it('reads the amount to pay of a till slip ("À PAYER", "To pay")', () => {
    expect(totalIn('Café expresso        3,60\nÀ PAYER            €7,70\nEspèces           10,00')).to.equal('7.70');
    expect(totalIn('Sandwich   7.65\nAmount to pay    GBP 7.65')).to.equal('7.65');
  });

  it('reads a total whose cents OCR set apart from the decimal mark ("TOTAAL EUR 13, 99"), and no count so', () => {
    expect(totalIn('TOTAAL EUR                       13, 99')).to.equal('13.99');
    expect(totalIn('Total items 13, 99 pieces')).to.equal(null);
  });

  it('reads a whole amount after a currency sign that needs a number behind it ("Rs 1939")', () => {
    expect(totalIn('Room Charges      Rs 1939\nGrand Total              Rs 1939')).to.equal('1939');
  });

  it('given a total label whose amount OCR laid out on the line above, then the amount its words share the label’s height with (fr)', () => {
    const word = (text: string, box: [number, number, number, number]) => ({ text, box, confidence: 0.9 });
    const page = (amountTop: number) => [
      word('Montant', [0.12, 0.657, 0.184, 0.666]),
      word('HT', [0.19, 0.657, 0.211, 0.666]),
      word('€75276,00', [0.321, 0.656, 0.41, 0.671]),
      word('Taxes', [0.143, 0.677, 0.187, 0.686]),
      word('€13421,84', [0.321, 0.674, 0.413, 0.687]),
      word('i', [0.266, 0.693, 0.272, 0.697]),
      word('€88', [0.32, amountTop, 0.351, amountTop + 0.015]),
      word('697,84', [0.358, amountTop, 0.417, amountTop + 0.017]),
      word('Montant', [0.116, 0.697, 0.18, 0.706]),
      word('TTC', [0.185, 0.697, 0.215, 0.706]),
    ];
    const total = (amountTop: number) =>
      findTotalAmount(toDocumentText([{ pageNumber: 1, text: '', words: page(amountTop) }]))?.value ?? null;

    expect(total(0.692)).to.equal('88697.84');
    // An amount a line apart that shares no height with the label stands on a row of its own.
    expect(total(0.68)).to.not.equal('88697.84');
  });

  it('given a double-height total whose amount OCR set on the line of the count above, then the amount sharing the label’s height, not the count', () => {
    const word = (text: string, box: [number, number, number, number]) => ({ text, box, confidence: 0.9 });
    const words = (amountTop: number) => [
      word('Posten:', [0.035, 0.5267, 0.18, 0.5371]),
      word('11', [0.215, 0.527, 0.251, 0.5371]),
      word('31,98', [0.642, amountTop, 0.877, amountTop + 0.033]),
      word('SUMME', [0.037, 0.5403, 0.252, 0.5612]),
      word('EUR', [0.326, 0.5407, 0.453, 0.5609]),
      word('BAR', [0.035, 0.5789, 0.098, 0.5893]),
      word('EUR', [0.503, 0.5785, 0.566, 0.589]),
      word('40,03', [0.726, 0.5782, 0.834, 0.5901]),
    ];
    const total = (amountTop: number) =>
      findTotalAmount(toDocumentText([{ pageNumber: 1, text: '', words: words(amountTop) }]))?.value ?? null;

    expect(total(0.5306)).to.equal('31.98');
    expect(total(0.505)).to.equal(null);
  });

  it('given a gross label in a row of totals labels set beside a payment clause, its amount lines below, then that is the total, not the amount due after a deposit', () => {
    const text = [
      'Tout retard de paiement engendre une pénalité sur la base   TOTAL HT   TOTAL TVA   TOTAL TTC',
      "de trois fois le taux d'intérêt légal.",
      'Les règlements reçus avant échéance.                          100,00        0,00      100,00',
      '                                                                  Acompte :          10,00',
      '                                                      NET A PAYER                90,00 EUR',
    ].join('\n');

    expect(totalIn(text)).to.equal('100.00');
  });
});
