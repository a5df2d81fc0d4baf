import { expect } from 'chai';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { emptyAccountingData } from '../../contracts/events/extracted-data.js';
import { deciderSpecification } from '../../test/support/decider-specification.js';
import { givenDocument, inStream, storedFile, submitted } from '../../test/support/given-document.js';
import { isAppError } from '../errors/app-error.js';
import { documentDecider, evolve, type StepEvent, type SubmitDocument } from './document-decider.js';
import { errorCodes, isFinished, sourcesResolved, storedFiles } from './document-queries.js';

const spec = deciderSpecification(documentDecider, inStream);
const AT = '2026-03-12T10:05:00.000Z';

const submit = (overrides: Partial<SubmitDocument['data']> = {}): SubmitDocument => ({
  type: 'SubmitDocument',
  data: {
    documentId: 'doc-1',
    tenantId: 'tenant-a',
    submittedAt: '2026-03-12T10:00:00.000Z',
    urls: [],
    uploads: [],
    customFields: {},
    documentType: null,
    extractLineItems: null,
    extractionProcess: null,
    ...overrides,
  },
});
const upload = (hash: string, fileName: string) => ({ blob: { hash: hash.repeat(64), size: 10 }, fileName, mimeType: 'application/pdf' });
const xmlFile = storedFile(0, 'application/xml', 'invoice.xml');
const noPages: StepEvent = { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [] } };
const recognizedNothing: StepEvent = { type: 'TextRecognized', data: { pages: [] } };
const downloadFailed: StepEvent = {
  type: 'DownloadFailed',
  data: { sourceIndex: 0, url: 'https://files.example.com/invoice.pdf', reason: 'http_status', detail: 'HTTP 404', httpStatus: 404 },
};
const failed: DocumentEvent = { type: 'ProcessingFailed', data: { code: 'processing_failed', stage: 'extractor', detail: 'gave up' } };

describe('document decider: submitting', () => {
  it('when URLs and inline files are submitted, then URLs come first and inline files are stored at once', () => {
    spec
      .given()
      .when(submit({ urls: ['https://a.example/1.pdf', 'https://a.example/2.pdf'], uploads: [upload('a', 'upload-1.pdf')] }))
      .then([
        {
          type: 'DocumentSubmitted',
          data: {
            documentId: 'doc-1',
            tenantId: 'tenant-a',
            submittedAt: '2026-03-12T10:00:00.000Z',
            sources: [
              { index: 0, kind: 'url', url: 'https://a.example/1.pdf' },
              { index: 1, kind: 'url', url: 'https://a.example/2.pdf' },
              { index: 2, kind: 'upload' },
            ],
            customFields: {},
            documentType: null,
            extractLineItems: null,
            extractionProcess: null,
          },
        },
        { type: 'SourceFileStored', data: { sourceIndex: 2, file: upload('a', 'upload-1.pdf'), origin: { kind: 'upload' } } },
      ]);
  });

  it('keeps what the client asked for, and null for what it did not say', () => {
    const [event] = documentDecider.decide(
      submit({ urls: ['https://a.example/1.pdf'], documentType: 'receipt', extractLineItems: true, customFields: { ref: 'A-1' } }),
      null,
    );
    expect(event!.type === 'DocumentSubmitted' && event!.data).to.include({
      documentType: 'receipt',
      extractLineItems: true,
      extractionProcess: null,
    });
  });

  it('given a submitted document, when it is submitted again, then that is refused as a conflict', () => {
    spec
      .given(submitted())
      .when(submit())
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'document_exists');
  });
});

describe('document decider: recording what a step found', () => {
  it('given a stored XML file, when conversion is recorded, then DocumentConverted is recorded and nothing more', () => {
    spec
      .given(submitted(), xmlFile)
      .when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } })
      .then([noPages]);
  });

  it('given a message delivered twice, when the step records what it recorded already, then nothing is recorded', () => {
    spec
      .given(submitted(), xmlFile, noPages)
      .when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } })
      .thenNothing();
  });

  it('given every step but one, when the last one is recorded, then ProcessingCompleted comes with it, at that time', () => {
    spec
      .given(submitted(), xmlFile, noPages, recognizedNothing)
      .when({ type: 'RecordStepResults', data: { events: [extractedNothing()], at: AT } })
      .then([extractedNothing(), { type: 'ProcessingCompleted', data: { completedAt: AT } }]);
  });

  it('given every download failed, when the failure is recorded, then the document is complete with nothing to convert', () => {
    spec
      .given(submitted())
      .when({ type: 'RecordStepResults', data: { events: [downloadFailed], at: AT } })
      .then([downloadFailed, { type: 'ProcessingCompleted', data: { completedAt: AT } }]);
  });

  it('given a failed document, when a step still reports, then nothing is recorded: a finished document stays as it is', () => {
    spec
      .given(submitted(), xmlFile, failed)
      .when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } })
      .thenNothing();
  });

  it('given a document never submitted, when a step reports, then nothing is recorded', () => {
    spec
      .given()
      .when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } })
      .thenNothing();
  });
});

