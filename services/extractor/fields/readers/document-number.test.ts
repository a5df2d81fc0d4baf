import { expect } from 'chai';
import { findDocumentNumber, numberAfterSplitTitle, withIssueMonthDigits } from './document-number.js';
import { toDocumentText } from '../layout/document-text.js';

const numberIn = (text: string) => findDocumentNumber(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the document number', () => {
  it('reads number labels in German, French, Italian and English', () => {
    expect(numberIn('Rechnungsnummer:   RE-2026-0042')).to.equal('RE-2026-0042');
    expect(numberIn('Rechnung Nr. 4711')).to.equal('4711');
    expect(numberIn('Rechnungs-Nr.: 2026/17')).to.equal('2026/17');
    expect(numberIn('Faktura-Nr.: 2026/17')).to.equal('2026/17');
    expect(numberIn('Facture n° 2022089083')).to.equal('2022089083');
    expect(numberIn('Facture n°562044387 du 02 Juillet 2015')).to.equal('562044387');
    expect(numberIn('N° de facture : F-2026-001')).to.equal('F-2026-001');
    expect(numberIn('Fattura n. 12/2026')).to.equal('12/2026');
    expect(numberIn('Numero fattura: FT-88')).to.equal('FT-88');
    expect(numberIn('Nr. doc.:              57/2026')).to.equal('57/2026');
    expect(numberIn('Facture\nNuméro:             INV-43572')).to.equal('INV-43572');
    expect(numberIn('Numéro client:  53134'), 'another number').to.equal(null);
    expect(numberIn('Numéro de TVA  FR12345678901'), 'another number').to.equal(null);
    expect(numberIn('FACTUUR                    Nummer 783/2026')).to.equal('783/2026');
    expect(numberIn('FACTUUR\nNoorderlicht V.O.F.\n\nNummer:          INV-95353\nDatum:           18-05-2025')).to.equal('INV-95353');
    expect(numberIn('Klantnummer:  53134\nBTW nummer NL622464589B01\nBTW-nummer NL622464589B01'), 'other numbers').to.equal(null);
    expect(numberIn('Number:  INV-1002\nDate:    12/03/2026')).to.equal('INV-1002');
    expect(numberIn('Kunden-\nNummer: 12345\nDatum: 01.02.2026'), 'a label split over two lines').to.equal(null);
    expect(numberIn('Kunde\nNummer: 12345\nMuster AG'), 'another party’s number').to.equal(null);
    expect(numberIn('Nummer INV-63700\n23 februari 2026')).to.equal('INV-63700');
    expect(numberIn('Nummer: 12345\nRechnungsnummer: RE-17'), 'a named label first').to.equal('RE-17');
    expect(numberIn('Beleg-N°       RE2502450')).to.equal('RE2502450');
    expect(numberIn('RECHNUNG          Re.-N° 360322')).to.equal('360322');
    expect(numberIn('Invoice No.: INV-1001')).to.equal('INV-1001');
    expect(numberIn('Invoice #  A77')).to.equal('A77');
    expect(numberIn('Handelsrechnung (380) Nr. 471102 vom 05.03.2018')).to.equal('471102');
    expect(numberIn('Gutschrift (Selbst ausgestellte Rechnung) (389) Nr. 471102 vom 05.03.2018')).to.equal('471102');
  });

  it('reads the number after a title qualified by one word only where its type code in brackets follows', () => {
    expect(numberIn('Teilrechnung Bau (875) Nr. 210111 vom 30.05.2025')).to.equal('210111');
    expect(numberIn('Schlussrechnung Bau (877) Nr. 210113 vom 30.06.2025')).to.equal('210113');
  });

  it("reads the number after a title naming the invoice's kind between its word and its number", () => {
    expect(numberIn('FATTURA ACCOMPAGNATORIA N. 118/2026 del 12/03/2026')).to.equal('118/2026');
    expect(numberIn('Fattura differita n. 77')).to.equal('77');
    expect(numberIn("Facture d'acompte n° FA-118")).to.equal('FA-118');
    expect(numberIn('Factura simplificada nº T-2026-0042')).to.equal('T-2026-0042');
  });

  it('reads a bare number sign heading the document ("Nº:" under a till\'s "FACTURA SIMPLIFICADA"), and none elsewhere', () => {
    expect(numberIn('FACTURA SIMPLIFICADA\nNº: T012-004581\nFecha: 12/03/2026')).to.equal('T012-004581');
    expect(numberIn('Kunde\nNo: 4711')).to.equal(null);
  });

  it('reads the number labels OCR misread: "N°" as "Ne", "Nr" as "NO" or its r lost, a colon as a semicolon', () => {
    expect(numberIn('Fattura                 Ne doc. RE2603375')).to.equal('RE2603375');
    expect(numberIn('Kranich AG              Re.-NO         617/2025')).to.equal('617/2025');
    expect(numberIn('Thistle Limited         Re.-Nr;        793/2025')).to.equal('793/2025');
  });

  it('given a number label beside the issue date and its value under the label, then the value is the number, not the day', () => {
    expect(numberIn('Scontrino n.       8 settembre 2025\n341288             14:08')).to.equal('341288');
  });

  it('reads a value behind a cell border OCR read as a bar, or behind a speck read as a quote mark', () => {
    expect(numberIn('N° de facture | F2025/071')).to.equal('F2025/071');
    expect(numberIn("Fattura n.:          '809460")).to.equal('809460');
  });

  it('reads the first value of a row of header values under a bare title when their labels went unread', () => {
    expect(numberIn(['INVOICE', 'He', '  452/2026        23/01/2026        02/02/2026'].join('\n'))).to.equal('452/2026');
    expect(numberIn(['Rechnung / Lieferschein', ' INV-45948   14.07.2025   06.07.2025   | 9962   24.07.2025'].join('\n'))).to.equal(
      'INV-45948',
    );
    // Not a row without a date, nor a line with words among the values.
    expect(numberIn(['INVOICE', '  452/2026        4711'].join('\n'))).to.equal(null);
    expect(numberIn(['INVOICE', '  Kunde 4711   23/01/2026'].join('\n'))).to.equal(null);
    // A header table whose labels were read names the number itself.
    const table = [
      'FACTUUR',
      ' Klant              Order            Factuur datum     Factuur          Vervaldatum',
      ' SCONL0303006280999 SCONL000000444        8-9-2022     VF1005193039        22-9-2022',
    ];
    expect(numberIn(table.join('\n'))).to.equal('VF1005193039');
  });

  it('reads a number printed under its label', () => {
    const text = ['Kunde          Rechnungsnummer      Datum', 'K-100          2026-0815            12.03.2026'].join('\n');

    expect(numberIn(text)).to.equal('2026-0815');
  });

  it('reads an identifier right after a bare title, with less confidence', () => {
    const found = findDocumentNumber(toDocumentText([{ pageNumber: 1, text: 'Invoice INV/2023/03/0008' }]));

    expect(found).to.deep.include({ value: 'INV/2023/03/0008', confidence: 0.6 });
  });

  it('reads a number sign and identifier printed under a bare title, but nothing else under it', () => {
    expect(
      numberIn(
        'Sammy Maystone                         INVOICE\nsmaystone4@fake.com\n                                   # invoice_number_1\n              Date:     Jan 1, 2022',
      ),
    ).to.equal('invoice_number_1');
    expect(numberIn('                                       INVOICE\n                                   Order 2022-17')).to.equal(null);
  });

  it('reads the value under a title word heading a column of a header table, not under a title alone', () => {
    const table = [
      ' Klant              Order            Factuur datum     Factuur          Vervaldatum',
      ' SCONL0303006280999 SCONL000000444        8-9-2022     VF1005193039        22-9-2022',
    ];
    expect(numberIn(table.join('\n'))).to.equal('VF1005193039');
    expect(numberIn('Invoice\nAB-12 Industriestrasse 4')).to.equal(null);
  });

  it('given a receipt without a number of its own, takes its booking id; a number of its own wins', () => {
    expect(numberIn('PAYMENT RECEIPT\n Booking ID              Payment Mode\n IBZY2087                Cash at Hotel')).to.equal('IBZY2087');
    expect(numberIn('Buchungsnummer: BK-55120\nRechnungsnummer: 2026-17')).to.equal('2026-17');
  });

  it('does not take words, dates or other parties’ numbers for the document number', () => {
    expect(numberIn('Invoice Date:  12.03.2026')).to.equal(null);
    expect(numberIn('Rechnung vom 12.03.2026')).to.equal(null);
    expect(numberIn('Kundennr. 47774\nAuftragsnummer 8812')).to.equal(null);
    expect(numberIn('Please quote the invoice number with your payment.')).to.equal(null);
    expect(numberIn('Ursprungsbeleg-Nr : R8765')).to.equal(null);
  });

  it('takes the first labelled number: the header comes before references', () => {
    expect(numberIn('Rechnung Nr. 100\n\nGutschrift Nr. 7 wird verrechnet')).to.equal('100');
  });

  it('reads the numbers of receipts and till slips, the series letter apart from the digits', () => {
    expect(numberIn('Quittung Nr. 684080')).to.equal('684080');
    expect(numberIn('Receipt no: B 48706')).to.equal('B 48706');
    expect(numberIn('Bon-Nr. 8/45968')).to.equal('8/45968');
    expect(numberIn('Kassenbon-Nr. 221338')).to.equal('221338');
    // "Bon-Nr." with its "r." lost by OCR, opening the line.
    expect(numberIn('   Bon-N 64375            07.11.2025 11:25')).to.equal('64375');
    expect(numberIn('Bon-M 8594')).to.equal('8594');
    expect(numberIn('Ticket n° 7/84527')).to.equal('7/84527');
    expect(numberIn('N° ticket 131779')).to.equal('131779');
    expect(numberIn('Doc. n. 6323-1030')).to.equal('6323-1030');
    expect(numberIn('Scontrino n. 373064')).to.equal('373064');
    expect(numberIn('RECHNUNG Nr. RE-2026-37073')).to.equal('RE-2026-37073');
    expect(numberIn('Re.-Nr.: 2026-118')).to.equal('2026-118');
    expect(numberIn('Inv. No. 88-1')).to.equal('88-1');
  });
  it('reads the number of a title qualified by one word ("Rechnung des Versicherers Nr.", "Beitragsrechnung zur Kraftfahrtversicherung Nr.")', () => {
    expect(numberIn('Rechnung des Versicherers Nr. 00.123.456.7-2018-1 vom')).to.equal('00.123.456.7-2018-1');
    expect(numberIn('Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7        11. März 2014')).to.equal('00.123.456.7');
  });

  it('reads an unsigned identifier alone under a bare title where it carries the year of a date its page prints, less sure', () => {
    const page = (under: string) =>
      [
        '                                                   FACTURE',
        `                                           ${under}`,
        '  Gemini Furniture                                  Date',
        '                                       18/04/2015   17/07/2015   PO021639',
      ].join('\n');
    const found = findDocumentNumber(toDocumentText([{ pageNumber: 1, text: page('INV/04/2015/007484') }]));
    expect(found).to.deep.include({ value: 'INV/04/2015/007484', confidence: 0.5 });
    // Without the year, or with words beside the code: no number.
    expect(numberIn(page('INV/04/2016/007484'))).to.equal(null);
    expect(numberIn(page('PO021639'))).to.equal(null);
    expect(numberIn(page('Client CL2015-07'))).to.equal(null);
  });

  it('given a month group whose 0 OCR read as O or Q, then the digit where the issue date is in that month and year, else as read', () => {
    const number = (value: string) => ({ value, confidence: 0.9, page: 1, box: null });
    const read = (value: string, issueDate: string | null) => withIssueMonthDigits(number(value), issueDate)?.value;

    expect(read('FAO3/2015/051433', '2015-03-21')).to.equal('FA03/2015/051433');
    expect(read('FAQ7/2015-082659', '2015-07-02')).to.equal('FA07/2015-082659');
    expect(read('FAO3/2015/051433', '2015-04-21')).to.equal('FAO3/2015/051433');
    expect(read('FAO3/2015/051433', '2016-03-21')).to.equal('FAO3/2015/051433');
    expect(read('FAO3/2015/051433', null)).to.equal('FAO3/2015/051433');
    expect(read('FA03/2015/051433', '2015-03-21')).to.equal('FA03/2015/051433');
    expect(withIssueMonthDigits(null, '2015-03-21')).to.equal(null);
  });

  it('given a title OCR split inside its word and a number split inside its groups, then the number closed up where the issue date confirms its month and year', () => {
    const read = (line: string, issueDate: string | null) =>
      numberAfterSplitTitle(toDocumentText([{ pageNumber: 1, text: `${line}\n          77 Santa Barbara Rd` }]), issueDate)?.value ?? null;

    expect(read('   Factu re FAQ4/20 15/027622                 Deco Addict          Date', '2015-04-04')).to.equal('FA04/2015/027622');
    expect(read('   Factu re FA05/20 15/065 587                The Jackson Group', '2015-05-07')).to.equal('FA05/2015/065587');
    // The date in another month, a month group with a letter too many, no date, or a title read whole: no number.
    expect(read('   Factu re FAQ4/20 15/027622', '2015-05-04')).to.equal(null);
    expect(read('   Factu re FAO05/20 15/007836', '2015-05-28')).to.equal(null);
    expect(read('   Factu re FAQ4/20 15/027622', null)).to.equal(null);
    expect(read('   Facture FA04/2015/027622', '2015-04-04')).to.equal(null);
  });
});
