import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import type { BlobRef, StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, DocumentEvent } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { allStepsRecorded } from './document-queries.js';

const blob = (name: string): BlobRef => ({ hash: Buffer.from(name).toString('hex').padEnd(64, '0'), size: 100 });
const file = (name: string, mimeType: string): StoredFile => ({ blob: blob(name), fileName: name, mimeType });

const page: ConvertedPage = {
  pageNumber: 1,
  sourceIndex: 0,
  sourcePage: 1,
  image: file('page-1.png', 'image/png'),
  preview: file('preview-1.jpg', 'image/jpeg'),
  widthPx: 2480,
  heightPx: 3508,
  showsOnlyText: false,
};

const converted = (pages: ConvertedPage[]): DocumentEvent => ({
  type: 'DocumentConverted',
  data: { pages, thumbnail: null, failures: [] },
});
const recognized = (pages: ConvertedPage[]): DocumentEvent => ({
  type: 'TextRecognized',
  data: { pages: pages.map(({ pageNumber }) => ({ pageNumber, text: 'Rechnung', method: 'ocr' as const, confidence: 0.9, words: null })) },
});
/** The golden fixture: any extraction will do here. */
const extracted = readDocumentEvent(
  JSON.parse(readFileSync(new URL('../../contracts/events/fixtures/DataExtracted.v1.json', import.meta.url), 'utf8')),
);
const signed = (signedPdf: StoredFile | null): DocumentEvent => ({
  type: 'DocumentSigned',
  data: { enhancedPdf: file('enhanced.pdf', 'application/pdf'), signedPdf },
});
const downloadFailed: DocumentEvent = {
  type: 'DownloadFailed',
  data: { sourceIndex: 0, url: 'https://files.example.com/invoice.pdf', reason: 'http_status', detail: 'HTTP 404', httpStatus: 404 },
};

describe('document state: whether every step is recorded', () => {
  it('given a document with pages, converted, recognized and extracted, then it still waits for its searchable PDF', () => {
    expect(allStepsRecorded(givenDocument(submitted(), storedFile(0), converted([page]), recognized([page]), extracted))).to.equal(false);
  });

  it('given a document with pages and its signed PDF recorded last, then it is complete', () => {
    expect(
      allStepsRecorded(
        givenDocument(
          submitted(),
          storedFile(0),
          converted([page]),
          recognized([page]),
          extracted,
          signed(file('signed.pdf', 'application/pdf')),
        ),
      ),
    ).to.equal(true);
  });

  it('given the PDFs recorded before the extraction, then it waits for the extraction', () => {
    expect(allStepsRecorded(givenDocument(submitted(), storedFile(0), converted([page]), recognized([page]), signed(null)))).to.equal(
      false,
    );
  });

  it('given the searchable PDF recorded without a signed copy (signing failed), then it is complete', () => {
    expect(
      allStepsRecorded(givenDocument(submitted(), storedFile(0), converted([page]), recognized([page]), extracted, signed(null))),
    ).to.equal(true);
  });

  it('given a document without pages (e-invoice XML, or no file could be converted), then it is complete without PDFs', () => {
    expect(
      allStepsRecorded(givenDocument(submitted(), storedFile(0, 'application/xml', 'x.xml'), converted([]), recognized([]), extracted)),
    ).to.equal(true);
  });

  it('given every download failed, then it is complete with nothing to convert', () => {
    expect(allStepsRecorded(givenDocument(submitted(), downloadFailed))).to.equal(true);
  });

  it('given a source still downloading, then it is not complete', () => {
    expect(allStepsRecorded(givenDocument(submitted()))).to.equal(false);
  });
});