describe('document decider: failing', () => {
  it('given a document in progress, when processing fails for good, then ProcessingFailed is recorded', () => {
    spec
      .given(submitted(), xmlFile)
      .when({ type: 'FailProcessing', data: failed.data as never })
      .then([failed]);
  });

  it('given a completed document, when a late failure arrives, then nothing is recorded', () => {
    spec
      .given(submitted(), downloadFailed, { type: 'ProcessingCompleted', data: { completedAt: AT } })
      .when({ type: 'FailProcessing', data: failed.data as never })
      .thenNothing();
  });
});

describe('document decider: erasing', () => {
  const erasure = {
    erasedAt: AT,
    requestedBy: { tenantId: 'tenant-a', tokenId: 'tok_1' },
    reason: 'data-protection request',
    blobs: ['a'.repeat(64)],
    payloadsShredded: true,
  };

  it('given a document in any state, when it is erased, then DocumentErased records who asked, when and why', () => {
    spec
      .given(submitted(), xmlFile)
      .when({ type: 'EraseDocument', data: erasure })
      .then([{ type: 'DocumentErased', data: erasure }]);
    spec
      .given(submitted(), downloadFailed, { type: 'ProcessingCompleted', data: { completedAt: AT } })
      .when({ type: 'EraseDocument', data: erasure })
      .then([{ type: 'DocumentErased', data: erasure }]);
  });

  it('given an erased document, then it folds to nothing, and erasing it again records nothing', () => {
    const erased: DocumentEvent = { type: 'DocumentErased', data: erasure };

    spec.given(submitted(), xmlFile, erased).when({ type: 'EraseDocument', data: erasure }).thenNothing();
    spec
      .given(submitted(), xmlFile, erased)
      .when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } })
      .thenNothing();
  });
});

