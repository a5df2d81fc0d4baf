import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { classifyDocument } from './document-type.js';

const typeOf = (text: string) => classifyDocument(toDocumentText([{ pageNumber: 1, text }])).value;

describe('extractor: the document type', () => {
  it('classifies by the title in English, German, French, Italian and Dutch', () => {
    expect(typeOf('Muster AG\n\nRechnung Nr. 17')).to.equal('invoice');
    expect(typeOf('INVOICE\nInvoice No. 1001')).to.equal('invoice');
    expect(typeOf('Facture n° 2022089083')).to.equal('invoice');
    expect(typeOf('Fattura n. 12/2026')).to.equal('invoice');
    expect(typeOf('Quittung\nKaffee 4.50')).to.equal('receipt');
    expect(typeOf('PAYMENT RECEIPT')).to.equal('receipt');
    expect(typeOf('Molenwiek V.O.F.\nBonnr. 39324   18-05-2025 11:24\nCAPPUCCINO   9,28 A')).to.equal('receipt');
    expect(typeOf('Nota di credito n. 5')).to.equal('credit_note');
    expect(typeOf('Creditnota 2025-017')).to.equal('credit_note');
    expect(typeOf('1. Mahnung\nUnsere Rechnung Nr. 17 ist überfällig')).to.equal('reminder');
    expect(typeOf('Bon de livraison\nArticles livrés')).to.equal('delivery_note');
  });

  it('given a pro forma invoice, then it is no invoice to book ("other"); a cancellation invoice ("Stornorechnung") is a credit note', () => {
    expect(typeOf('Proforma-Rechnung Nr. 17')).to.equal('other');
    expect(typeOf('PRO FORMA INVOICE\nInvoice No. 1001')).to.equal('other');
    expect(typeOf('Facture pro forma n° 2022089083')).to.equal('other');
    expect(typeOf('Fattura proforma n. 12/2026')).to.equal('other');
    expect(typeOf('Stornorechnung zu Rechnung Nr. 17')).to.equal('credit_note');
    // A pro forma invoice cited under the title leaves the title as it is.
    expect(typeOf('Rechnung Nr. 18\nGemäss Proforma-Rechnung Nr. 17')).to.equal('invoice');
  });

  it('classifies Dutch reminders and packing slips, and Spanish corrective invoices, delivery notes and simplified invoices', () => {
    expect(typeOf('Betalingsherinnering\nFactuur 2026-0417 staat nog open')).to.equal('reminder');
    expect(typeOf('Pakbon\nGeleverde artikelen')).to.equal('delivery_note');
    expect(typeOf('Factura rectificativa n.º R-2026-004')).to.equal('credit_note');
    expect(typeOf('Albarán\nMercancía entregada')).to.equal('delivery_note');
    expect(typeOf('FACTURA SIMPLIFICADA\nNº: T001-000452')).to.equal('receipt');
  });

  it('given a title in capitals a scan split into pieces ("FATT UR A") or printed letter-spaced, then its letters joined are the title; pieces that spell no title whole are none', () => {
    expect(typeOf('FATT UR A                        Numero documento 2026-0261')).to.equal('invoice');
    expect(typeOf('R E C H N U N G')).to.equal('invoice');
    expect(typeOf('DAS FATT UR A')).to.equal('other');
  });

  it('takes the first title word: a credit note citing an invoice stays a credit note', () => {
    expect(typeOf('Gutschrift\nzu Rechnung Nr. 17')).to.equal('credit_note');
  });

  it('reads a delivery-note number on an invoice as a reference, not a title', () => {
    expect(typeOf('Lieferschein-Nr.: 4711\nBestellung: 88\nRechnung')).to.equal('invoice');
  });

  it('given "AVOIR N°" in a header column beside the sender’s logo, then it is a credit note', () => {
    expect(
      typeOf(
        'LOGO LE FOURNISSEUR                AVOIR N° :        F20220028\n                                   Date :            31/01/2022',
      ),
    ).to.equal('credit_note');
  });

  it('does not take the French verb "avoir" for a credit note', () => {
    expect(typeOf('Vous pouvez avoir un rabais\nFacture n° 12')).to.equal('invoice');
  });

  it('finds an invoice keyword below the title area with less confidence, and "other" without any', () => {
    const filler = Array.from({ length: 25 }, (_, index) => `Zeile ${index + 1}`).join('\n');
    const late = classifyDocument(toDocumentText([{ pageNumber: 1, text: `${filler}\nBitte Rechnungsnummer angeben` }]));

    expect(late).to.deep.include({ value: 'invoice', confidence: 0.6 });
    expect(typeOf('Protokoll der Sitzung')).to.equal('other');
  });

  it('given a slip whose title OCR lost, when it prints a till’s tender and thanks, then it is a receipt; thanks alone are no till', () => {
    expect(typeOf('Edelweiss GmbH\nBon-N 461762\nCROISSANT   5,28 B\nSUMME EUR   5,28\nBar   10,00\nVielen Dank!')).to.equal('receipt');
    expect(typeOf('Ticket n° 6761\nCAHIER A5   6.48 A\nTOTAL TTC CHF   6.48\nEspèces   6.48\nMerci de votre confiance.')).to.equal(
      'receipt',
    );
    expect(typeOf('Edelweiss GmbH\nProtokoll der Sitzung\nVielen Dank für Ihren Auftrag!')).to.equal('other');
  });

  it('given a slip paid by card, when its card tender and thanks are printed, then it is a receipt', () => {
    expect(typeOf('Kranich e.K.\nAEPFEL 1KG   2,75 B\nSUMME EUR   20,58\nEC-Karte   20,58\nVielen Dank für Ihren Einkauf!')).to.equal(
      'receipt',
    );
    expect(typeOf('Rhein GmbH\nPOMMES 1KG   2.71 B\nTOTAL TTC CHF   25.31\nCB   25.31\nMerci de votre confiance.')).to.equal('receipt');
    // An item line opening with a code like a card's name is no tender.
    expect(typeOf('Rhein GmbH\nCB-200 Kabelbinder   4,50\nSumme   4,50\nVielen Dank für Ihren Auftrag!')).to.equal('other');
  });

  it('given a till’s number label opening a line, when OCR lost its “r.” or it is French, then it titles a receipt', () => {
    expect(typeOf('Bergkristall GmbH\nBon-N 8594   13. Mai 2026\nSUMME EUR   16,22\nBitte Rechnungsnummer angeben')).to.equal('receipt');
    expect(typeOf('Atelier Lumière EURL\nTicket n° 857438   30/03/2025 14:38\nTOTAL TTC EUR   23,92')).to.equal('receipt');
    expect(
      typeOf('Jura Sàrl\n“Ticket n° 70427   28/01/2026 11:27\nTOTAL TTC CHF   22.83\nPénalités de retard : 3 fois le taux légal.'),
    ).to.equal('receipt');
    // A ticket cited inside a line is another document's number.
    expect(typeOf('Facture n° 17\nIntervention selon ticket n° 4711')).to.equal('invoice');
    expect(typeOf('Support\nSiehe Bon-N 12')).to.equal('other');
  });

  it('takes the keyword printed largest for the title, when the words have boxes', () => {
    const word = (text: string, top: number, height: number) => ({
      text,
      box: [0.1, top, 0.3, top + height] as [number, number, number, number],
      confidence: null,
    });
    const document = toDocumentText([
      {
        pageNumber: 1,
        text: 'Rechnung 17 vom 01.03.2026\nGUTSCHRIFT',
        words: [word('Rechnung 17 vom 01.03.2026', 0.1, 0.01), word('GUTSCHRIFT', 0.2, 0.03)],
      },
    ]);

    expect(classifyDocument(document).value).to.equal('credit_note');
  });

  it('reads a credit note its remark calls an invoice (“Gutschrift (Selbst ausgestellte Rechnung)”) as the self-billed invoice it is', () => {
    expect(typeOf(' Gutschrift (Selbst ausgestellte Rechnung) Nr. 47110818\n vom 31.10.2018')).to.equal('invoice');
    expect(typeOf('Credit note (self-billed invoice) No. 17')).to.equal('invoice');
    expect(typeOf('Gutschrift (Storno) Nr. 17 zu Rechnung 16')).to.equal('credit_note');
  });
});
