import { expect } from 'chai';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { errorCodes, isFinished, sourcesResolved, storedFiles } from './document-queries.js';
import { evolve } from './evolve.js';

describe('document state: evolve', () => {
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

  it('gathers error codes from every step, each once, in the order they happened', () => {
    const state = givenDocument(
      submitted({ sources: [{ index: 0, kind: 'upload' }, { index: 1, kind: 'upload' }] }),
      storedFile(0),
      storedFile(1, 'text/plain', 'notes.txt'),
      { type: 'DocumentConverted', data: { pages: [], thumbnail: null, failures: [{ sourceIndex: 1, code: 'unsupported_file_type', detail: 'text' }, { sourceIndex: 0, code: 'conversion_failed', detail: 'corrupt' }] } },
      { type: 'ProcessingFailed', data: { code: 'processing_failed', stage: 'extractor', detail: 'gave up' } },
    );

    expect(errorCodes(state)).to.deep.equal(['unsupported_file_type', 'conversion_failed', 'processing_failed']);
    expect(isFinished(state)).to.equal(true);
  });

  it('ignores an event for a document that was never submitted, and a second submission', () => {
    expect(evolve(null, { type: 'ProcessingCompleted', data: { completedAt: '2026-03-12T10:00:00.000Z' } }, { revision: 0, recordedAt: 'x' })).to.equal(null);

    const state = givenDocument(submitted(), submitted({ customFields: { changed: true } }));
    expect(state.customFields).to.deep.equal({});
  });
});
