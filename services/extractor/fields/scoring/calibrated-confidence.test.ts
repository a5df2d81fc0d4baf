import { expect } from 'chai';
import shipped from './calibration.json' with { type: 'json' };
import { calibratedConfidence, SHIPPED_CALIBRATION } from './calibrated-confidence.js';
import { CalibrationModel } from './calibration-model.js';
import type { FieldFeatures } from './field-features.js';
import { FIELD_GROUPS } from './field-paths.js';

const read = (features: Partial<FieldFeatures> = {}): FieldFeatures => ({
  source: 'ocr',
  readerScore: 0.8,
  wordConfidence: 0.85,
  weakestWordConfidence: 0.8,
  expectedMisreads: 0.3,
  lineWeakestConfidence: 0.8,
  validation: 0,
  agreement: 0,
  ...features,
});

const FIELDS = [
  'document_type',
  'accounting_document.invoice_date',
  'accounting_document.number',
  'accounting_document.amount_total',
  'accounting_document.currency',
  'accounting_document.bank_accounts.0',
  'accounting_document.items.0.amount_total',
  'accounting_document.items.0.title',
  'sender_address.company_name',
  'receiver_address.street',
  'sender_address.vat_id',
  'accounting_document.payment_method',
];

/** A value from the text layer with every feature at its best. */
const flawlessTextReading = read({
  source: 'text_layer',
  readerScore: 1,
  wordConfidence: 1,
  weakestWordConfidence: 1,
  expectedMisreads: 0,
  lineWeakestConfidence: 1,
  validation: 1,
});

describe('extractor: calibrated confidence', () => {
  it('ships a calibration that validates, with a model for every field group', () => {
    const model = CalibrationModel.parse(shipped);

    expect(Object.keys(model.groups)).to.have.members([...FIELD_GROUPS]);
    expect(SHIPPED_CALIBRATION).to.deep.equal(model);
  });

  it('rejects a calibration in which what should raise a confidence lowers it', () => {
    const wrongWay = structuredClone(shipped);
    wrongWay.groups.amount.coefficients.validated = -1;

    expect(() => CalibrationModel.parse(wrongWay)).to.throw(/validated/);
  });

  it('gives every read value a probability short of certainty', () => {
    for (const field of FIELDS)
      for (const features of [read(), flawlessTextReading, read({ readerScore: 0 })]) {
        const confidence = calibratedConfidence(field, features);
        expect(confidence, field).to.be.within(0.01, 0.99);
      }
  });

  it('rises with the reader’s score, the words’ OCR confidence, its line’s legibility, a validator’s confirmation and agreeing sources, and falls with the words’ summed doubt', () => {
    for (const field of FIELDS) {
      const at = (features: Partial<FieldFeatures>) => calibratedConfidence(field, read(features));
      expect(at({ readerScore: 0.9 }), field).to.be.at.least(at({ readerScore: 0.5 }));
      expect(at({ wordConfidence: 0.95 }), field).to.be.at.least(at({ wordConfidence: 0.6 }));
      expect(at({ weakestWordConfidence: 0.95 }), field).to.be.at.least(at({ weakestWordConfidence: 0.6 }));
      expect(at({ lineWeakestConfidence: 0.95 }), field).to.be.at.least(at({ lineWeakestConfidence: 0.4 }));
      expect(at({ expectedMisreads: 0.1 }), field).to.be.at.least(at({ expectedMisreads: 1.2 }));
      expect(at({ validation: 1 }), field).to.be.at.least(at({ validation: 0 }));
      expect(at({ validation: 0 }), field).to.be.at.least(at({ validation: -1 }));
      expect(at({ source: 'xml', agreement: 0 }), field).to.be.at.least(at({ source: 'xml', agreement: -1 }));
    }
  });

  it('keeps XML and QR values at 1 only where a validator or the printed text confirms them', () => {
    for (const source of ['xml', 'qr'] as const) {
      const machine = (features: Partial<FieldFeatures>) =>
        calibratedConfidence('accounting_document.bank_accounts.0', read({ source, readerScore: 1, wordConfidence: 1, ...features }));
      expect(machine({ validation: 1 })).to.equal(1);
      expect(machine({ agreement: 1 })).to.equal(1);
      expect(machine({})).to.be.below(1);
      expect(machine({ validation: -1, agreement: 1 })).to.be.below(1);
    }
  });

  it('never gives a value read from the text 1, however well it checks out', () => {
    expect(calibratedConfidence('accounting_document.amount_total', flawlessTextReading)).to.be.below(1);
  });
});
