import { expect } from 'chai';
import { emptyAccountingData, type ExtractedData, type FieldEvidence } from '../../../../contracts/events/extracted-data.js';
import { fieldFeatures, type FeatureContext } from './field-features.js';

const data = (document: Partial<ExtractedData['accountingDocument']>, evidence: Record<string, FieldEvidence>): ExtractedData => ({
  documentType: 'invoice',
  accountingDocument: { ...emptyAccountingData(), ...document },
  senderAddress: null,
  receiverAddress: null,
  errorCodes: [],
  evidence,
});

const scanned = (printed: ExtractedData): FeatureContext => ({
  pages: [{ pageNumber: 1, text: 'Total 99.00', confidence: 0.7 }],
  words: new Map([
    [
      1,
      [
        { text: 'Total', box: [0.1, 0.5, 0.2, 0.52], confidence: 0.9 },
        { text: '99.00', box: [0.3, 0.5, 0.4, 0.52], confidence: 0.6 },
      ],
    ],
  ]),
  printed,
});

describe('extractor: field features', () => {
  it('given a value OCR read, then its source is OCR and its word confidence that of the words in its box', () => {
    const read = data(
      { amount_total: '99.00' },
      { 'accounting_document.amount_total': { confidence: 0.8, source: { kind: 'text', page: 1, box: [0.29, 0.49, 0.41, 0.53] } } },
    );

    expect(fieldFeatures(read, scanned(read))['accounting_document.amount_total']).to.deep.equal({
      source: 'ocr',
      readerScore: 0.8,
      wordConfidence: 0.6,
      weakestWordConfidence: 0.6,
      expectedMisreads: 0.4,
      lineWeakestConfidence: 0.6,
      validation: 0,
      agreement: 0,
    });
  });

  it('given a value read from several words, then its weakest word and the doubt summed over its words are known', () => {
    const read = data(
      { amount_total: '108.00' },
      { 'accounting_document.amount_total': { confidence: 0.9, source: { kind: 'text', page: 1, box: [0.1, 0.6, 0.5, 0.63] } } },
    );
    const context: FeatureContext = {
      pages: [{ pageNumber: 1, text: 'Total CHF 1O8.00\nZahlbar CHF 108.00\nBetrag 108.00', confidence: 0.8 }],
      words: new Map([
        [
          1,
          [
            { text: 'CHF', box: [0.15, 0.6, 0.2, 0.62], confidence: 0.95 },
            { text: '108.00', box: [0.3, 0.6, 0.4, 0.62], confidence: 0.55 },
          ],
        ],
      ]),
      printed: read,
    };
    expect(fieldFeatures(read, context)['accounting_document.amount_total']).to.include({
      wordConfidence: 0.75,
      weakestWordConfidence: 0.55,
      expectedMisreads: 0.5,
    });
  });

  it('given a value whose line holds a word read worse than its own (a smudged label), then the line’s weakest word is known', () => {
    const read = data(
      { amount_total: '28.70' },
      { 'accounting_document.amount_total': { confidence: 0.8, source: { kind: 'text', page: 1, box: [0.6, 0.5, 0.7, 0.52] } } },
    );
    const context: FeatureContext = {
      pages: [{ pageNumber: 1, text: 'SRMUBIOTA 28.70\nCHANGE 71.30', confidence: 0.8 }],
      words: new Map([
        [
          1,
          [
            { text: 'SRMUBIOTA', box: [0.1, 0.5, 0.3, 0.52], confidence: 0.41 },
            { text: '28.70', box: [0.6, 0.5, 0.7, 0.52], confidence: 0.93 },
            { text: 'CHANGE', box: [0.1, 0.55, 0.3, 0.57], confidence: 0.2 },
          ],
        ],
      ]),
      printed: read,
    };
    expect(fieldFeatures(read, context)['accounting_document.amount_total']).to.include({
      weakestWordConfidence: 0.93,
      lineWeakestConfidence: 0.41,
    });
  });

  it('given an e-invoice value, then it agrees with the printed text when the text read the same', () => {
    const xml: FieldEvidence = { confidence: 1, source: { kind: 'xml', path: '/Invoice/ID' } };
    const read = data(
      { number: 'RE-17', amount_total: '99.00' },
      { 'accounting_document.number': xml, 'accounting_document.amount_total': xml },
    );
    const printed = data({ number: 'RE-71', amount_total: '99.00' }, {});
    const features = fieldFeatures(read, scanned(printed));

    expect(features['accounting_document.amount_total']).to.include({ source: 'xml', agreement: 1 });
    expect(features['accounting_document.number']).to.include({ source: 'xml', agreement: -1 });
  });

  it('given a document type the client forced, then it is no reading and has no features', () => {
    const read = data({}, { document_type: { confidence: 1, source: { kind: 'derived', from: ['request.document_type'] } } });

    expect(fieldFeatures(read, scanned(read))).to.deep.equal({});
  });
});
