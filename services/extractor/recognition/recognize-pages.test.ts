import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { createLogger } from '../../../shared/logging/logger.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { loadPageWords } from '../../../shared/files/page-words-blob.js';
import { recognizePages } from './recognize-pages.js';
import type { OcrEngine } from './tesseract-recognizer.js';
import { corpusPath } from '../../../test/support/corpora.js';
import { createMemoryBlobStore } from '../../../test/support/memory-blob-store.js';

const CORPUS = corpusPath('invoice2data/tests/compare');
// A PDF page with nothing but an image would have no text either; pdf.js rebuilds the missing xref table.
const PDF_WITHOUT_TEXT = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** Answers with the image's own bytes as text, so a test sees which page image was read. */
const fakeOcr = (): OcrEngine & { images: string[] } => {
  const images: string[] = [];
  return {
    images,
    async recognize(image) {
      images.push(image.toString());
      return { text: `OCR: ${image.toString()}`, confidence: 0.87, words: [] };
    },
    stop: async () => {},
  };
};

describe('extractor: recognizing the pages of a document', () => {
  let blobs: BlobStore;
  let ocr: ReturnType<typeof fakeOcr>;
  let warnings: string[];

  const deps = () => ({
    blobs,
    ocr,
    logger: createLogger('recognition-test', 'warn', { write: (line: string) => warnings.push(JSON.parse(line).msg) }),
    parallelism: 2,
  });

  const stored = async (bytes: Buffer, fileName: string, mimeType: string): Promise<StoredFile> => ({ blob: await blobs.put(bytes), fileName, mimeType });

  const pageOf = async (pageNumber: number, sourceIndex: number, sourcePage: number): Promise<ConvertedPage> => ({
    pageNumber,
    sourceIndex,
    sourcePage,
    image: await stored(Buffer.from(`image of page ${pageNumber}`), `page-${pageNumber}.png`, 'image/png'),
    preview: await stored(Buffer.from(`preview of page ${pageNumber}`), `preview-${pageNumber}.jpg`, 'image/jpeg'),
    widthPx: 2480,
    heightPx: 3508,
  });

  beforeEach(() => {
    blobs = createMemoryBlobStore();
    ocr = fakeOcr();
    warnings = [];
  });

  it('uses the text layer of a born-digital PDF and runs no OCR', async () => {
    const pdf = await stored(await readFile(`${CORPUS}/QualityHosting.pdf`), 'invoice.pdf', 'application/pdf');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 0, 2)];

    const recognized = await recognizePages(pages, new Map([[0, pdf]]), deps());

    expect(recognized.map(({ pageNumber, method, confidence }) => ({ pageNumber, method, confidence }))).to.deep.equal([
      { pageNumber: 1, method: 'text_layer', confidence: null },
      { pageNumber: 2, method: 'text_layer', confidence: null },
    ]);
    expect(recognized[0]!.text).to.include('Rechnungsnr.');
    expect(ocr.images).to.deep.equal([]);
  });

  it('OCRs photos and PDF pages without real text, in page order', async () => {
    const scan = await stored(PDF_WITHOUT_TEXT, 'scan.pdf', 'application/pdf');
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 1, 1)];

    const recognized = await recognizePages(pages, new Map([[0, scan], [1, photo]]), deps());

    expect(recognized).to.deep.equal([
      { pageNumber: 1, text: 'OCR: image of page 1', method: 'ocr', confidence: 0.87, words: null },
      { pageNumber: 2, text: 'OCR: image of page 2', method: 'ocr', confidence: 0.87, words: null },
    ]);
  });

  it('mixes text layers and OCR page by page across the files of a document', async () => {
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const pdf = await stored(await readFile(`${CORPUS}/NetpresseInvoice.pdf`), 'invoice.pdf', 'application/pdf');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 1, 1)];

    const recognized = await recognizePages(pages, new Map([[0, photo], [1, pdf]]), deps());

    expect(recognized.map((page) => page.method)).to.deep.equal(['ocr', 'text_layer']);
    expect(ocr.images).to.deep.equal(['image of page 1']);
  });

  it('keeps the words of a text layer with their boxes as fractions of the page', async () => {
    const pdf = await stored(await readFile(`${CORPUS}/NetpresseInvoice.pdf`), 'invoice.pdf', 'application/pdf');
    const [page] = await recognizePages([await pageOf(1, 0, 1)], new Map([[0, pdf]]), deps());

    const words = await loadPageWords(blobs, page!.words!);
    const number = words.find((word) => word.text.includes('2022089083'));
    expect(number, 'the invoice number is among the words').to.not.equal(undefined);
    for (const word of words) {
      const [left, top, right, bottom] = word.box;
      expect(left).to.be.at.most(right);
      expect(top).to.be.at.most(bottom);
      expect(word.confidence).to.equal(null);
    }
  });

  it('OCRs the pages of a PDF pdf.js cannot read, with a warning', async () => {
    const broken = await stored(Buffer.from('%PDF-1.7 but then nothing'), 'broken.pdf', 'application/pdf');

    const recognized = await recognizePages([await pageOf(1, 0, 1)], new Map([[0, broken]]), deps());

    expect(recognized.map((page) => page.method)).to.deep.equal(['ocr']);
    expect(warnings).to.deep.equal(['text layer unreadable, pages will be OCR-ed']);
  });

  it('fails retriably when a page image is missing from the blob store', async () => {
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const page = { ...(await pageOf(1, 0, 1)), image: { blob: { hash: 'f'.repeat(64), size: 1 }, fileName: 'lost.png', mimeType: 'image/png' } };

    let failure: unknown = null;
    await recognizePages([page], new Map([[0, photo]]), deps()).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(AppError).and.include({ code: 'service_unavailable', retriable: true });
  });

  it('recognizes a document without pages as no pages', async () => {
    expect(await recognizePages([], new Map(), deps())).to.deep.equal([]);
  });
});
