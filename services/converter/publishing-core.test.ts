import { expect } from 'chai';
import type { BlobRef, StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { decidePublished, isPublishingDue, pagesToPublish } from './publishing-core.js';

const blob = (name: string): BlobRef => ({ hash: Buffer.from(name).toString('hex').padEnd(64, '0'), size: 100 });
const file = (name: string, mimeType: string): StoredFile => ({ blob: blob(name), fileName: name, mimeType });

const page = (pageNumber: number, sourceIndex: number, sourcePage: number): ConvertedPage => ({
  pageNumber,
  sourceIndex,
  sourcePage,
  image: file(`page-${pageNumber}.png`, 'image/png'),
  preview: file(`preview-${pageNumber}.jpg`, 'image/jpeg'),
  widthPx: 2480,
  heightPx: 3508,
  showsOnlyText: false,
});

const converted = (...pages: ConvertedPage[]): DocumentEvent => ({
  type: 'DocumentConverted',
  data: { pages, thumbnail: pages.length > 0 ? file('thumbnail.jpg', 'image/jpeg') : null, failures: [] },
});

type Method = EventData<'TextRecognized'>['pages'][number]['method'];

const recognized = (...methods: Method[]): DocumentEvent => ({
  type: 'TextRecognized',
  data: {
    pages: methods.map((method, index) => ({
      pageNumber: index + 1,
      text: 'Rechnung 42',
      method,
      confidence: method === 'ocr' ? 0.9 : null,
      words: file(`words-${index + 1}.json`, 'application/json'),
    })),
  },
});

const signed: DocumentEvent = {
  type: 'DocumentSigned',
  data: { enhancedPdf: file('enhanced.pdf', 'application/pdf'), signedPdf: file('signed.pdf', 'application/pdf') },
};

const pdfs = { enhancedPdf: blob('enhanced'), signedPdf: blob('signed') };

const twoUploads = submitted({ sources: [0, 1].map((index) => ({ index, kind: 'upload' as const })) });

describe('converter: when the searchable PDF is due', () => {
  it('is due once text is recognized on a document with pages', () => {
    expect(isPublishingDue(givenDocument(submitted(), storedFile(0), converted(page(1, 0, 1)), recognized('ocr')))).to.equal(true);
  });

  it('is not due before text is recognized: the invisible text needs the words', () => {
    expect(isPublishingDue(givenDocument(submitted(), storedFile(0), converted(page(1, 0, 1))))).to.equal(false);
  });

  it('is not due for a document without pages (e-invoice XML, unreadable files): there is nothing to show', () => {
    expect(isPublishingDue(givenDocument(submitted(), storedFile(0, 'application/xml', 'x.xml'), converted(), recognized()))).to.equal(
      false,
    );
  });

  it('is not due once the PDFs are recorded', () => {
    expect(isPublishingDue(givenDocument(submitted(), storedFile(0), converted(page(1, 0, 1)), recognized('ocr'), signed))).to.equal(false);
  });
});

describe('converter: the pages of the searchable PDF', () => {
  it('keeps pages read from a text layer as their source has them, and makes the others from raster and words, in page order', () => {
    const state = givenDocument(
      twoUploads,
      storedFile(0),
      storedFile(1, 'image/png', 'scan.png'),
      converted(page(3, 1, 1), page(1, 0, 1), page(2, 0, 2)),
      recognized('text_layer', 'ocr', 'ocr'),
    );

    expect(
      pagesToPublish(state).map(({ pageNumber, original, words }) => ({ pageNumber, original, words: words?.fileName })),
    ).to.deep.equal([
      { pageNumber: 1, original: { sourceIndex: 0, sourcePage: 1 }, words: 'words-1.json' },
      { pageNumber: 2, original: null, words: 'words-2.json' },
      { pageNumber: 3, original: null, words: 'words-3.json' },
    ]);
    expect(pagesToPublish(state)[2]).to.deep.include({ image: file('page-3.png', 'image/png'), widthPx: 2480, heightPx: 3508 });
  });
});

describe('converter: recording the searchable and signed PDFs', () => {
  const due = givenDocument(submitted(), storedFile(0), converted(page(1, 0, 1)), recognized('ocr'));

  it('records both PDFs, named for what they are', () => {
    expect(decidePublished(due, pdfs)).to.deep.equal([
      {
        type: 'DocumentSigned',
        data: {
          enhancedPdf: { blob: blob('enhanced'), fileName: 'enhanced.pdf', mimeType: 'application/pdf' },
          signedPdf: { blob: blob('signed'), fileName: 'signed.pdf', mimeType: 'application/pdf' },
        },
      },
    ]);
  });

  it('records the searchable PDF without a signed copy when signing failed', () => {
    const [event] = decidePublished(due, { enhancedPdf: blob('enhanced'), signedPdf: null });

    expect(event?.data).to.deep.include({ signedPdf: null });
  });

  it('decides nothing when the PDFs are already recorded, so a redelivered message is harmless', () => {
    expect(
      decidePublished(givenDocument(submitted(), storedFile(0), converted(page(1, 0, 1)), recognized('ocr'), signed), pdfs),
    ).to.deep.equal([]);
  });
});
