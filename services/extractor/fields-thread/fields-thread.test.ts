import { expect } from 'chai';
import { extractFields } from '../fields/extract-fields.js';
import type { ExtractionInput } from '../fields/extraction-input.js';
import { createFieldsThread } from './fields-thread.js';

const INVOICE = [
  'Muster AG',
  'Bahnhofstrasse 1',
  '8001 Zürich',
  '',
  'Rechnung Nr. 2026-0042',
  'Datum: 12.03.2026',
  '',
  'Beratung    2 x 100.00    200.00',
  'Total CHF    200.00',
].join('\n');

describe('extractor: the fields read in the extraction’s thread', function () {
  this.timeout(30_000);
  const thread = createFieldsThread();
  after(() => thread.stop());

  it('given a document’s text, when its fields are read in the thread, then they are the ones read on the main thread', async () => {
    const input: ExtractionInput = {
      pages: [{ pageNumber: 1, text: INVOICE, confidence: null }],
      words: new Map(),
      requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
    };

    const inThread = await thread.readFields(input);

    expect(inThread).to.deep.equal(extractFields(input));
    expect(inThread.accountingDocument).to.include({ invoice_number: '2026-0042', invoice_date: '2026-03-12' });
  });

  it('given the thread started, when it is warmed up, then a page is read without error', async () => {
    await thread.warmUp();
  });
});