describe('document decider: correcting fields', () => {
  const completed: DocumentEvent = { type: 'ProcessingCompleted', data: { completedAt: AT } };
  const extracted = (): StepEvent => {
    const reading = extractedNothing();
    if (reading.type !== 'DataExtracted') throw new Error('a reading');
    reading.data.accountingDocument.invoice_number = 'RE-2O26-0042';
    reading.data.accountingDocument.amount_total = '1190.00';
    reading.data.evidence = { 'accounting_document.invoice_number': { confidence: 0.7, source: { kind: 'text', page: 1, box: null } } };
    return reading;
  };
  const processed = [submitted(), xmlFile, noPages, recognizedNothing, extracted(), completed];
  const correctFields = (changes: Array<{ path: string; value: unknown }>, expectedRevision = processed.length - 1) => ({
    type: 'CorrectFields' as const,
    data: { expectedRevision, changes: changes as never, reason: 'misread', reviewer: 'Erika', correctedAt: AT },
  });
  const item = {
    title: 'Beratung',
    amount_total: '100.00',
    tax_rate: '19',
    article_number: null,
    unit: null,
    quantity: '1',
    discount_rate: null,
    amount_unit: '100.00',
    order_number: null,
    delivery_note_number: null,
    delivery_date: null,
    nominal_account: null,
  };

  it('given a processed document, when a reviewer corrects several fields, then FieldsCorrected records each path with its old and new value', () => {
    spec
      .given(...processed)
      .when(
        correctFields([
          { path: 'accounting_document.invoice_number', value: 'RE-2026-0042' },
          { path: 'accounting_document.items', value: [item] },
          { path: 'accounting_document.amount_details.gross_amount_total', value: '119.00' },
          { path: 'sender_address.vat_id', value: 'DE123456789' },
        ]),
      )
      .then([
        {
          type: 'FieldsCorrected',
          data: {
            correctedAt: AT,
            reviewer: 'Erika',
            reason: 'misread',
            corrections: [
              { path: 'accounting_document.invoice_number', oldValue: 'RE-2O26-0042', newValue: 'RE-2026-0042' },
              { path: 'accounting_document.items', oldValue: [], newValue: [item] },
              { path: 'accounting_document.amount_details.gross_amount_total', oldValue: null, newValue: '119.00' },
              { path: 'sender_address.vat_id', oldValue: null, newValue: 'DE123456789' },
            ],
          },
        },
      ]);
  });

  it('given a corrected field, when it is corrected again, then the old value is the corrected one; a value already shown is not recorded', () => {
    const first: DocumentEvent = {
      type: 'FieldsCorrected',
      data: {
        correctedAt: AT,
        reviewer: null,
        reason: 'typo',
        corrections: [{ path: 'accounting_document.amount_total', oldValue: '1190.00', newValue: '1309.00' }],
      },
    };
    spec
      .given(...processed, first)
      .when(
        correctFields(
          [
            { path: 'accounting_document.amount_total', value: '1310.00' },
            { path: 'accounting_document.invoice_number', value: 'RE-2O26-0042' },
          ],
          processed.length,
        ),
      )
      .then([
        {
          type: 'FieldsCorrected',
          data: {
            correctedAt: AT,
            reviewer: 'Erika',
            reason: 'misread',
            corrections: [{ path: 'accounting_document.amount_total', oldValue: '1309.00', newValue: '1310.00' }],
          },
        },
      ]);
    spec
      .given(...processed, first)
      .when(correctFields([{ path: 'accounting_document.amount_total', value: '1309.00' }], processed.length))
      .thenNothing();
  });

  it('given a request that saw an older revision, then it is refused as a failed precondition', () => {
    spec
      .given(...processed)
      .when(correctFields([{ path: 'accounting_document.number', value: 'A' }], 3))
      .thenThrows((error) => isAppError(error) && error.status === 412 && error.code === 'stale_revision');
  });

  it('given a document still processing, or finished without data, then a correction is refused as a conflict', () => {
    spec
      .given(submitted(), xmlFile)
      .when(correctFields([{ path: 'accounting_document.number', value: 'A' }], 1))
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'document_processing');
    spec
      .given(submitted(), downloadFailed, completed)
      .when(correctFields([{ path: 'accounting_document.number', value: 'A' }], 2))
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'no_extracted_data');
  });

  it('given corrections, then the state keeps the newest value of each path, and a whole record set to null supersedes its fields', () => {
    const state = givenDocument(
      ...processed,
      {
        type: 'FieldsCorrected',
        data: {
          correctedAt: AT,
          reviewer: null,
          reason: 'a',
          corrections: [
            { path: 'sender_address.vat_id', oldValue: null, newValue: 'DE1' },
            { path: 'accounting_document.number', oldValue: null, newValue: '7' },
          ],
        },
      },
      {
        type: 'FieldsCorrected',
        data: { correctedAt: AT, reviewer: 'B', reason: 'b', corrections: [{ path: 'sender_address', oldValue: null, newValue: null }] },
      },
    );

    expect(state.corrections.map(({ path, value, revision }) => ({ path, value, revision }))).to.deep.equal([
      { path: 'accounting_document.number', value: '7', revision: 6 },
      { path: 'sender_address', value: null, revision: 7 },
    ]);
  });
});

describe('document decider: reprocessing', () => {
  const completed: DocumentEvent = { type: 'ProcessingCompleted', data: { completedAt: AT } };
  const processed = [submitted(), xmlFile, noPages, recognizedNothing, extractedNothing(), completed];
  const request = (scope: 'extraction' | 'conversion') => ({ requestedAt: AT, scope, reason: 'extractor update' });

  it('given a finished document, when reprocessing is requested, then ReprocessingRequested is recorded', () => {
    spec
      .given(...processed)
      .when({ type: 'RequestReprocessing', data: request('extraction') })
      .then([{ type: 'ReprocessingRequested', data: request('extraction') }]);
  });

  it('given a reprocessing of the extraction, then only extraction is due again, and its new reading completes the document again', () => {
    const reprocessing: DocumentEvent = { type: 'ReprocessingRequested', data: request('extraction') };
    const state = givenDocument(...processed, reprocessing);

    expect(state).to.include({ extraction: null, completion: null });
    expect(state.recognition).to.not.equal(null);
    expect(state.previousRound?.extraction).to.deep.equal((extractedNothing() as { data: unknown }).data);
    expect(state.reprocessing).to.deep.include({ round: 1, scope: 'extraction' });
    spec
      .given(...processed, reprocessing)
      .when({ type: 'RecordStepResults', data: { events: [extractedNothing()], at: AT } })
      .then([extractedNothing(), { type: 'ProcessingCompleted', data: { completedAt: AT } }]);
  });

  it('given a reprocessing of the conversion, then conversion, recognition, extraction and signing are all due again', () => {
    const state = givenDocument(...processed, { type: 'ReprocessingRequested', data: request('conversion') });

    expect(state).to.include({ conversion: null, recognition: null, extraction: null, signing: null, completion: null });
    expect(state.previousRound?.conversion).to.not.equal(null);
  });

  it('given a document still processing, or one reprocessing, then another request is refused as a conflict', () => {
    spec
      .given(submitted(), xmlFile)
      .when({ type: 'RequestReprocessing', data: request('conversion') })
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'document_processing');
    spec
      .given(...processed, { type: 'ReprocessingRequested', data: request('extraction') })
      .when({ type: 'RequestReprocessing', data: request('extraction') })
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'document_processing');
  });

  it('given a document without a stored file, then there is nothing to reprocess', () => {
    spec
      .given(submitted(), downloadFailed, completed)
      .when({ type: 'RequestReprocessing', data: request('conversion') })
      .thenThrows((error) => isAppError(error) && error.status === 409 && error.code === 'nothing_to_reprocess');
  });

  it('given a failed document, when reprocessing is requested, then it runs again', () => {
    spec
      .given(submitted(), xmlFile, noPages, recognizedNothing, failed)
      .when({ type: 'RequestReprocessing', data: request('extraction') })
      .then([{ type: 'ReprocessingRequested', data: request('extraction') }]);
  });
});

