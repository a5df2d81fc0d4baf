import { expect } from 'chai';
import type { BlobRef } from '../../contracts/events/common.js';
import type { DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { decideConversion, isConversionDue, type RenderedPage, type SourceRendering } from './converter-core.js';

const MAX_PAGES = 200;

const blob = (name: string): BlobRef => ({ hash: Buffer.from(name).toString('hex').padEnd(64, '0'), size: 100 });

const twoUploads = submitted({
  sources: [
    { index: 0, kind: 'upload' },
    { index: 1, kind: 'upload' },
  ],
});

const downloadFailed = (sourceIndex: number): DocumentEvent => ({
  type: 'DownloadFailed',
  data: { sourceIndex, url: 'https://files.example.com/gone.pdf', reason: 'http_status', detail: 'HTTP 404', httpStatus: 404 },
});

const converted = (data: Partial<EventData<'DocumentConverted'>> = {}): DocumentEvent => ({
  type: 'DocumentConverted',
  data: { pages: [], thumbnail: null, failures: [], ...data },
});

const renderedPages = (sourceIndex: number, count: number): RenderedPage[] =>
  Array.from({ length: count }, (_, i) => ({
    sourcePage: i + 1,
    image: blob(`image-${sourceIndex}-${i + 1}`),
    preview: blob(`preview-${sourceIndex}-${i + 1}`),
    widthPx: 2480,
    heightPx: 3508,
    showsOnlyText: false,
  }));

const rendered = (sourceIndex: number, pageCount: number): SourceRendering => ({
  sourceIndex,
  outcome: 'rendered',
  pages: renderedPages(sourceIndex, pageCount),
  thumbnail: pageCount > 0 ? blob(`thumbnail-${sourceIndex}`) : null,
});

const conversionOf = (events: DocumentEvent[]): EventData<'DocumentConverted'> => {
  expect(events.map((event) => event.type)).to.deep.equal(['DocumentConverted']);
  return events[0]!.data as EventData<'DocumentConverted'>;
};

describe('converter: when a document is due for conversion', () => {
  it('is not due while a source is still pending', () => {
    const state = givenDocument(twoUploads, storedFile(0));

    expect(isConversionDue(state)).to.equal(false);
    expect(decideConversion(state, [rendered(0, 1)], MAX_PAGES)).to.deep.equal([]);
  });

  it('is due when the last download failed but another file is stored', () => {
    const state = givenDocument(twoUploads, storedFile(0), downloadFailed(1));

    expect(isConversionDue(state)).to.equal(true);
  });

  it('is not due when every download failed: there is nothing to convert', () => {
    const state = givenDocument(twoUploads, downloadFailed(0), downloadFailed(1));

    expect(isConversionDue(state)).to.equal(false);
  });

  it('is not due once the conversion is recorded', () => {
    const state = givenDocument(submitted(), storedFile(0), converted());

    expect(isConversionDue(state)).to.equal(false);
  });
});

describe('converter: deciding the conversion', () => {
  it('numbers pages 1..N across sources in source order, naming each file by its page number', () => {
    const state = givenDocument(twoUploads, storedFile(1, 'image/png', 'scan.png'), storedFile(0));

    const conversion = conversionOf(decideConversion(state, [rendered(1, 1), rendered(0, 2)], MAX_PAGES));

    expect(conversion.pages.map(({ pageNumber, sourceIndex, sourcePage }) => ({ pageNumber, sourceIndex, sourcePage }))).to.deep.equal([
      { pageNumber: 1, sourceIndex: 0, sourcePage: 1 },
      { pageNumber: 2, sourceIndex: 0, sourcePage: 2 },
      { pageNumber: 3, sourceIndex: 1, sourcePage: 1 },
    ]);
    expect(conversion.pages[2]).to.deep.include({
      image: { blob: blob('image-1-1'), fileName: 'page-3.png', mimeType: 'image/png' },
      preview: { blob: blob('preview-1-1'), fileName: 'preview-3.jpg', mimeType: 'image/jpeg' },
      widthPx: 2480,
      heightPx: 3508,
    });
    expect(conversion.thumbnail).to.deep.equal({ blob: blob('thumbnail-0'), fileName: 'thumbnail.jpg', mimeType: 'image/jpeg' });
    expect(conversion.failures).to.deep.equal([]);
  });

  it('given a page rendered without a raster (text alone), records it with no image and its size at OCR resolution', () => {
    const state = givenDocument(submitted(), storedFile(0));
    const [textOnly, withRaster] = renderedPages(0, 2);
    const rendering: SourceRendering = {
      sourceIndex: 0,
      outcome: 'rendered',
      pages: [{ ...textOnly!, image: null }, withRaster!],
      thumbnail: blob('thumbnail-0'),
    };

    const conversion = conversionOf(decideConversion(state, [rendering], MAX_PAGES));

    expect(conversion.pages[0]).to.deep.include({
      image: null,
      preview: { blob: blob('preview-0-1'), fileName: 'preview-1.jpg', mimeType: 'image/jpeg' },
      widthPx: 2480,
      heightPx: 3508,
    });
    expect(conversion.pages[1]!.image).to.deep.equal({ blob: blob('image-0-2'), fileName: 'page-2.png', mimeType: 'image/png' });
  });

  it("when one of two sources fails, keeps the other one's pages and records the failure", () => {
    const state = givenDocument(twoUploads, storedFile(0, 'text/plain', 'notes.txt'), storedFile(1));
    const failure: SourceRendering = {
      sourceIndex: 0,
      outcome: 'failed',
      code: 'unsupported_file_type',
      detail: 'text/plain files cannot be converted to pages',
    };

    const conversion = conversionOf(decideConversion(state, [failure, rendered(1, 2)], MAX_PAGES));

    expect(conversion.pages.map((page) => [page.pageNumber, page.sourceIndex])).to.deep.equal([
      [1, 1],
      [2, 1],
    ]);
    expect(conversion.thumbnail?.blob).to.deep.equal(blob('thumbnail-1'));
    expect(conversion.failures).to.deep.equal([
      { sourceIndex: 0, code: 'unsupported_file_type', detail: 'text/plain files cannot be converted to pages' },
    ]);
  });

  it('when the only file is e-invoice XML, records no pages, no thumbnail and no failure', () => {
    const state = givenDocument(submitted(), storedFile(0, 'application/xml', 'xrechnung.xml'));

    expect(conversionOf(decideConversion(state, [rendered(0, 0)], MAX_PAGES))).to.deep.equal({ pages: [], thumbnail: null, failures: [] });
  });

  it('fails the source whose pages would cross the page limit, and keeps the ones that fit', () => {
    const threeUploads = submitted({ sources: [0, 1, 2].map((index) => ({ index, kind: 'upload' as const })) });
    const state = givenDocument(threeUploads, storedFile(0), storedFile(1), storedFile(2));

    const conversion = conversionOf(decideConversion(state, [rendered(0, 3), rendered(1, 2), rendered(2, 1)], 4));

    expect(conversion.pages.map((page) => [page.pageNumber, page.sourceIndex])).to.deep.equal([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 2],
    ]);
    expect(conversion.failures).to.deep.equal([
      { sourceIndex: 1, code: 'too_many_pages', detail: 'its 2 pages would take the document past the limit of 4 pages' },
    ]);
  });

  it('decides nothing when the conversion is already recorded, so a redelivered message is harmless', () => {
    const state = givenDocument(submitted(), storedFile(0), converted());

    expect(decideConversion(state, [rendered(0, 1)], MAX_PAGES)).to.deep.equal([]);
  });

  it('refuses to decide without a rendering of every stored file', () => {
    const state = givenDocument(twoUploads, storedFile(0), storedFile(1));

    expect(() => decideConversion(state, [rendered(0, 1)], MAX_PAGES)).to.throw('stored source 1 was not rendered');
  });
});
