import { expect } from 'chai';
import { detectLanguage, slashDateOrder } from './document-locale.js';

describe('extractor: the document’s language and date order', () => {
  it('tells the language by its function words', () => {
    expect(detectLanguage('Wir danken für Ihren Auftrag und bitten um Zahlung der Rechnung bis zum Monatsende')).to.equal('de');
    expect(detectLanguage('Nous vous remercions pour votre commande et la confiance accordée à notre équipe')).to.equal('fr');
    expect(detectLanguage('Vi ringraziamo per il vostro ordine e per la fiducia della nostra ditta con voi')).to.equal('it');
    expect(detectLanguage('Thank you for your order and the trust you placed in our team this year')).to.equal('en');
    expect(detectLanguage('Le agradecemos su pedido y la confianza depositada en nuestro equipo según lo acordado')).to.equal('es');
  });

  it('tells the language of a short receipt by its invoice words, and none from words all languages share', () => {
    expect(detectLanguage('Data fattura: 12/03/2026')).to.equal('it');
    expect(detectLanguage('Total 12.50')).to.equal(null);
  });

  it('follows the order the document’s unambiguous slash dates show', () => {
    expect(slashDateOrder('Invoice Date 11/03/2017 … paid 11/17/2017', 'en')).to.equal('month-first');
    expect(slashDateOrder('Datum 03/04/2017, Lieferung 25/04/2017', null)).to.equal('day-first');
  });

  it('reads slash dates month first only in American English documents otherwise', () => {
    expect(slashDateOrder('4557 De Silva St, Fremont, CA 94538', 'en')).to.equal('month-first');
    expect(slashDateOrder('10 Downing Street, London', 'en')).to.equal('day-first');
    expect(slashDateOrder('Fremont, CA 94538', 'fr')).to.equal('day-first');
    expect(slashDateOrder('anything', null)).to.equal('unknown');
  });
});
