import { expect } from 'chai';
import { labelPattern, withoutAccentsToo } from './labels.js';

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

  it('keeps escapes and character classes working', () => {
    expect(withoutAccentsToo(String.raw`n[°º]\.?|prélèvement|[éè]chéance`)).to.equal(
      String.raw`n[°º]\.?|pr[eèéêë]l[eèéêë]vement|[eèéêëeèéêë]ch[eèéêë]ance`,
    );
  });
});
