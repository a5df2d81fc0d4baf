import { expect } from 'chai';
import { findCurrency } from './currency.js';
import { toDocumentText, type DocumentText } from '../layout/document-text.js';

const documentText = (text: string): DocumentText => toDocumentText([{ pageNumber: 1, text }]);
const lineOf = (document: DocumentText, start: string) => document.lines.find((line) => line.text.startsWith(start))!;

describe('extractor: the currency', () => {
  it('takes the currency written on the total’s line over others the document mentions', () => {
    const document = documentText('Spesen EUR 12.00 / EUR 8.00 / EUR 3.00\nTotal   CHF 1’081.00');

    expect(findCurrency(document, lineOf(document, 'Total'))).to.deep.include({ value: 'CHF', confidence: 0.95 });
  });

  it('reads symbols: € is EUR, £ is GBP, and a bare $ is USD with less certainty', () => {
    const euro = documentText('Total TTC   56,02 €');
    const pound = documentText('Total   £ 99.00');
    const dollar = documentText('Total   $ 4.11');

    expect(findCurrency(euro, lineOf(euro, 'Total'))?.value).to.equal('EUR');
    expect(findCurrency(pound, lineOf(pound, 'Total'))?.value).to.equal('GBP');
    expect(findCurrency(dollar, lineOf(dollar, 'Total'))).to.deep.include({ value: 'USD', confidence: 0.7 });
  });

  it('takes a declared currency when the total’s line has none', () => {
    const document = documentText('Währung:   EUR\nPreise in CHF umgerechnet\nTotal   100.00');

    expect(findCurrency(document, lineOf(document, 'Total'))).to.deep.include({ value: 'EUR', confidence: 0.9 });
  });

  it('falls back to the currency the document clearly writes most', () => {
    expect(findCurrency(documentText('Betrag CHF 10.00\nPorto CHF 2.00\nFr. 5.00\nWechselkurs EUR'), null)?.value).to.equal('CHF');
  });

  it('gives no answer when two currencies are written about equally often', () => {
    expect(findCurrency(documentText('Preis EUR 10.00\nPreis CHF 10.50'), null)).to.equal(null);
  });

  it('does not take "Fr." for francs unless an amount follows, nor weekday ranges', () => {
    expect(findCurrency(documentText('Fr. Müller\nÖffnungszeiten Mo.-Fr. 08.30 - 12.30'), null)).to.equal(null);
  });

  it('reads "Rs" in front of an amount as rupees, not the letters of a word', () => {
    const rupees = documentText('Grand Total   Rs 1939');

    expect(findCurrency(rupees, lineOf(rupees, 'Grand'))?.value).to.equal('INR');
    expect(findCurrency(documentText('Mrs Rsova\nRS-232 cable'), null)).to.equal(null);
  });

  it('reads "Rs" in front of a negative amount as rupees too, and glued to the word before it by OCR', () => {
    expect(findCurrency(documentText('Price is inclusive of Promotional Discount of Rs -40.00'), null)?.value).to.equal('INR');
    expect(findCurrency(documentText('Priceis inclusive of PromotionalDiscountofRs -40.00,'), null)?.value).to.equal('INR');
  });

  it('reads "RM" in front of an amount as ringgit, and not as letters elsewhere', () => {
    const ringgit = documentText('TOTAL (RM) :   RM 112.45');

    expect(findCurrency(ringgit, lineOf(ringgit, 'TOTAL'))?.value).to.equal('MYR');
    expect(findCurrency(documentText('RM0.80 GST'), null)?.value).to.equal('MYR');
    expect(findCurrency(documentText('FIRM 12 Stück\nRM-Nr. 4'), null)).to.equal(null);
  });

  it('given a certain currency and a bare $ once each, takes the certain one: the $ may be a misread S', () => {
    const document = documentText('Bangalore, Karnataka, India - $60067\nDiscount of Rs -40.00\nGrand Total   ¥ 319.00');

    expect(findCurrency(document, lineOf(document, 'Grand'))?.value).to.equal('INR');
  });

  it('finds nothing in a text without currency', () => {
    expect(findCurrency(documentText('Lieferschein 4711\nMenge 3'), null)).to.equal(null);
  });
});
