import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findOrderNumber } from './order-number.js';
import { monospacedWords } from '../../../../test/support/monospaced-words.js';

const orderIn = (text: string) => findOrderNumber(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the order number', () => {
  it('reads order labels in German, French, Italian and English', () => {
    expect(orderIn('Bestellnummer:  B-4711')).to.equal('B-4711');
    expect(orderIn('Bestell-Nr         : B123456789')).to.equal('B123456789');
    expect(orderIn('Ihre Bestellung Nr. 88-12')).to.equal('88-12');
    expect(orderIn('N° de commande : C2026-17')).to.equal('C2026-17');
    expect(orderIn('COMMANDE N°                  BC04457')).to.equal('BC04457');
    expect(orderIn('N° BC # - BC05299')).to.equal('BC05299');
    expect(orderIn('Numero d’ordine: 4500012345')).to.equal('4500012345');
    expect(orderIn('PO Number: 4500012345')).to.equal('4500012345');
    expect(orderIn('Customer PO     4500012345')).to.equal('4500012345');
    expect(orderIn('Ordernummer: 4500012345')).to.equal('4500012345');
    expect(orderIn('Uw bestelling   B-4711')).to.equal('B-4711');
    expect(orderIn('Nº de pedido: 88213')).to.equal('88213');
    expect(orderIn('Order ID   OD304175096047380001')).to.equal('OD304175096047380001');
  });

  it('reads an order label that names the buyer as the order\'s owner ("Bestellung Nr. Kunde")', () => {
    expect(orderIn('Bestellung Nr. Kunde:          93170095')).to.equal('93170095');
    expect(orderIn('Bestellnummer des Kunden:      BT-13')).to.equal('BT-13');
  });

  it('reads a value under a bare "Reference" as the order only where it carries an order form\'s initials (BC, PO)', () => {
    const row = (value: string) => {
      const lines = [
        "Facturé à      Date d'écheance         Reference",
        '1839 Arbor Way',
        `               mai 02,2015             ${value}`,
      ];
      return (
        findOrderNumber(toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]))?.value ?? null
      );
    };
    expect(row('BC06735')).to.equal('BC06735');
    expect(row('PO083857')).to.equal('PO083857');
    expect(row('FA03/2015/039021')).to.equal(null);
    expect(orderIn('Reference:  INV-2026-0042')).to.equal(null);
  });

  it('reads "NBC", a "N°BC" whose degree sign OCR lost, as the order label', () => {
    expect(orderIn('Date        Echéance    NBC       \n2015-05-07  2015-06-21  BC01963')).to.equal('BC01963');
  });

  it('reads the initials of "bon de commande" alone as the order label only with their colon or a number sign after them', () => {
    expect(orderIn('BC:                            BC06328')).to.equal('BC06328');
    expect(orderIn('BC#                            BC00822')).to.equal('BC00822');
    expect(orderIn('BC n°                          BC04279')).to.equal('BC04279');
    expect(orderIn('Vancouver BC   V5K 0A1')).to.equal(null);
  });

  it('reads a bare "PO" as the order label only with its colon after it, so that a PO box is no order', () => {
    expect(orderIn('Your PO: PO-4711')).to.equal('PO-4711');
    expect(orderIn('P.O.:   4500012345')).to.equal('4500012345');
    expect(orderIn('PO Box 4711')).to.equal(null);
  });

  it('reads an order number under "BC#" in a row of labels, its value under it in the row below', () => {
    const lines = ['Date          Facture #            BC#          Devise', '', '21/05/2015    FA05/2015/096729     BC01030      EUR'];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
    expect(findOrderNumber(document)?.value).to.equal('BC01030');
  });

  it('reads an order number under its label in a row of labels whose values are set closer than the labels', () => {
    const lines = ['Date        Echéance    N°BC', '2015-04-04 2015-06-03 BC03277'];
    const document = toDocumentText([{ pageNumber: 1, text: lines.join('\n'), words: monospacedWords(lines, 0.9) }]);
    expect(findOrderNumber(document)?.value).to.equal('BC03277');
  });

  it('reads an order cited in a remark', () => {
    expect(orderIn('Rechnung gemäß Bestellung Nr. 2013-471331 vom 01.03.2013.')).to.equal('2013-471331');
  });

  it('prefers the buyer’s order to the supplier’s order confirmation', () => {
    expect(orderIn('Auftrag-Nr-Lief    : A456123\nBestell-Nr         : B123456789')).to.equal('B123456789');
    expect(orderIn('Auftragsnummer: A-77')).to.equal('A-77');
    expect(orderIn('Bestellung:           B123456789')).to.equal('B123456789');
    expect(orderIn('Votre référence          PO445')).to.equal('PO445');
  });

  it('takes no order date or customer number for the order number', () => {
    expect(orderIn('Bestelldatum: 01.03.2026\nKundennummer: 4711')).to.equal(null);
    expect(orderIn('Rechnung gemäß Bestellung vom 01.03.2018.')).to.equal(null);
  });

  it('reads order references labelled as such', () => {
    expect(orderIn('Rif. ordine            B842086')).to.equal('B842086');
    expect(orderIn('Réf. commande : PO-2026-417')).to.equal('PO-2026-417');
    expect(orderIn('Order ref: 4500012345')).to.equal('4500012345');
  });
});
