import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findPaymentConditions } from './payment-conditions.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';

const conditionsIn = (text: string, invoiceDate: string | null = '2026-03-12') =>
  findPaymentConditions(toDocumentText([{ pageNumber: 1, text }]), invoiceDate).map(({ value }) => [
    value.percentage,
    value.number_of_days,
    value.date,
  ]);

describe('extractor: payment conditions', () => {
  it('reads the net term in German, French, Italian and English, dated from the invoice date', () => {
    expect(conditionsIn('Zahlbar innert 30 Tagen')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Payable within 30 days of the invoice date')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Paiement à 30 jours net')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Pagamento entro 30 giorni')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Zahlungsziel: 14 Tage netto')).to.deep.equal([[null, 14, '2026-03-26']]);
    expect(conditionsIn('Conditions de paiement 30% d’acompte, solde à 30 j')).to.deep.equal([[null, 30, '2026-04-11']]);
  });

  it('reads the English trade term "Net 30", Dutch terms, and the Italian "Data scadenza pagamento"', () => {
    expect(conditionsIn('Payment terms: Net 30')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Date due          April 11, 2026')).to.deep.equal([[null, 30, '2026-04-11']]);
    expect(conditionsIn('Net 30')).to.deep.equal([[null, 30, '2026-04-11']]);
    // An amount after "net" is no term.
    expect(conditionsIn('Total net 30.00')).to.deep.equal([]);
    expect(conditionsIn('Betaling binnen 14 dagen')).to.deep.equal([[null, 14, '2026-03-26']]);
    expect(conditionsIn('Data scadenza pagamento: 12/04/2026')).to.deep.equal([[null, 31, '2026-04-12']]);
  });

  it('reads the Italian due date labelled "Scad. pagamento", and a German one whose umlaut OCR read as another mark', () => {
    expect(conditionsIn('Scad. pagamento:      12.04.2026')).to.deep.equal([[null, 31, '2026-04-12']]);
    expect(conditionsIn('Fàllig am                12.04.2026')).to.deep.equal([[null, 31, '2026-04-12']]);
  });

  it('reads an Italian due date after "Pagamento entro" or "Da pagare entro" without its article', () => {
    expect(conditionsIn('Da pagare entro:      30/04/2026')).to.deep.equal([[null, 49, '2026-04-30']]);
    expect(conditionsIn('Pagamento entro       30/04/2026')).to.deep.equal([[null, 49, '2026-04-30']]);
  });

  it('reads due dates after "Zahlungstermin", "Bitte zahlen bis", "Payment deadline", a bare "Due:", "Payable le", "Date de règlement"', () => {
    for (const text of [
      'Zahlungstermin: 30.04.2026',
      'Bitte zahlen bis 30.04.2026',
      'Payment deadline: 30/04/2026',
      'Due: 30/04/2026',
      'Payable le 30/04/2026',
      'Date de règlement : 30/04/2026',
    ])
      expect(conditionsIn(text), text).to.deep.equal([[null, 49, '2026-04-30']]);
    // "Due" before an amount labels the amount.
    expect(conditionsIn('Balance due: 1,200.00')).to.deep.equal([]);
  });

  it('reads a French due date labelled "Règlement avant le", its accent as OCR read it', () => {
    expect(conditionsIn('Réglement avant le: 06/04/2015', '2015-02-05')).to.deep.equal([[null, 60, '2015-04-06']]);
  });

  it('reads cash discounts with their percentage and days, before the net term', () => {
    expect(
      conditionsIn('Zahlbar innerhalb 30 Tagen netto bis 04.07.2018, 3% Skonto innerhalb 10 Tagen bis 15.06.2018', '2018-06-05'),
    ).to.deep.equal([
      ['3', 10, '2018-06-15'],
      [null, 30, '2018-07-04'],
    ]);
    expect(conditionsIn('2% Skonto bei Zahlung innert 10 Tagen, 30 Tage netto')).to.deep.equal([
      ['2', 10, '2026-03-22'],
      [null, 30, '2026-04-11'],
    ]);
    expect(conditionsIn("2 % d'escompte à 10 jours")).to.deep.equal([['2', 10, '2026-03-22']]);
    expect(conditionsIn('sconto 2% entro 10 giorni')).to.deep.equal([['2', 10, '2026-03-22']]);
    expect(conditionsIn('Bei Zahlung innerhalb 14 Tagen gewähren wir 2,0% Skonto.')).to.deep.equal([['2', 14, '2026-03-26']]);
    expect(conditionsIn('Terms: 2/10 net 30')).to.deep.equal([
      ['2', 10, '2026-03-22'],
      [null, 30, '2026-04-11'],
    ]);
  });

  it('reads immediate payment as zero days', () => {
    expect(conditionsIn('Die Rechnung ist sofort fällig.')).to.deep.equal([[null, 0, '2026-03-12']]);
  });

  it('makes the net term of the day a direct debit is collected, as its notice states it', () => {
    const notice = [
      'Der Betrag in Höhe von EUR 529,87 wird am 20.03.2014 von Ihrem Konto mit IBAN DE21860000000086001055',
      'und BIC MARKDEF1860, Deutsche Bundesbank per SEPA-Lastschrift eingezogen.',
    ].join('\n');
    expect(conditionsIn(notice, '2014-03-05')).to.deep.equal([[null, 15, '2014-03-20']]);
    expect(conditionsIn('The amount will be debited from your account on 20.03.2014.', '2014-03-05')).to.deep.equal([
      [null, 15, '2014-03-20'],
    ]);
    // A date in a sentence that debits nothing, or after its full stop, is no collection day.
    expect(conditionsIn('Die Ware wird am 20.03.2014 geliefert. Der Betrag wird eingezogen.', '2014-03-05')).to.deep.equal([]);
  });

  it('takes a labelled due date that passed before the invoice was written, but no unlabelled date from before it', () => {
    // A premium billed after it fell due: the letter is dated 24 January 2014, the premium fell due on 6 December 2013.
    const letter = 'Wir würden dann zu der Fälligkeit 06.12.2013 den Beitrag von Ihrem Konto abbuchen.';
    expect(conditionsIn(letter, '2014-01-24')).to.deep.equal([[null, -49, '2013-12-06']]);
    expect(conditionsIn('Fälligkeitsdatum: 22.02.2026')).to.deep.equal([[null, -18, '2026-02-22']]);
    // A debit notice's day is read without a label: from before the invoice date it is none.
    expect(conditionsIn('The amount will be debited from your account on 20.02.2014.', '2014-03-05')).to.deep.equal([]);
  });

  it('makes the net term of a due date, counting its days from the invoice date', () => {
    expect(conditionsIn('Fälligkeitsdatum: 22.03.2026')).to.deep.equal([[null, 10, '2026-03-22']]);
    expect(conditionsIn('Fälligkeitstag: 22.03.2026')).to.deep.equal([[null, 10, '2026-03-22']]);
    expect(conditionsIn('Bitte überweisen Sie bis zum 30.03.2026.')).to.deep.equal([[null, 18, '2026-03-30']]);
    expect(conditionsIn('Due date: 22.03.2026', null)).to.deep.equal([[null, null, '2026-03-22']]);
  });

  it("dates the net term by a due date printed under its label, where counting the term's days gives another", () => {
    const page = ['ECHEANCE             28/04/2015', '', 'CONDITIONS ET MODALITES DE PAIEMENT', '30 J fin du mois.'].join('\n');
    expect(conditionsIn(page, '2015-02-27')).to.deep.equal([[null, 30, '2015-04-28']]);
  });

  it('reads a due date in the column its label heads, under a wrapped cell of the column beside it', () => {
    const table = (cell: string[], date: string) =>
      [
        'Zahlungsbedingungen:',
        '                    Beschreibung                        Fälligkeit    Teilzahlung',
        `${cell[0]!.padEnd(52)}`,
        `${''.padEnd(52)}${date}`,
        cell[1]!,
      ].join('\n');
    expect(conditionsIn(table(['Zahlungsbedingungen: Der Betrag wurde bereits', 'beglichen.'], '03.10.2018'), '2018-10-03')).to.deep.equal([
      [null, 0, '2018-10-03'],
    ]);
    // Text in the column before the date: that is what the column holds, no date is read from further down.
    const filled = ['Beschreibung  Fälligkeit', 'siehe unten   Vertrag', '              01.12.2018'].join('\n');
    expect(conditionsIn(filled, '2018-10-03')).to.deep.equal([]);
  });

  it("reads the due date in its column beside a cell of the column on its left that runs on under the due date's label", () => {
    const table = [
      '  Zahlungsbedingungen',
      '   Beschreibung                                            Fälligkeit                    Teilzahlung',
      '   Bis zum 14.02.2025 erhalten Sie 2,000 % Skonto Bis zum',
      '   01.03.2025 erhalten Sie 1,500 % Skonto Bis zum 31.03.2025 ohne  31.03.2025',
      '   Abzug',
    ].join('\n');
    expect(conditionsIn(table, '2025-01-31').at(-1)).to.deep.equal([null, 59, '2025-03-31']);
  });

  it('reads the due date named after "zahlbar zum" in a sentence', () => {
    expect(conditionsIn('Die Rechnung ist zahlbar zum 25.02.2025 rein netto ohne Abzug.', '2025-02-18')).to.deep.equal([
      [null, 7, '2025-02-25'],
    ]);
  });

  it('leaves the date open without an invoice date, and takes no return period or objection deadline for a term', () => {
    expect(conditionsIn('Zahlbar innert 30 Tagen', null)).to.deep.equal([[null, 30, null]]);
    expect(conditionsIn('Rückgaberecht 14 Tage ab Erhalt der Ware')).to.deep.equal([]);
    expect(conditionsIn('Einwände sind innerhalb 4 Wochen anzuzeigen.')).to.deep.equal([]);
  });

  it('reads due-date phrasings in the four languages', () => {
    expect(conditionsIn('Merci de régler avant le 2 août 2026.', '2026-07-03')).to.deep.equal([[null, 30, '2026-08-02']]);
    expect(conditionsIn('Payment due by October 4, 2026', '2026-09-04')).to.deep.equal([[null, 30, '2026-10-04']]);
    expect(conditionsIn('A payer avant :        26.03.2015', '2015-02-09')).to.deep.equal([[null, 45, '2015-03-26']]);
    expect(conditionsIn('Da pagare entro il 2 novembre 2026.', '2026-10-23')).to.deep.equal([[null, 10, '2026-11-02']]);
    expect(conditionsIn('Date limite de paiement le 05 Juillet 2015', '2015-07-02')).to.deep.equal([[null, 3, '2015-07-05']]);
  });

  it('reads a cash discount whose sentence wraps onto the next line', () => {
    const text = 'Zahlbar innerhalb von 30 Tagen ohne Abzug, 1,5% Skonto bei Zahlung innerhalb von 10\nTagen.';

    expect(conditionsIn(text)).to.deep.equal([
      ['1.5', 10, '2026-03-22'],
      [null, 30, '2026-04-11'],
    ]);
  });

  it('reads a due date under or after a label printed a letter off ("Echéacnce", OCR\'s "régier"), less sure', () => {
    const lines = ['Date        Echéacnce    N°BC', '2015-04-04 2015-06-03 BC03277'];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
    const [term] = findPaymentConditions(document, '2015-04-04');
    expect(term?.value.date).to.equal('2015-06-03');
    expect(term!.confidence).to.be.below(0.8);
    expect(conditionsIn('À régier avant: 27/02/2015', '2015-01-13')).to.deep.equal([[null, 45, '2015-02-27']]);
    // Two letters off, or a date the label does not hold: nothing.
    expect(conditionsIn('Echéancier : 27/02/2015', '2015-01-13')).to.deep.equal([]);
    expect(conditionsIn('À régier avant: sur demande', '2015-01-13')).to.deep.equal([]);
  });
});
