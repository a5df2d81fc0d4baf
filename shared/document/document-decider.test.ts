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
    expect(event!.type === 'DocumentSubmitted' && event!.data).to.include({ documentType: 'receipt', extractLineItems: true, extractionProcess: null });
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
    spec.given(submitted(), xmlFile).when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } }).then([noPages]);
  });

  it('given a message delivered twice, when the step records what it recorded already, then nothing is recorded', () => {
    spec.given(submitted(), xmlFile, noPages).when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } }).thenNothing();
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
    spec.given(submitted(), xmlFile, failed).when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } }).thenNothing();
  });

  it('given a document never submitted, when a step reports, then nothing is recorded', () => {
    spec.given().when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } }).thenNothing();
  });
});

describe('document decider: failing', () => {
  it('given a document in progress, when processing fails for good, then ProcessingFailed is recorded', () => {
    spec.given(submitted(), xmlFile).when({ type: 'FailProcessing', data: failed.data as never }).then([failed]);
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
    spec.given(submitted(), xmlFile).when({ type: 'EraseDocument', data: erasure }).then([{ type: 'DocumentErased', data: erasure }]);
    spec.given(submitted(), downloadFailed, { type: 'ProcessingCompleted', data: { completedAt: AT } }).when({ type: 'EraseDocument', data: erasure }).then([{ type: 'DocumentErased', data: erasure }]);
  });

  it('given an erased document, then it folds to nothing, and erasing it again records nothing', () => {
    const erased: DocumentEvent = { type: 'DocumentErased', data: erasure };

    spec.given(submitted(), xmlFile, erased).when({ type: 'EraseDocument', data: erasure }).thenNothing();
    spec.given(submitted(), xmlFile, erased).when({ type: 'RecordStepResults', data: { events: [noPages], at: AT } }).thenNothing();
  });
});

describe('document decider: evolve', () => {
  it('given a submission with two URLs, then both sources wait for their download', () => {
    const state = givenDocument(
      submitted({ sources: [{ index: 0, kind: 'url', url: 'https://a.example/1.pdf' }, { index: 1, kind: 'url', url: 'https://a.example/2.pdf' }] }),
    );

    expect(state.sources.map((source) => source.outcome)).to.deep.equal(['pending', 'pending']);
    expect(sourcesResolved(state)).to.equal(false);
    expect(state.revision).to.equal(0);
  });

  it('given one stored file and one failed download, then both are resolved and download_failed is an error code', () => {
    const state = givenDocument(
      submitted({ sources: [{ index: 0, kind: 'url', url: 'https://a.example/1.pdf' }, { index: 1, kind: 'url', url: 'https://a.example/2.pdf' }] }),
      storedFile(0),
      { type: 'DownloadFailed', data: { sourceIndex: 1, url: 'https://a.example/2.pdf', reason: 'http_status', detail: '404', httpStatus: 404 } },
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
      submitted({ sources: [{ index: 0, kind: 'upload' }, { index: 1, kind: 'upload' }] }),
      storedFile(0),
      storedFile(1, 'text/plain', 'notes.txt'),
      { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [{ sourceIndex: 1, code: 'unsupported_file_type', detail: 'text' }, { sourceIndex: 0, code: 'conversion_failed', detail: 'corrupt' }] } },
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
    data: { documentType: 'other', accountingDocument: emptyAccountingData(), senderAddress: null, receiverAddress: null, errorCodes: [], evidence: {} },
  };
}
