import { expect } from 'chai';
import { findDeliveryDate } from './delivery-date.js';
import { toDocumentText } from './document-text.js';

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
  });

  it('takes the end of a service period', () => {
    expect(deliveryDateIn('Leistungszeitraum: 01.03.2026 - 31.03.2026')).to.equal('2026-03-31');
    expect(deliveryDateIn('Période de facturation du 01/07/2015 au 31/07/2015')).to.equal('2015-07-31');
    expect(deliveryDateIn('Periodo dal 01.03.2026 al 31.03.2026')).to.equal('2026-03-31');
    expect(deliveryDateIn('Service period: 01.05.14-31.05.14')).to.equal('2014-05-31');
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
});
