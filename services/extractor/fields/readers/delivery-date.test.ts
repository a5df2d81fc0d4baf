import { expect } from 'chai';
import { findDeliveryDate } from './delivery-date.js';
import { toDocumentText } from '../layout/document-text.js';

const deliveryDateIn = (text: string) => findDeliveryDate(toDocumentText([{ pageNumber: 1, text }]))?.value ?? null;

describe('extractor: the delivery date', () => {
  it('reads delivery and service date labels in German, French, Italian and English', () => {
    expect(deliveryDateIn('Lieferdatum:   10.03.2026')).to.equal('2026-03-10');
    expect(deliveryDateIn('Liefer- und Leistungsdatum:   05.03.2018')).to.equal('2018-03-05');
    expect(deliveryDateIn('Liefer- bzw. Leistungsdatum: 13.02.2014')).to.equal('2014-02-13');
    expect(deliveryDateIn('Leistungs-Datum    : 05.08.2013')).to.equal('2013-08-05');
    expect(deliveryDateIn('Date de livraison : 12 mars 2026')).to.equal('2026-03-12');
    expect(deliveryDateIn('Data di consegna: 12.03.2026')).to.equal('2026-03-12');
    expect(deliveryDateIn('Delivery date   March 12, 2026')).to.equal('2026-03-12');
    expect(deliveryDateIn('Ausführungsdatum:   10.03.2026')).to.equal('2026-03-10');
    expect(deliveryDateIn('Leistung erbracht am 10.03.2026')).to.equal('2026-03-10');
  });

  it('reads the delivery note’s date as the delivery date: "Data DDT", "Lieferscheindatum", "date du BL", "delivery note date"', () => {
    expect(deliveryDateIn('Data fattura:          04/01/2026\nData DDT:              20/12/2025')).to.equal('2025-12-20');
    expect(deliveryDateIn('Lieferscheindatum: 18.02.2025')).to.equal('2025-02-18');
    expect(deliveryDateIn('Date du BL : 25/03/2026')).to.equal('2026-03-25');
    expect(deliveryDateIn('Delivery note date: 25/03/2026')).to.equal('2026-03-25');
  });

  it('takes the end of a service period', () => {
    expect(deliveryDateIn('Leistungszeitraum: 01.03.2026 - 31.03.2026')).to.equal('2026-03-31');
    expect(deliveryDateIn('Période de facturation du 01/07/2015 au 31/07/2015')).to.equal('2015-07-31');
    expect(deliveryDateIn('Periodo dal 01.03.2026 al 31.03.2026')).to.equal('2026-03-31');
    expect(deliveryDateIn('Service period: 01.05.14-31.05.14')).to.equal('2014-05-31');
    // The billing period ("Rechnungszeitraum"), as "billing period" in English.
    expect(deliveryDateIn('Rechnungszeitraum: 01.04.2014 - 30.06.2014')).to.equal('2014-06-30');
  });

  it('takes the end of a period its sentence wraps onto the lines after its label ("Zeitraum vom" ending its line)', () => {
    const letter = [
      'zu Ihrer Wohngebäudeversicherung berechnen wir Ihnen für den Zeitraum vom',
      '21.05.2014 bis',
      '21.05.2015 nachstehenden Beitrag:',
    ].join('\n');
    expect(deliveryDateIn(letter)).to.equal('2015-05-21');
    // Without its dates on the lines under it, none.
    expect(deliveryDateIn('für den Zeitraum vom\nBeginn des Vertrags an')).to.equal(null);
  });

  it('takes the end of a service period printed without a label on a priced row or alone under an item', () => {
    expect(deliveryDateIn('Free Haut Débit du 1er au 31 Juillet 2015                 29.99')).to.equal('2015-07-31');
    expect(deliveryDateIn('Wartung Server vom 1. bis 30.06.2026              120,00')).to.equal('2026-06-30');
    expect(deliveryDateIn('  1   1   Small Business Exchange       3,89   3,89\n          01.05.14-31.05.14')).to.equal('2014-05-31');
    expect(deliveryDateIn('Hosting 1–31 July 2015        9.90\nDomain 1–31 July 2015        1.00')).to.equal('2015-07-31');
  });

  it('takes no unlabelled period that is not alone or priced, runs backwards, differs between items or is an offer’s', () => {
    expect(deliveryDateIn('Wir danken für Ihren Auftrag vom 01.05.2014 - 31.05.2014 und bitten um Zahlung')).to.equal(null);
    expect(deliveryDateIn('Hosting du 15 au 3 Juillet 2015          29.99')).to.equal(null);
    expect(deliveryDateIn('Hosting du 1er au 30 Juin 2015           29.99\nDomain du 1er au 31 Juillet 2015     1.00')).to.equal(null);
    expect(deliveryDateIn('Angebot gültig vom 01.07.2015 bis 31.07.2015          29.99')).to.equal(null);
  });

  it('reads a date printed under its label', () => {
    expect(deliveryDateIn('Rechnungsdatum      Lieferdatum\n12.03.2026          10.03.2026')).to.equal('2026-03-10');
  });

  it('finds none without a delivery label, and not the invoice or order date', () => {
    expect(deliveryDateIn('Rechnungsdatum: 12.03.2026\nBestelldatum: 01.03.2026')).to.equal(null);
  });

  it('reads delivery labels in the forms forms and tables use', () => {
    expect(deliveryDateIn('Delivered on      21/08/2025')).to.equal('2025-08-21');
    expect(deliveryDateIn('Liefertermin:       2026-02-25')).to.equal('2026-02-25');
    expect(deliveryDateIn('Consegna del         03/11/2026')).to.equal('2026-11-03');
    expect(deliveryDateIn('Order No.    Delivered on   Date of issue\nB791762      4 July 2025    15 July 2025')).to.equal('2025-07-04');
  });

  it('reads the shipping, dispatch and time-of-supply labels invoices print for the delivery', () => {
    expect(deliveryDateIn('Datum der Leistungserbringung: 02.03.2026')).to.equal('2026-03-02');
    expect(deliveryDateIn('Versanddatum:   27.02.2026')).to.equal('2026-02-27');
    expect(deliveryDateIn('Tax point:   27/02/2026')).to.equal('2026-02-27');
    expect(deliveryDateIn('Dispatch date   27 February 2026')).to.equal('2026-02-27');
    expect(deliveryDateIn("Date d'expédition : 27/02/2026")).to.equal('2026-02-27');
    expect(deliveryDateIn('Livrée le 27/02/2026')).to.equal('2026-02-27');
  });

  it("reads a stay's departure as the date its service was complete", () => {
    expect(deliveryDateIn('Zimmer 214 · Anreise 09.03.2026 · Abreise 12.03.2026')).to.equal('2026-03-12');
    expect(deliveryDateIn('Arrival: 09 March 2026   Departure: 12 March 2026')).to.equal('2026-03-12');
  });

  it('given a date labelled both the invoice’s and the time of supply ("Date/Tax point"), then a delivery date labelled on its own comes first', () => {
    expect(deliveryDateIn('Date/Tax point:    12-MAR-26\nDelivery:          10-MAR-26')).to.equal('2026-03-10');
    expect(deliveryDateIn('Date/Tax point:    12-MAR-26')).to.equal('2026-03-12');
    // A bare "Delivery:" labels a date only where one follows it.
    expect(deliveryDateIn('Delivery:  Flat 2, 17 Kings Road')).to.equal(null);
  });
});
