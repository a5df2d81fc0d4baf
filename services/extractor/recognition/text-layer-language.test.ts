import { expect } from 'chai';
import { ocrLanguagesOfText } from './text-layer-language.js';

describe('extractor: the OCR language of pictures on a text-layer page', () => {
  it('given a French text layer, then pictures are read in French', () => {
    expect(ocrLanguagesOfText('Facture n° 12 — montant TTC à payer pour le mois de mars, avec la TVA')).to.deep.equal(['fra']);
  });

  it('given an English text layer, then pictures are read in English', () => {
    expect(ocrLanguagesOfText('Invoice Summary: the total amount due for this invoice, please pay by')).to.deep.equal(['eng']);
  });

  it('given a Spanish text layer, a language without OCR data of its own, then no language is chosen (OCR reads in all of its own)', () => {
    expect(ocrLanguagesOfText('Factura: el importe total de la cantidad para su pago según vencimiento')).to.deep.equal([]);
  });

  it('given a text layer whose language cannot be told, then no language is chosen (OCR reads in all of its own)', () => {
    expect(ocrLanguagesOfText('4711 CHF 119.00 12.03.2026')).to.deep.equal([]);
  });
});
