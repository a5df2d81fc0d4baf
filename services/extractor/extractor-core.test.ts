import { expect } from 'chai';
import type { ConvertedPage, DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';
import { givenDocument, storedFile, submitted } from '../../test/support/given-document.js';
import { decideExtraction, decideRecognition, extractionRequest, isExtractionDue, isRecognitionDue } from './extractor-core.js';
import { extractFields } from './fields/extract-fields.js';

const file = (name: string) => ({ blob: { hash: name.padEnd(64, '0'), size: 10 }, fileName: `${name}.png`, mimeType: 'image/png' });

const page = (pageNumber: number): ConvertedPage => ({
  pageNumber,
  sourceIndex: 0,
  sourcePage: pageNumber,
  image: file(`a${pageNumber}`),
  preview: file(`b${pageNumber}`),
  widthPx: 2480,
  heightPx: 3508,
  showsOnlyText: false,
});

const converted = (...pages: ConvertedPage[]): DocumentEvent => ({
  type: 'DocumentConverted',
  data: { pages, thumbnail: null, failures: [] },
});

type RecognizedPage = EventData<'TextRecognized'>['pages'][number];
const recognizedPage = (pageNumber: number, text = `Seite ${pageNumber}`): RecognizedPage => ({
  pageNumber,
  text,
  method: 'ocr',
  confidence: 0.9,
  words: null,
});
const recognized = (...pages: RecognizedPage[]): DocumentEvent => ({ type: 'TextRecognized', data: { pages } });

const nothingExtracted: ExtractedData = extractFields({
  pages: [],
  words: new Map(),
  requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
});
const extracted: DocumentEvent = { type: 'DataExtracted', data: nothingExtracted };

describe('extractor core: recognizing text', () => {
  it('is due once pages are converted, even when conversion yielded none', () => {
    expect(isRecognitionDue(givenDocument(submitted(), storedFile(0)))).to.equal(false);
    expect(isRecognitionDue(givenDocument(submitted(), storedFile(0), converted(page(1))))).to.equal(true);
    expect(isRecognitionDue(givenDocument(submitted(), storedFile(0), converted()))).to.equal(true);
    expect(isRecognitionDue(givenDocument(submitted(), storedFile(0), converted(page(1)), recognized(recognizedPage(1))))).to.equal(false);
  });

  it('records the text of every converted page, in page order', () => {
    const state = givenDocument(submitted(), storedFile(0), converted(page(1), page(2)));

    expect(decideRecognition(state, [recognizedPage(2), recognizedPage(1)])).to.deep.equal([
      recognized(recognizedPage(1), recognizedPage(2)),
    ]);
  });

  it('records TextRecognized without pages when conversion yielded none', () => {
    expect(decideRecognition(givenDocument(submitted(), storedFile(0), converted()), [])).to.deep.equal([recognized()]);
  });

  it('decides nothing when the text is already recorded (a redelivered message)', () => {
    const state = givenDocument(submitted(), storedFile(0), converted(page(1)), recognized(recognizedPage(1)));

    expect(decideRecognition(state, [recognizedPage(1, 'other text')])).to.deep.equal([]);
  });

  it('refuses text for pages that were not converted, or missing a converted page', () => {
    const state = givenDocument(submitted(), storedFile(0), converted(page(1), page(2)));

    expect(() => decideRecognition(state, [recognizedPage(1)])).to.throw(/not the converted pages/);
    expect(() => decideRecognition(state, [recognizedPage(1), recognizedPage(2), recognizedPage(3)])).to.throw(/not the converted pages/);
  });
});

describe('extractor core: extracting data', () => {
  it('is due once text is recorded and until data is', () => {
    expect(isExtractionDue(givenDocument(submitted(), storedFile(0), converted(page(1))))).to.equal(false);
    expect(isExtractionDue(givenDocument(submitted(), storedFile(0), converted(page(1)), recognized(recognizedPage(1))))).to.equal(true);
    expect(
      isExtractionDue(givenDocument(submitted(), storedFile(0), converted(page(1)), recognized(recognizedPage(1)), extracted)),
    ).to.equal(false);
  });

  it('records the extracted data once', () => {
    const state = givenDocument(submitted(), storedFile(0), converted(), recognized());

    expect(decideExtraction(state, nothingExtracted)).to.deep.equal([extracted]);
    expect(
      decideExtraction(givenDocument(submitted(), storedFile(0), converted(), recognized(), extracted), nothingExtracted),
    ).to.deep.equal([]);
  });
});

describe('extractor core: what the client asked the extraction for', () => {
  it('defaults to full extraction without line items when the client asked for nothing', () => {
    expect(extractionRequest(givenDocument(submitted()))).to.deep.equal({
      documentType: null,
      extractionProcess: 'full-extraction',
      extractLineItems: false,
    });
  });

  it('takes the newer variant’s document type and line-item switch', () => {
    const state = givenDocument(submitted({ documentType: 'receipt', extractLineItems: false }));

    expect(extractionRequest(state)).to.deep.equal({
      documentType: 'receipt',
      extractionProcess: 'full-extraction',
      extractLineItems: false,
    });
  });

  it('takes the older variant’s process, with line items for full extraction and auto-accounting only', () => {
    expect(extractionRequest(givenDocument(submitted({ extractionProcess: 'basic-extraction' })))).to.include({
      extractionProcess: 'basic-extraction',
      extractLineItems: false,
    });
    expect(extractionRequest(givenDocument(submitted({ extractionProcess: 'auto-accounting' })))).to.include({
      extractionProcess: 'auto-accounting',
      extractLineItems: true,
    });
  });
});
