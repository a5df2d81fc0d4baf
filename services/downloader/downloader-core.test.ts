import { expect } from 'chai';
import type { StoredFile } from '../../contracts/events/common.js';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { decideDownloadOutcomes, urlsToDownload, type DownloadOutcome } from './downloader-core.js';

const INVOICE_URL = 'https://files.example.com/invoice.pdf';
const RECEIPT_URL = 'https://files.example.com/receipt.png';

const twoUrls = () =>
  submitted({
    sources: [
      { index: 0, kind: 'url', url: INVOICE_URL },
      { index: 1, kind: 'url', url: RECEIPT_URL },
    ],
  });

const pdf: StoredFile = { blob: { hash: 'b'.repeat(64), size: 2048 }, fileName: 'invoice.pdf', mimeType: 'application/pdf' };

const stored = (index: number, url: string): DownloadOutcome => ({
  kind: 'stored',
  index,
  url,
  finalUrl: `${url}?signed=1`,
  file: pdf,
});

const failed = (index: number, url: string): DownloadOutcome => ({
  kind: 'failed',
  index,
  url,
  reason: 'http_status',
  detail: 'files.example.com answered 404',
  httpStatus: 404,
});

const downloadFailed = (index: number, url: string): DocumentEvent => ({
  type: 'DownloadFailed',
  data: { sourceIndex: index, url, reason: 'timeout', detail: 'no answer', httpStatus: null },
});

describe('downloader core', () => {
  describe('urlsToDownload', () => {
    it('lists every URL source of a freshly submitted document', () => {
      const state = givenDocument(twoUrls());

      expect(urlsToDownload(state)).to.deep.equal([
        { index: 0, url: INVOICE_URL },
        { index: 1, url: RECEIPT_URL },
      ]);
    });

    it('leaves out sources that already have a stored file or a recorded failure', () => {
      const state = givenDocument(
        submitted({
          sources: [
            { index: 0, kind: 'url', url: INVOICE_URL },
            { index: 1, kind: 'url', url: RECEIPT_URL },
            { index: 2, kind: 'url', url: 'https://files.example.com/third.pdf' },
          ],
        }),
        storedFile(0),
        downloadFailed(2, 'https://files.example.com/third.pdf'),
      );

      expect(urlsToDownload(state)).to.deep.equal([{ index: 1, url: RECEIPT_URL }]);
    });

    it('never lists uploaded files: their bytes came with the request', () => {
      const state = givenDocument(
        submitted({
          sources: [
            { index: 0, kind: 'upload' },
            { index: 1, kind: 'url', url: RECEIPT_URL },
          ],
        }),
      );

      expect(urlsToDownload(state)).to.deep.equal([{ index: 1, url: RECEIPT_URL }]);
    });
  });

  describe('decideDownloadOutcomes', () => {
    it('records a stored download as SourceFileStored with where it came from', () => {
      const state = givenDocument(twoUrls());

      const events = decideDownloadOutcomes(state, [stored(0, INVOICE_URL)]);

      expect(events).to.deep.equal([
        {
          type: 'SourceFileStored',
          data: { sourceIndex: 0, file: pdf, origin: { kind: 'download', url: INVOICE_URL, finalUrl: `${INVOICE_URL}?signed=1` } },
        },
      ]);
    });

    it('records a failed download as DownloadFailed with its reason', () => {
      const state = givenDocument(twoUrls());

      const events = decideDownloadOutcomes(state, [failed(1, RECEIPT_URL)]);

      expect(events).to.deep.equal([
        {
          type: 'DownloadFailed',
          data: { sourceIndex: 1, url: RECEIPT_URL, reason: 'http_status', detail: 'files.example.com answered 404', httpStatus: 404 },
        },
      ]);
    });

    it('records one event per source, in the order of the outcomes', () => {
      const state = givenDocument(twoUrls());

      const events = decideDownloadOutcomes(state, [failed(1, RECEIPT_URL), stored(0, INVOICE_URL)]);

      expect(events.map((event) => event.type)).to.deep.equal(['DownloadFailed', 'SourceFileStored']);
    });

    it('decides nothing for a source already resolved: a redelivered message changes nothing', () => {
      const state = givenDocument(twoUrls(), storedFile(0), downloadFailed(1, RECEIPT_URL));

      const events = decideDownloadOutcomes(state, [stored(0, INVOICE_URL), stored(1, RECEIPT_URL)]);

      expect(events).to.deep.equal([]);
    });

    it('records only the first of two outcomes for the same source', () => {
      const state = givenDocument(twoUrls());

      const events = decideDownloadOutcomes(state, [stored(0, INVOICE_URL), failed(0, INVOICE_URL)]);

      expect(events.map((event) => event.type)).to.deep.equal(['SourceFileStored']);
    });

    it('ignores an outcome for a source the document does not have, or one that was uploaded', () => {
      const state = givenDocument(submitted({ sources: [{ index: 0, kind: 'upload' }] }));

      const events = decideDownloadOutcomes(state, [stored(0, INVOICE_URL), stored(5, RECEIPT_URL)]);

      expect(events).to.deep.equal([]);
    });
  });
});
