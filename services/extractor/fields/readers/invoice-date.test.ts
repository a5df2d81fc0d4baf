import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findInvoiceDate } from './invoice-date.js';

const dateIn = (text: string) => findInvoiceDate(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the invoice date', () => {
  it('reads the date of a title qualified by one word before its type code in brackets', () => {
    expect(dateIn('Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025')).to.equal('2025-05-30');
  });

  it('reads a date labelled as the invoice’s and the delivery’s at once ("Rechnungs-/Lieferdatum") as the invoice date', () => {
    expect(dateIn('Rechnungs-/Lieferdatum: 11.02.2025')).to.equal('2025-02-11');
    expect(dateIn('Rechnungs- und Leistungsdatum   11.02.2025')).to.equal('2025-02-11');
    // A British VAT invoice's one date for both: its date and its time of supply.
    expect(dateIn('Date/Tax point:    12-MAR-26')).to.equal('2026-03-12');
    expect(dateIn('Invoice Date & Tax Point   12/03/2026')).to.equal('2026-03-12');
    expect(dateIn('Invoice date / Delivery date        12 March 2026')).to.equal('2026-03-12');
  });

  it('reads invoice-date labels in German, French, Italian and English', () => {
    expect(dateIn('Rechnungsdatum   12.03.2026')).to.equal('2026-03-12');
    expect(dateIn('Date de facture : 12 mars 2026')).to.equal('2026-03-12');
    expect(dateIn('Data fattura: 12/03/2026')).to.equal('2026-03-12');
    expect(dateIn('Invoice Date:   March 12, 2026')).to.equal('2026-03-12');
  });

  it('given the only date printed after a due date’s label, then no invoice date is read from it', () => {
    expect(dateIn('Facture n° 612852\nJura Sàrl\nÀ régler avant le:  06/10/2025')).to.equal(null);
    expect(dateIn('Facture n° 612852\nJura Sàrl\n06/10/2025'), 'the only date, unlabelled').to.equal('2025-10-06');
  });

  it('takes the invoice date, not the due date, whichever is printed first', () => {
    expect(dateIn('Fälligkeitsdatum   11.04.2026\nRechnungsdatum     12.03.2026')).to.equal('2026-03-12');
    expect(dateIn('Due Date:  2026-04-11      Date:  2026-03-12')).to.equal('2026-03-12');
  });

  it('reads a generic date label unless its column says which other date it is', () => {
    expect(dateIn('Datum:  12. März 2026')).to.equal('2026-03-12');
    expect(dateIn('Lieferdatum:  10.03.2026\nBestelldatum:  01.03.2026\nLiefer- und Leistungsdatum:  09.03.2026')).to.equal(null);
    expect(dateIn('Order Date: 15-10-2015\nDue Date: 20-11-2015')).to.equal(null);
    expect(dateIn('Supply date:   15/08/2025\nPlease pay by 30/08/2025')).to.equal(null);
    expect(dateIn('Date of supply: 15/08/2025\nDate: 24/08/2025')).to.equal('2025-08-24');
  });

  it('reads the one earlier date beside a due date read under its label, in a row of values whose first label OCR lost', () => {
    const grid = [
      '                              Date d’échéance     N° BC',
      'Scranton PA 18503   24/05/2015   08/07/2015       PO043629',
    ].join('\n');
    expect(dateIn(grid)).to.equal('2015-05-24');
    // Two earlier dates (a delivery date too), or a row that is not all values, leave it unread.
    expect(dateIn(grid.replace('Scranton PA 18503', '02/06/2015       '))).to.equal(null);
    expect(dateIn(grid.replace('PO043629', 'Paid online'))).to.equal(null);
  });

  it('reads a year-first date that reads both ways in the order the document’s other dates or its number’s month give', () => {
    expect(dateIn('N° Facture : FA06/2015/000017\nDate : 2015-04-06')).to.equal('2015-06-04');
    expect(dateIn('N° Facture : FA04/2015/000017\nDate : 2015-04-06')).to.equal('2015-04-06');
    expect(dateIn('Date : 2015-04-06\nÀ régler avant : 2015-20-06')).to.equal('2015-06-04');
  });

  it('reads a lone date printed under the labelled document number, and no date under it that has a label of its own', () => {
    expect(dateIn('INVOICE        Invoice Number 901/2025\n               21 November 2025\nPayment due: 5 December 2025')).to.equal(
      '2025-11-21',
    );
    expect(dateIn('Rechnungsnummer 901\nFällig am 05.12.2025\nLieferdatum 01.12.2025')).to.equal(null);
  });

  it('reads the date the word dating the number labels on the line under the number’s label, in its column', () => {
    expect(dateIn('Fattura\n\nN. fattura:         949/2025\ndel:                11/09/2025\nData scadenza:      11/10/2025')).to.equal(
      '2025-09-11',
    );
    expect(
      dateIn('Spett.le Rossi S.r.l.          Fattura n.     INV-67024\nVia Toledo 86                  del            10/05/2025'),
    ).to.equal('2025-05-10');
    expect(
      dateIn(
        'Spett.le Rossi S.r.l.          Numero documento:   RE2584075\nAlla c.a. di Mario Rossi\n                               del:                04/08/2025',
      ),
      'an address line between, nothing in the column',
    ).to.equal('2025-08-04');
    expect(dateIn('N. fattura:     949/2025\nConsegna del:   03/09/2025\nData scadenza:  11/10/2025'), 'another date’s label').to.equal(
      null,
    );
  });

  it('reads a label row’s date that OCR set on the next line, right of the label in the values’ column', () => {
    const rows = [
      'Alpenblick AG                        Rechnungs-Nr:          INV-21088',
      'Maria-Theresien-Str. 117             Ausstellungsdatum:',
      '                                                             01.02.2025',
      '5020 Salzburg',
      '                                     Leistungsdatum:        20.01.2025',
    ];
    expect(dateIn(rows.join('\n'))).to.equal('2025-02-01');
    expect(
      dateIn(['                    Ausstellungsdatum:', '01.02.2025', '                    Leistungsdatum:    20.01.2025'].join('\n')),
      'left of the label',
    ).to.equal(null);
  });

  it('given a label row whose date a photo’s skew set on the line above, right of the label, then that date is the label’s; another label’s value there is not', () => {
    const rows = [
      'Northgate Limited                           Invoice #:            984602',
      'FAO Isla Whitfield                                                10/07/2025',
      '                                            Date of issue:',
      '90 Park Row                                 Customer ID:           94548',
    ];
    expect(dateIn(rows.join('\n'))).to.equal('2025-07-10');
    expect(
      dateIn(['                    Due date:    09/08/2025', '                    Date of issue:', 'Park Row'].join('\n')),
      'another label’s row',
    ).to.equal(null);
  });

  it('reads "Émise le" as the issue date’s label, its accent lost or not', () => {
    expect(dateIn('Numéro:             INV-43572\nEmise le:           25 janvier 2026\nDate d’échéance:    24 février 2026')).to.equal(
      '2026-01-25',
    );
    expect(dateIn('Facture émise le 25/01/2026')).to.equal('2026-01-25');
  });

  it('reads the date of a title naming the invoice\'s kind ("Fattura accompagnatoria n. … del …", "Facture d\'acompte n° … du …")', () => {
    expect(dateIn('FATTURA ACCOMPAGNATORIA N. 118/2026 del 12/03/2026')).to.equal('2026-03-12');
    expect(dateIn("Facture d'acompte n° FA-118 du 12/03/2026")).to.equal('2026-03-12');
  });

  it('reads the date of a title line ("… n° 123 du …", "… Nr. 17 vom …")', () => {
    expect(dateIn('Facture n°562044387 du 02 Juillet 2015\nDate limite de paiement le 05 Juillet 2015')).to.equal('2015-07-02');
    expect(dateIn('Bemerkung: Bestellung Nr. 88 vom 01.03.2026\nRechnung Nr. 17 vom 12.03.2026')).to.equal('2026-03-12');
    expect(dateIn('Gutschrift (Selbst ausgestellte Rechnung) (389) Nr. 471102 vom 05.03.2018')).to.equal('2018-03-05');
  });

  it('reads a letter’s place-and-date line', () => {
    expect(dateIn('Muster AG\nBahnhofstrasse 1\n\nZürich, 12. März 2026\n\nRechnung')).to.equal('2026-03-12');
    expect(dateIn('Lugano, 12 marzo 2026')).to.equal('2026-03-12');
  });

  it('reads a date printed under its label', () => {
    expect(dateIn('Invoice Date:        Due Date:\n03/20/2023           04/04/2023')).to.equal('2023-03-20');
  });

  it('takes the only date of an unlabelled document, and no guess among several', () => {
    expect(dateIn('Quittung\nKaffee 4.50\n12.03.2026 10:14')).to.equal('2026-03-12');
    expect(dateIn('Zeitraum 01.03.2026 - 31.03.2026')).to.equal(null);
  });

  it('reads billing- and document-date labels, beside or above their value', () => {
    expect(dateIn('Date de facturation:        9 décembre 2026\nDate de livraison:  28 novembre 2026')).to.equal('2026-12-09');
    expect(dateIn('Fattura N°   2026-8085\nData documento   30.09.2026\nData di consegna   17.09.2026')).to.equal('2026-09-30');
    expect(dateIn('Numero fattura        Data documento    Rif. ordine\n47734812              23 ottobre 2026   4584980977')).to.equal(
      '2026-10-23',
    );
    expect(dateIn('Document date: 2026-03-12')).to.equal('2026-03-12');
  });

  it("given a date column heading an item table, then the place-and-date line is the invoice date before any item's", () => {
    const text = [
      'Rechnung Nr. 2026-10482                                   Vitznau, 12.03.2026',
      'Datum        Beschreibung                              Anzahl      Preis       Betrag',
      '09.03.2026   Übernachtung Doppelzimmer                      1     240.00       240.00',
    ].join('\n');
    expect(dateIn(text)).to.equal('2026-03-12');
    // Where nothing else dates the document, its one item's date does.
    expect(dateIn(text.replace('Vitznau, 12.03.2026', ''))).to.equal('2026-03-09');
  });

  it('reads a place-and-date line printed right of other text', () => {
    expect(dateIn('Galli & Figli S.n.c.                                  Graz, 2026-02-25\nLiefertermin: 2026-02-20')).to.equal(
      '2026-02-25',
    );
    expect(dateIn('RECHNUNG                                          Berlin, 21. Mai 2026')).to.equal('2026-05-21');
  });

  it('reads a till’s date printed with its time, among other dates', () => {
    expect(dateIn('Quittung\n9. Mai 2025 07:38\nGutschein gültig bis 30.06.2025')).to.equal('2025-05-09');
    expect(dateIn('RICEVUTA\n15/11/2025 13:42\nReso entro il 30/11/2025')).to.equal('2025-11-15');
  });

  it('is less sure of a date whose day and month are padded unevenly (a digit lost or added)', () => {
    const confidenceOf = (text: string) => findInvoiceDate(toDocumentText([{ pageNumber: 1, text }]))!.confidence;
    expect(confidenceOf('RECEIPT NO.[00522899]   9-01-2017 10:12')).to.be.lessThan(
      confidenceOf('RECEIPT NO.[00522899]   09-01-2017 10:12'),
    );
  });

  it('reads a till’s date with its weekday before the time, among a promotion’s dates', () => {
    expect(dateIn('14-01-2018 (Sun) 16:02\nPromotion 24 NOVEMBER 2017 - 4 MARCH 2018')).to.equal('2018-01-14');
  });
  it('given a till’s only date with one mark read as a space ("05 02-18"), then that date, least sure; not where another date is printed', () => {
    const found = findInvoiceDate(toDocumentText([{ pageNumber: 1, text: '91:347M           548017         05 02-18\nTotal   141.50' }]));
    expect(found?.value).to.equal('2018-02-05');
    expect(found!.confidence).to.be.lessThan(0.5);
    expect(dateIn('05 02-18\nPrinted 17-02-2018')).to.equal('2018-02-17');
    expect(dateIn('Item 12 05-18 pcs\nItem 13 06-18 pcs')).to.equal(null);
  });
  it('reads the date of a title qualified by a word and wrapped before its date ("Rechnung des Versicherers Nr. … vom" / "11.03.2018")', () => {
    const header = [
      'Stylesheet-Version: 2.0 vom 18.10.2018',
      '',
      ' Rechnung des Versicherers Nr. 00.123.456.7-2018-1 vom',
      ' 11.03.2018',
      '',
    ];
    expect(dateIn([...header, 'Liefer- und Leistungsdatum    : 30.06.2018'].join('\n'))).to.equal('2018-03-11');
  });
  it('given a labelled date one of whose digits OCR read as the letter it looks like, then that date, less sure; not two letters, nor without a label', () => {
    const document = toDocumentText([{ pageNumber: 1, text: 'Inv No :6KJ30785499   Date:D2/02/17 19:46' }]);
    const exact = findInvoiceDate(toDocumentText([{ pageNumber: 1, text: 'Inv No :6KJ30785499   Date:02/02/17 19:46' }]))!;
    expect(findInvoiceDate(document)?.value).to.equal('2017-02-02');
    expect(findInvoiceDate(document)!.confidence).to.be.below(exact.confidence);
    expect(dateIn('Date: 1O.03.2018')).to.equal('2018-03-10');
    expect(dateIn('Date: DO/03/2018')).to.equal(null);
    expect(dateIn('Ref D2/02/17')).to.equal(null);
  });

  it('reads a letter’s date standing alone at the end of its subject line, its month in words, and no date a label or other date names', () => {
    const letter = [
      'MVM Musterhafter',
      'Herrn',
      'Max Mustermann',
      '',
      'Beitragsrechnung                                                              24. Januar 2014',
      '',
      'zu Ihrer Haftpflichtversicherung wird der Beitrag für den Zeitraum vom 06.12.2013 bis zum 06.12.2014',
    ];
    expect(dateIn(letter.join('\n'))).to.equal('2014-01-24');
    expect(dateIn('Sachversicherungsvertrag Nr: 00.123.456.7                     18. April 2014')).to.equal('2014-04-18');
    // A label's value, another date's line, or a date in figures (a table's cell) is no letter's date (each with a
    // second date, so neither is the only date printed).
    expect(dateIn('Lieferung:                      18. April 2014\nBestellt am 01.03.2014')).to.equal(null);
    expect(dateIn('Liefertermin                    18. April 2014\nBestellt am 01.03.2014')).to.equal(null);
    expect(dateIn('Zitronensäure      12      18.04.2014\nGelierzucker   3    19.04.2014')).to.equal(null);
    // A header row of values whose labels went unread: the last of its dates is none of the letter's.
    expect(dateIn(' RE2542157               12 janvier 2025            25 décembre 2024              22 janvier 2025')).to.not.equal(
      '2025-01-22',
    );
  });

  it('reads the date of a title ending at its number, its “vom” and date wrapped onto the next line', () => {
    const header = [
      ' Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818',
      ' vom 31.10.2018',
      '',
      ' Abrechnungszeitraum : 01.10.2018 bis 31.10.2018',
    ];
    expect(dateIn(header.join('\n'))).to.equal('2018-10-31');
    // A line under a title without "vom" is no date of it.
    expect(dateIn(' Rechnung Nr. 4711\n 31.10.2018 bis 30.11.2018\n Lieferdatum 01.10.2018')).to.equal(null);
  });
});
