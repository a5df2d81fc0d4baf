import { expect } from 'chai';
import { endsItsSegment, findLabels, findMisspeltLabels, labelPattern, valueNearLabel, withoutAccentsToo } from './labels.js';
import { toDocumentText } from './document-text.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';

/** The text near the label of `pattern` in `lines` (OCR'd words with their columns) that `accepts`, read whole. */
const valueUnder = (lines: string[], pattern: RegExp, accepts: (text: string) => boolean = (text) => /\d/.test(text)): string | null => {
  const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
  const [match] = findLabels(document, pattern);
  const whole = (text: string) => (accepts(text) ? { value: text.trim(), start: 0, end: text.length } : null);
  return match ? (valueNearLabel(document, match, whole)?.value ?? null) : null;
};

describe('extractor: labels', () => {
  it('matches a label whose accents OCR dropped, as well as printed', () => {
    const receiver = labelPattern('facturé à', 'rechnungsempfänger', String.raw`q\.?tà`);

    for (const read of ['Facturé à', 'Facture a', 'Rechnungsempfänger', 'RECHNUNGSEMPFANGER', 'Q.tà', 'Qta'])
      expect(receiver.test(read), read).to.equal(true);
    expect(receiver.test('Facturation')).to.equal(false);
  });

  it('matches an umlaut transliterated or read by OCR as two i’s', () => {
    const transfer = labelPattern('überweisung', 'rechnungsempfänger');
    for (const read of ['Überweisung', 'Uberweisung', 'Ueberweisung', 'iiberweisung', 'Rechnungsempfaenger'])
      expect(transfer.test(read), read).to.equal(true);
    expect(transfer.test('Oberweisung')).to.equal(false);
  });

  it('matches a label whose accent OCR read as another mark on the same letter', () => {
    const due = labelPattern('fällig am', 'échéance');
    for (const read of ['Fàllig am', 'Fâllig am', 'Ëchéance', 'Echèance']) expect(due.test(read), read).to.equal(true);
    expect(due.test('Fillig am')).to.equal(false);
  });

  it('reads under a label in a row of labels only the words under it, where the values are set closer than the labels', () => {
    const lines = ['Date        Echéance    N°BC', '2015-04-04 2015-06-03 BC03277'];
    expect(valueUnder(lines, labelPattern('n° ?bc'))).to.equal('BC03277');
    expect(valueUnder(lines, labelPattern('échéance'))).to.equal('2015-06-03');
  });

  it('given a table’s rule between two labels of one segment ("Echéance | N° BC"), reads under the label only the words under its own cell', () => {
    const lines = ['Date        Echéance | N° BC', '2016-02-28 2016-04-13 BC01161'];
    expect(valueUnder(lines, labelPattern('n° ?bc'))).to.equal('BC01161');
  });

  it('reads under a one-line label the row of values past the second line of a neighbour label wrapped beside it', () => {
    // Cells of one height: "Date d'échéance" wraps, "N° BC" is set between its two lines, the values under both.
    const grid = [
      'Biotech                            Date',
      '                                                 N° BC',
      "215 Vine St                      d'échéance",
      'Scranton PA 18503     24/05/2015    08/07/2015    PO043629',
    ];
    expect(valueUnder(grid, labelPattern('n° ?bc'))).to.equal('PO043629');
    // A line under the label that is no wrapped label (figures: an address, a row of its own) is not skipped.
    const address = [...grid.slice(0, 2), '215 Vine St                      12/2025', grid[3]!];
    expect(valueUnder(address, labelPattern('n° ?bc'))).to.equal(null);
    // Nor where nothing stands under the neighbour on the line after it: no row of values.
    const alone = [...grid.slice(0, 3), '                                                 PO043629'];
    expect(valueUnder(alone, labelPattern('n° ?bc'))).to.equal(null);
  });

  it('reads the whole segment under a label where it stretches across no neighbour, or holds a label of its own', () => {
    // A value reaching a column under the label beside it is still the value under its own label.
    const row = ['Date de facturation    Date de livraison    N° client', '2 août 2026       31 juillet 2026      C4929'];
    expect(valueUnder(row, labelPattern('date de livraison'))).to.equal('31 juillet 2026');
    // "Customer VAT No.: …" is a label and its value: read whole under the contact's label with a colon, as before.
    const pairs = ['Your contact:        Michael Turner', 'Customer VAT No.: CHE-423.437.798 MWST'];
    expect(valueUnder(pairs, labelPattern('your contact'), (text) => text.includes('VAT'))).to.equal(
      'Customer VAT No.: CHE-423.437.798 MWST',
    );
  });

  it('keeps escapes and character classes working', () => {
    expect(withoutAccentsToo(String.raw`n[°º]\.?|prélèvement|[éè]chéance`)).to.equal(
      String.raw`n[°º]\.?|pr[eèéêë]l[eèéêë]vement|[eèéêëeèéêë]ch[eèéêë]ance`,
    );
  });

  describe('labels printed a letter off', () => {
    const due = labelPattern("date d'échéance", 'échéance', String.raw`à régler avant(?: le)?`);
    const misspelt = (line: string) =>
      findMisspeltLabels(toDocumentText([{ pageNumber: 1, text: line }]), due, ['échéance', 'régler']).map((match) => [
        line.slice(match.start, match.end),
        match.after,
      ]);

    it('matches a label with a letter added or changed in a key word, up to the end of the word as printed', () => {
      expect(misspelt('Date        Echéacnce    N°BC')).to.deep.equal([['Echéacnce', '    N°BC']]);
      expect(misspelt('À régier avant: 2015-27-02')).to.deep.equal([['À régier avant', ': 2015-27-02']]);
    });

    it('leaves labels printed right (findLabels has them), words two letters off, and short words alone', () => {
      expect(misspelt('Échéance : 12/03/2026')).to.deep.equal([]);
      expect(misspelt('Echéancier : 12/03/2026')).to.deep.equal([]);
      expect(
        findMisspeltLabels(toDocumentText([{ pageNumber: 1, text: 'Datum: 1.2.2026' }]), labelPattern('date'), ['date']),
      ).to.deep.equal([]);
    });
  });

  it('takes a label closed by the currency its amounts are in as ending its segment ("Net à payer €", "Total (EUR)")', () => {
    const ends = (line: string) =>
      findLabels(toDocumentText([{ pageNumber: 1, text: line }]), labelPattern('net à payer', 'total')).map(endsItsSegment);
    expect(ends('Net a payer €      Total (EUR):')).to.deep.equal([true, true]);
    expect(ends('Net a payer par virement      Total 12')).to.deep.equal([false, false]);
  });
});
