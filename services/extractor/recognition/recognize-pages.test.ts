import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { AppError } from '../../../shared/errors/app-error.js';
import { createLogger } from '../../../shared/logging/logger.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { loadPageWords } from '../../../shared/files/page-words-blob.js';
import { pageImagesOf, sourcePdfPagesOf } from '../../converter/index.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';
import { recognizePages } from './recognize-pages.js';
import { OcrPageBudgetSpent } from './ocr-page-budget.js';
import type { OcrEngine, OcrOptions, OcrWord } from './ocr-engine.js';
import { corpusPath } from '../../../harness/corpora.js';
import { createMemoryBlobStore } from '../../../test/support/memory-blob-store.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';

const CORPUS = corpusPath('invoice2data/tests/compare');
// A PDF page with nothing but an image would have no text either; the renderer rebuilds the missing xref table.
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

/** Reads `words` (placed in the pixels of the image it is given) from every image, and notes each image's size. */
/** Answers `words`, placed as on a picture `widthPx` wide: on a picture shrunk for OCR, where OCR would find them there. */
const fakeOcrOfPictures = (
  words: OcrWord[],
  widthPx?: number,
): OcrEngine & { sizes: { width: number; height: number }[]; options: OcrOptions[] } => {
  const sizes: { width: number; height: number }[] = [];
  const options: OcrOptions[] = [];
  return {
    sizes,
    options,
    async recognize(image, asked = {}) {
      const { width, height } = await sharp(image).metadata();
      sizes.push({ width: width!, height: height! });
      options.push(asked);
      const scale = widthPx === undefined ? 1 : width! / widthPx;
      const placed = words.map((word) => ({
        ...word,
        left: word.left * scale,
        top: word.top * scale,
        right: word.right * scale,
        bottom: word.bottom * scale,
      }));
      return { text: words.map((word) => word.text).join(' '), confidence: 0.9, words: placed };
    },
    stop: async () => {},
  };
};