describe('document decider: evolve', () => {
  it('given a submission with two URLs, then both sources wait for their download', () => {
    const state = givenDocument(
      submitted({
        sources: [
          { index: 0, kind: 'url', url: 'https://a.example/1.pdf' },
          { index: 1, kind: 'url', url: 'https://a.example/2.pdf' },
        ],
      }),
    );

    expect(state.sources.map((source) => source.outcome)).to.deep.equal(['pending', 'pending']);
    expect(sourcesResolved(state)).to.equal(false);
    expect(state.revision).to.equal(0);
  });

  it('given one stored file and one failed download, then both are resolved and download_failed is an error code', () => {
    const state = givenDocument(
      submitted({
        sources: [
          { index: 0, kind: 'url', url: 'https://a.example/1.pdf' },
          { index: 1, kind: 'url', url: 'https://a.example/2.pdf' },
        ],
      }),
      storedFile(0),
      {
        type: 'DownloadFailed',
        data: { sourceIndex: 1, url: 'https://a.example/2.pdf', reason: 'http_status', detail: '404', httpStatus: 404 },
      },
    );

    expect(sourcesResolved(state)).to.equal(true);
    expect(storedFiles(state).map((file) => file.index)).to.deep.equal([0]);
    expect(errorCodes(state)).to.deep.equal(['download_failed']);
    expect(state.revision).to.equal(2);
  });

  it('takes revision and time from the event itself', () => {
    const state = givenDocument(submitted(), storedFile(0));
    expect(state).to.include({ revision: 1, updatedAt: '2026-03-12T10:00:01.000Z' });
  });

  it('gathers error codes from every step, each once, in the order they happened', () => {
    const state = givenDocument(
      submitted({
        sources: [
          { index: 0, kind: 'upload' },
          { index: 1, kind: 'upload' },
        ],
      }),
      storedFile(0),
      storedFile(1, 'text/plain', 'notes.txt'),
      {
        type: 'DocumentConverted',
        data: {
          pages: [],
          thumbnail: null,
          failures: [
            { sourceIndex: 1, code: 'unsupported_file_type', detail: 'text' },
            { sourceIndex: 0, code: 'conversion_failed', detail: 'corrupt' },
          ],
        },
      },
      failed,
    );

    expect(errorCodes(state)).to.deep.equal(['unsupported_file_type', 'conversion_failed', 'processing_failed']);
    expect(isFinished(state)).to.equal(true);
  });

  it('ignores an event for a document that was never submitted, and a second submission', () => {
    expect(evolve(null, { type: 'ProcessingCompleted', data: { completedAt: AT }, revision: 0, recordedAt: AT })).to.equal(null);

    const state = givenDocument(submitted(), submitted({ customFields: { changed: true } }));
    expect(state.customFields).to.deep.equal({});
  });
});

function extractedNothing(): StepEvent {
  return {
    type: 'DataExtracted',
    data: {
      documentType: 'other',
      accountingDocument: emptyAccountingData(),
      senderAddress: null,
      receiverAddress: null,
      errorCodes: [],
      evidence: {},
    },
  };
}
