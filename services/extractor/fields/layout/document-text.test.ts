import { expect } from 'chai';
import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import { toDocumentText } from './document-text.js';

/** One line of OCR words, a word's width apart. */
const ocrPage = (text: string) => ({
  pageNumber: 1,
  text,
  confidence: 0.9,
  words: text
    .split(' ')
    .map((word, index): RecognizedWord => ({ text: word, box: [index * 0.1, 0.1, index * 0.1 + 0.08, 0.12], confidence: 0.9 })),
});

describe('extractor: the document’s text', () => {
  it('reads an umlaut OCR split into "ii" or a capital Ü without its dots in German text, and leaves other languages’ words alone', () => {
    expect(toDocumentText([ocrPage('Rechnung für Biirostuhl und Versand fiir Sie')]).lines[0]!.text).to.equal(
      'Rechnung für Bürostuhl und Versand für Sie',
    );
    expect(toDocumentText([ocrPage('Invoice for the skiing trip and the Hawaii tour')]).lines[0]!.text).to.equal(
      'Invoice for the skiing trip and the Hawaii tour',
    );
    expect(toDocumentText([ocrPage('Rechnung für Ubernachtung und Uberweisung mit Uber')]).lines[0]!.text).to.equal(
      'Rechnung für Übernachtung und Überweisung mit Uber',
    );
    expect(toDocumentText([ocrPage('Invoice for Ubernachtung')]).lines[0]!.text).to.equal('Invoice for Ubernachtung');
  });

  it('drops the rules of table cells a scan reads as bars glued to a number, and specks read as a point or a quote before an amount or an apostrophe or a quote after it', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read('Net total |1,304.63|')).to.equal('Net total 1,304.63');
    expect(read('Gesamtbetrag EUR 8 265,26|')).to.equal('Gesamtbetrag EUR 8 265,26');
    expect(read('Muster AG | Bahnhofstrasse 1')).to.equal('Muster AG | Bahnhofstrasse 1');
    expect(read('Total HT CHF .1578.18')).to.equal('Total HT CHF 1578.18');
    expect(read("BROODJE HAM 4,71' A")).to.equal('BROODJE HAM 4,71 A');
    expect(read("Total 1'234.50")).to.equal("Total 1'234.50");
    expect(read('B 10% 7,67 “0,77 8,44')).to.equal('B 10% 7,67 0,77 8,44');
    expect(read('A 22% 4,86" 1,07 5,93')).to.equal('A 22% 4,86 1,07 5,93');
    expect(read('Monitor 27" "Office"')).to.equal('Monitor 27" "Office"');
  });

  it('reads a number label’s "Nr" that a scan read as "Ne" or "N" after a hyphen, and no other "Ne"', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read('Beleg-Ne 421/2025')).to.equal('Beleg-Nr 421/2025');
    expect(read('Pos Art.-Ne Leistung')).to.equal('Pos Art.-Nr Leistung');
    expect(read('MWST-Ne: CHE-700.939.464')).to.equal('MWST-Nr: CHE-700.939.464');
    expect(read('Re.-Ne; 793/2025')).to.equal('Re.-Nr; 793/2025');
    expect(read('Rechnungs-N F2026/383')).to.equal('Rechnungs-Nr F2026/383');
    expect(read('Ne pas plier')).to.equal('Ne pas plier');
  });

  it('reads a capital I that a scan read as l opening a word before an n, and leaves other words opening with l', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read("cours de l'lntendance 44")).to.equal("cours de l'Intendance 44");
    expect(read('lnvoice lnc.')).to.equal('Invoice Inc.');
    expect(read("lange Strasse, lm Hof, l'eau")).to.equal("lange Strasse, lm Hof, l'eau");
  });

  it('reads a French è that a scan read as é before a consonant and a final mute e, and no other é', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read('Atelier Lumiére EURL')).to.equal('Atelier Lumière EURL');
    expect(read('1204 Genéve')).to.equal('1204 Genève');
    expect(read('Kaffee Créme, 2 piéces')).to.equal('Kaffee Crème, 2 pièces');
    expect(read('Café crémeux, Fréres')).to.equal('Café crémeux, Frères');
    expect(read('Légumes de saison, été, Désiré')).to.equal('Légumes de saison, été, Désiré');
  });

  it('reads the Swiss legal form "Sàrl" that a scan read without its accent, and leaves the French "SARL"', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read('Léman Sarl')).to.equal('Léman Sàrl');
    expect(read('Aare Sarl, Rue de Bourg 126')).to.equal('Aare Sàrl, Rue de Bourg 126');
    expect(read("Jura Sarl'"), 'a speck after it read as a quote').to.equal("Jura Sàrl'");
    expect(read('Dupont SARL')).to.equal('Dupont SARL');
    expect(read('Sarlat')).to.equal('Sarlat');
  });

  it('reads the O of an initialism that a scan read as a zero, and leaves numbers', () => {
    const read = (text: string) => toDocumentText([ocrPage(text)]).lines[0]!.text.replace(/ +/g, ' ');
    expect(read('Molenwiek V.0.F.')).to.equal('Molenwiek V.O.F.');
    expect(read('Version 1.0.2 0.5.')).to.equal('Version 1.0.2 0.5.');
  });

  it('keeps bars and points of a text layer as printed', () => {
    const page = ocrPage('Tel | Fax .5.00');
    const printed = { ...page, confidence: null, words: page.words.map((word) => ({ ...word, confidence: null })) };
    expect(toDocumentText([printed]).lines[0]!.text).to.equal('Tel | Fax .5.00');
  });
});