describe('extractor: recognizing the pages of a document', () => {
  let blobs: BlobStore;
  let ocr: ReturnType<typeof fakeOcr>;
  let warnings: string[];

  const deps = (engine: OcrEngine = ocr, sourceFiles = new Map<number, StoredFile>()) => ({
    blobs,
    pageImages: pageImagesOf(blobs, (index) => sourceFiles.get(index), testPdfRenderer),
    sourcePages: sourcePdfPagesOf(blobs, (index) => sourceFiles.get(index), testPdfRenderer),
    ocr: engine,
    logger: createLogger('recognition-test', 'warn', { write: (line: string) => warnings.push(JSON.parse(line).msg) }),
    parallelism: 2,
  });

  /** Source file 0 and recognition deps that open it. */
  const sourcesOf = (file: StoredFile, engine: OcrEngine = ocr) => {
    const files = new Map([[0, file]]);
    return [files, deps(engine, files)] as const;
  };

  const stored = async (bytes: Buffer, fileName: string, mimeType: string): Promise<StoredFile> => ({
    blob: await blobs.put(bytes),
    fileName,
    mimeType,
  });

  const pageOf = async (pageNumber: number, sourceIndex: number, sourcePage: number): Promise<ConvertedPage> => ({
    pageNumber,
    sourceIndex,
    sourcePage,
    image: await stored(Buffer.from(`image of page ${pageNumber}`), `page-${pageNumber}.png`, 'image/png'),
    preview: await stored(Buffer.from(`preview of page ${pageNumber}`), `preview-${pageNumber}.jpg`, 'image/jpeg'),
    widthPx: 2480,
    heightPx: 3508,
    showsOnlyText: false,
  });

  beforeEach(() => {
    blobs = createMemoryBlobStore();
    ocr = fakeOcr();
    warnings = [];
  });

  it('uses the text layer of a born-digital PDF without pictures and runs no OCR', async () => {
    const pdf = await stored(await readFile(`${CORPUS}/free_fiber.pdf`), 'invoice.pdf', 'application/pdf');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 0, 2)];

    const recognized = await recognizePages(pages, ...sourcesOf(pdf));

    expect(recognized.map(({ pageNumber, method, confidence }) => ({ pageNumber, method, confidence }))).to.deep.equal([
      { pageNumber: 1, method: 'text_layer', confidence: null },
      { pageNumber: 2, method: 'text_layer', confidence: null },
    ]);
    expect(recognized[0]!.text).to.include('FO10479674');
    expect(ocr.images).to.deep.equal([]);
  });

  it('OCRs photos and PDF pages without real text, in page order', async () => {
    const scan = await stored(PDF_WITHOUT_TEXT, 'scan.pdf', 'application/pdf');
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 1, 1)];

    const files = new Map([
      [0, scan],
      [1, photo],
    ]);
    const recognized = await recognizePages(pages, files, deps(ocr, files));

    expect(recognized).to.deep.equal([
      { pageNumber: 1, text: 'OCR: image of page 1', method: 'ocr', confidence: 0.87, words: null },
      { pageNumber: 2, text: 'OCR: image of page 2', method: 'ocr', confidence: 0.87, words: null },
    ]);
  });

  it('mixes text layers and OCR page by page across the files of a document', async () => {
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const pdf = await stored(await readFile(`${CORPUS}/free_fiber.pdf`), 'invoice.pdf', 'application/pdf');
    const pages = [await pageOf(1, 0, 1), await pageOf(2, 1, 1)];

    const files = new Map([
      [0, photo],
      [1, pdf],
    ]);
    const recognized = await recognizePages(pages, files, deps(ocr, files));

    expect(recognized.map((page) => page.method)).to.deep.equal(['ocr', 'text_layer']);
    expect(ocr.images).to.deep.equal(['image of page 1']);
  });

  it('keeps the words of a text layer with their boxes as fractions of the page', async () => {
    const pdf = await stored(await readFile(`${CORPUS}/free_fiber.pdf`), 'invoice.pdf', 'application/pdf');
    const [page] = await recognizePages([await pageOf(1, 0, 1)], ...sourcesOf(pdf));

    const words = await loadPageWords(blobs, page!.words!);
    const line = words.find((word) => word.text.includes('FO10479674'));
    expect(line, 'the line number is among the words').to.not.equal(undefined);
    for (const word of words) {
      const [left, top, right, bottom] = word.box;
      expect(left).to.be.at.most(right);
      expect(top).to.be.at.most(bottom);
      expect(word.confidence).to.equal(null);
    }
  });

  it('OCRs the pages of a PDF the renderer cannot read, with a warning', async () => {
    const broken = await stored(Buffer.from('%PDF-1.7 but then nothing'), 'broken.pdf', 'application/pdf');

    const recognized = await recognizePages([await pageOf(1, 0, 1)], ...sourcesOf(broken));

    expect(recognized.map((page) => page.method)).to.deep.equal(['ocr']);
    expect(warnings).to.deep.equal(['text layer unreadable, page will be OCR-ed']);
  });

  it('fails retriably when a page image is missing from the blob store', async () => {
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const page = {
      ...(await pageOf(1, 0, 1)),
      image: { blob: { hash: 'f'.repeat(64), size: 1 }, fileName: 'lost.png', mimeType: 'image/png' },
    };

    let failure: unknown = null;
    await recognizePages([page], ...sourcesOf(photo)).catch((error: unknown) => (failure = error));

    expect(failure).to.be.instanceOf(AppError).and.include({ code: 'service_unavailable', retriable: true });
  });

  it('given a scanned page whose reading runs past its OCR time, then recognition fails for good with ocr_failed naming the page', async () => {
    const photo = await stored(Buffer.from('jpeg bytes'), 'receipt.jpg', 'image/jpeg');
    const runaway: OcrEngine = {
      recognize: () => Promise.reject(new OcrPageBudgetSpent(120_000)),
      stop: async () => {},
    };

    let failure: unknown = null;
    await recognizePages([await pageOf(1, 0, 1), await pageOf(2, 0, 2)], ...sourcesOf(photo, runaway)).catch(
      (error: unknown) => (failure = error),
    );

    expect(failure).to.be.instanceOf(AppError).and.include({ code: 'ocr_failed', retriable: false });
    expect((failure as AppError).detail).to.match(/^reading page [12] took longer than its OCR time of 120 s/);
  });

  describe('a page converted without a raster (it has a text layer)', () => {
    const withoutRaster = async (pageNumber: number, sourcePage: number): Promise<ConvertedPage> => ({
      ...(await pageOf(pageNumber, 0, sourcePage)),
      image: null,
      widthPx: 2480,
      heightPx: 3508,
    });

    it('given its text layer, when it is recognized, then the layer is read and nothing is drawn or OCR’d', async () => {
      const pdf = await stored(await readFile(`${CORPUS}/free_fiber.pdf`), 'invoice.pdf', 'application/pdf');

      const recognized = await recognizePages([await withoutRaster(1, 1)], ...sourcesOf(pdf));

      expect(recognized.map((page) => page.method)).to.deep.equal(['text_layer']);
      expect(recognized[0]!.text).to.include('FO10479674');
      expect(ocr.images).to.deep.equal([]);
    });

    it('given text the renderer leaves out of its layer (set sideways), when it is recognized, then the page is drawn from its PDF at its size and OCR’d', async () => {
      const document = await PDFDocument.create();
      const font = await document.embedFont(StandardFonts.Helvetica);
      document
        .addPage([595.28, 841.89])
        .drawText('Rechnung 4711 Summe 119,00 EUR', { x: 300, y: 200, size: 14, font, rotate: degrees(90) });
      const files = new Map([[0, await stored(Buffer.from(await document.save()), 'sideways.pdf', 'application/pdf')]]);
      const engine = fakeOcrOfPictures([]);

      const recognized = await recognizePages([await withoutRaster(1, 1)], files, deps(engine, files));

      expect(recognized.map((page) => page.method)).to.deep.equal(['ocr']);
      // Drawn at the resolution its width gives: the height within a pixel of the page's.
      expect(engine.sizes).to.have.length(1);
      expect(engine.sizes[0]!.width).to.equal(2480);
      expect(engine.sizes[0]!.height).to.be.closeTo(3508, 1);
    });
  });

  it('recognizes a document without pages as no pages', async () => {
    expect(await recognizePages([], new Map(), deps())).to.deep.equal([]);
  });

  describe('pictures on a page with a text layer', () => {
    // The page raster is white, 2 pixels a point; the picture sits at 72..372 × 710..770 points from the top left.
    const PICTURE = { x: 72, y: 72, width: 300, height: 60 };
    const LAYER_TEXT = [
      { x: 72, y: 760, text: 'Rechnung Nr. 4711 vom 12.03.2026' },
      { x: 72, y: 740, text: 'Summe 119,00 EUR' },
    ];
    // The crop starts 12 pixels (6 points of white margin) before the picture: at 132, 1408 on the page.
    const ocrWord = (text: string, left: number, top: number, right: number, bottom: number): OcrWord => ({
      text,
      left,
      top,
      right,
      bottom,
      confidence: 0.91,
    });
    const MUSTERFIRMA = ocrWord('Musterfirma', 22, 30, 222, 70);
    const GMBH = ocrWord('GmbH', 240, 30, 320, 70);

    const pageWithRaster = async (): Promise<ConvertedPage> => {
      const raster = await sharp({ create: { width: 1190, height: 1684, channels: 3, background: 'white' } })
        .png()
        .toBuffer();
      return { ...(await pageOf(1, 0, 1)), image: await stored(raster, 'page-1.png', 'image/png'), widthPx: 1190, heightPx: 1684 };
    };

    const pageWithoutRaster = async (): Promise<ConvertedPage> => ({
      ...(await pageOf(1, 0, 1)),
      image: null,
      widthPx: 1190,
      heightPx: 1684,
    });

    const recognizeInvoice = async (content: Parameters<typeof pdfWithPictures>[0], engine: OcrEngine, converted = pageWithRaster) => {
      const files = new Map([[0, await stored(await pdfWithPictures(content), 'invoice.pdf', 'application/pdf')]]);
      const [page] = await recognizePages([await converted()], files, deps(engine, files));
      return { page: page!, words: await loadPageWords(blobs, page!.words!) };
    };

    it('given a picture of text on a text-layer page, when the page is recognized, then its OCR words join the page’s words and text', async () => {
      const engine = fakeOcrOfPictures([MUSTERFIRMA, GMBH]);

      const { page, words } = await recognizeInvoice(
        { texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma GmbH') }] },
        engine,
      );

      expect(engine.sizes, 'the picture with its white margin, cut out').to.deep.equal([{ width: 624, height: 144 }]);
      expect({ method: page.method, confidence: page.confidence }).to.deep.equal({ method: 'text_layer', confidence: null });
      expect(page.text.split('\n').map((line) => line.trim())).to.deep.equal([
        'Rechnung Nr. 4711 vom 12.03.2026',
        'Summe 119,00 EUR',
        '',
        'Musterfirma GmbH',
      ]);
      const musterfirma = words.find((word) => word.text === 'Musterfirma')!;
      expect(musterfirma.confidence).to.equal(0.91);
      expect(musterfirma.box.map((fraction) => fraction.toFixed(3))).to.deep.equal(
        [77 / 595, 719 / 842, 177 / 595, 739 / 842].map((fraction) => fraction.toFixed(3)),
      );
      expect(words.filter((word) => word.text.startsWith('Rechnung')).map((word) => word.confidence)).to.deep.equal([null]);
    });

    it('given a page converted without a raster, when it is recognized, then its picture alone is drawn from the PDF at the OCR resolution, shrunk for its large type, and read', async () => {
      const engine = fakeOcrOfPictures([MUSTERFIRMA, GMBH], 624);

      const { page, words } = await recognizeInvoice(
        { texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma GmbH') }] },
        engine,
        pageWithoutRaster,
      );

      // Drawn at 144 dpi with its margin, 624 × 144 pixels: its 30-point type is larger than OCR reads type at.
      expect(engine.sizes, 'the picture with its white margin, drawn and shrunk').to.have.length(1);
      expect(engine.sizes[0]!.width / 624)
        .to.be.closeTo(engine.sizes[0]!.height / 144, 0.02)
        .and.below(1);
      expect(page.text).to.include('Musterfirma GmbH');
      // Placed back on the page within the rounding of the shrunk picture's size (a point).
      const musterfirma = words.find((word) => word.text === 'Musterfirma')!;
      [77 / 595, 719 / 842, 177 / 595, 739 / 842].forEach((fraction, at) => expect(musterfirma.box[at]).to.be.closeTo(fraction, 1 / 595));
    });

    it('given a text layer in one language, when its picture is recognized, then OCR reads it in that language only, in one pass', async () => {
      const engine = fakeOcrOfPictures([MUSTERFIRMA]);
      const german = [...LAYER_TEXT, { x: 72, y: 720, text: 'Zahlbar bis 31.03.2026, bitte mit der Rechnungsnummer' }];

      await recognizeInvoice({ texts: german, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] }, engine);

      expect(engine.options).to.deep.equal([{ languages: ['deu'], onePass: true }]);
    });

    it('given OCR reading text the layer has on the picture, when the page is recognized, then that text is kept once, from the layer', async () => {
      // 'Tel.' of the text layer lies on the picture at 300..317 × 732..742 points: 468..502 × 56..76 in the crop.
      const engine = fakeOcrOfPictures([MUSTERFIRMA, ocrWord('Tel.', 468, 56, 502, 76)]);

      const { words } = await recognizeInvoice(
        { texts: [...LAYER_TEXT, { x: 300, y: 100, text: 'Tel.' }], pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] },
        engine,
      );

      expect(words.filter((word) => word.text === 'Tel.').map((word) => word.confidence)).to.deep.equal([null]);
      expect(words.map((word) => word.text)).to.include('Musterfirma');
    });

    it('given a picture under text of the layer (a scan with its own text), when the page is recognized, then it is not OCR-ed', async () => {
      const engine = fakeOcrOfPictures([MUSTERFIRMA]);
      const overPicture = [{ x: 80, y: 110, text: 'Musterfirma GmbH, Hauptstraße 1' }];

      await recognizeInvoice(
        { texts: [...LAYER_TEXT, ...overPicture], pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] },
        engine,
      );

      expect(engine.sizes).to.deep.equal([]);
    });

    it('given OCR failing on a picture, when the page is recognized, then the page keeps its text layer, with a warning', async () => {
      const failing: OcrEngine = { recognize: () => Promise.reject(new Error('tesseract crashed')), stop: async () => {} };

      const { page, words } = await recognizeInvoice(
        { texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] },
        failing,
      );

      expect(page.method).to.equal('text_layer');
      expect(page.text).to.include('Summe 119,00 EUR');
      expect(words.every((word) => word.confidence === null)).to.equal(true);
      expect(warnings).to.deep.equal(['images on a text-layer page unreadable, page keeps its text layer only']);
    });
  });
});
