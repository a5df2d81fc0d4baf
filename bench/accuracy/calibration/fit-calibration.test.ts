import { expect } from 'chai';
import { emptyAccountingData, emptyAddress, emptyLineItem, type ExtractedData } from '../../../contracts/events/extracted-data.js';
import { calibratedConfidence, CalibrationModel, type FieldFeatures } from '../../../services/extractor/index.js';
import { fitCalibration } from './fit-calibration.js';
import { observationsOf, type Observation } from './observations.js';
import { reliabilityOf } from './reliability.js';

const item = emptyLineItem();

const FITTED = { at: '2026-11-25T00:00:00.000Z', command: 'test', tuningSources: ['generated-test'], observations: 0 };

const observed = (field: string, features: Partial<FieldFeatures>, right: boolean, times: number): Observation[] =>
  Array.from({ length: times }, (_, index) => ({
    source: 'generated-test',
    sample: `doc-${index}`,
    field,
    features: {
      source: 'ocr',
      readerScore: 0.8,
      wordConfidence: 0.8,
      weakestWordConfidence: 0.8,
      expectedMisreads: 0.2,
      lineWeakestConfidence: 0.8,
      validation: 0,
      agreement: 0,
      ...features,
    },
    right,
  }));

describe('bench: fitting the confidence calibration', () => {
  // Totals the tax arithmetic confirms are right 99 times in 100; unconfirmed ones 7 in 10; amounts read
  // from badly legible words are wrong half of the time. Enough of them (1,200) to outweigh the pull
  // towards the readers' own scores.
  const observations = [
    ...observed('accounting_document.amount_total', { validation: 1 }, true, 495),
    ...observed('accounting_document.amount_total', { validation: 1 }, false, 5),
    ...observed('accounting_document.amount_total', {}, true, 350),
    ...observed('accounting_document.amount_total', {}, false, 150),
    ...observed('accounting_document.amount_total', { wordConfidence: 0.4, readerScore: 0.5 }, true, 100),
    ...observed('accounting_document.amount_total', { wordConfidence: 0.4, readerScore: 0.5 }, false, 100),
  ];
  const model = fitCalibration(observations, FITTED);
  const confidence = (features: Partial<FieldFeatures>) =>
    calibratedConfidence('accounting_document.amount_total', { ...observations[0]!.features, validation: 0, ...features }, model);

  it('gives a model the shipped schema accepts', () => {
    expect(() => CalibrationModel.parse(model)).not.to.throw();
    expect(model.groups.amount).to.include({ observations: 1200, right: 945 });
  });

  it('matches how often values of each kind were right', () => {
    expect(confidence({ validation: 1 })).to.be.closeTo(0.98, 0.03);
    expect(confidence({})).to.be.closeTo(0.7, 0.08);
    expect(confidence({ wordConfidence: 0.4, readerScore: 0.5 })).to.be.closeTo(0.5, 0.1);
  });

  it('keeps a weight to its sign even where the tuning data pulls the other way', () => {
    const perverse = fitCalibration(
      [
        ...observed('accounting_document.currency', { validation: 1 }, false, 50),
        ...observed('accounting_document.currency', {}, true, 50),
      ],
      FITTED,
    );

    expect(perverse.groups.currency.coefficients.validated).to.be.at.least(0);
  });

  it('weighs every tuning source the same, however many values it gives', () => {
    // One corpus of 1,800 OCR'd names, all right; one of 200 real ones, a fifth of them wrong.
    const fromSource = (source: string, rows: Observation[]) => rows.map((row) => ({ ...row, source }));
    const balanced = fitCalibration(
      [
        ...fromSource('generated-test', observed('sender_address.company_name', {}, true, 1800)),
        ...fromSource('real-test', observed('sender_address.company_name', {}, true, 160)),
        ...fromSource('real-test', observed('sender_address.company_name', {}, false, 40)),
      ],
      FITTED,
    );
    const name = calibratedConfidence('sender_address.company_name', observations[0]!.features, balanced);

    // Counted by values 98 % of the names are right; each source weighing half, 90 %.
    expect(name).to.be.closeTo(0.9, 0.03);
  });

  it('tells the share right per confidence bucket', () => {
    const reliability = reliabilityOf('generated-test', observations, model);

    expect(reliability.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).to.equal(observations.length);
    expect(reliability.high.count).to.be.at.least(100);
    expect(reliability.high.right / reliability.high.count).to.be.at.least(0.97);
  });
});

describe('bench: calibration observations', () => {
  const features: FieldFeatures = {
    source: 'text_layer',
    readerScore: 0.9,
    wordConfidence: 1,
    weakestWordConfidence: 1,
    expectedMisreads: 0,
    lineWeakestConfidence: 1,
    validation: 0,
    agreement: 0,
  };
  const evidence = { confidence: 0.9, source: { kind: 'text' as const, page: 1, box: null } };
  const data: ExtractedData = {
    documentType: 'invoice',
    accountingDocument: {
      ...emptyAccountingData(),
      amount_total: '1081.00',
      items: [
        { ...item, title: 'Beratung', amount_total: '1000.00' },
        { ...item, title: 'Spesen', amount_total: '81.00' },
      ],
    },
    senderAddress: { ...emptyAddress(), street: 'Bahnhofstrasse', house_number: '1' },
    receiverAddress: null,
    errorCodes: [],
    evidence: Object.fromEntries(
      [
        'accounting_document.amount_total',
        'accounting_document.items.0.title',
        'accounting_document.items.1.title',
        'sender_address.street',
        'sender_address.house_number',
      ].map((path) => [path, evidence]),
    ),
  };
  const byPath = Object.fromEntries(Object.keys(data.evidence).map((path) => [path, features]));

  it('labels each value’s evidence path with its judgement, items found back by the value judged', () => {
    const observations = observationsOf('generated-test', 'doc', data, byPath, [
      { field: 'accounting_document.amount_total', outcome: 'right', expected: '1081', actual: '1081' },
      // The truth lists the items the other way round: its item 0 is the extracted item 1.
      { field: 'accounting_document.items.0.title', outcome: 'wrong', expected: 'Spesen pauschal', actual: 'Spesen' },
      { field: 'accounting_document.items.1.title', outcome: 'right', expected: 'Beratung', actual: 'Beratung' },
      { field: 'sender_address.street_and_number', outcome: 'wrong', expected: 'Bahnhofstrasse 7', actual: 'Bahnhofstrasse 1' },
    ]);

    expect(Object.fromEntries(observations.map((observation) => [observation.field, observation.right]))).to.deep.equal({
      'accounting_document.amount_total': true,
      'accounting_document.items.1.title': false,
      'accounting_document.items.0.title': true,
      'sender_address.street': false,
      'sender_address.house_number': false,
    });
  });
});
