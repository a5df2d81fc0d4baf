import { expect } from 'chai';
import sharp from 'sharp';
import type { StoredFile } from '../../../contracts/events/common.js';
import type { ConvertedPage } from '../../../contracts/events/document-events.js';
import { createLogger } from '../../../shared/logging/logger.js';
import type { BlobStore } from '../../../shared/ports/blob-store.js';
import { pageImagesOf, sourcePdfPagesOf, type PdfRenderer } from '../../converter/index.js';
import { testPdfRenderer } from '../../../test/support/pdf-renderer.js';
import { createMemoryBlobStore } from '../../../test/support/memory-blob-store.js';
import { pdfWithPictures, pictureOfText } from '../../../test/support/pdf-with-pictures.js';
import { createEmbeddedXmlSearches } from '../einvoice/embedded-invoice-xml.js';
import { createQrSearches } from '../swiss-payments/qr-searches.js';
import type { OcrEngine } from './ocr-engine.js';
import { createTextLayersReadAhead } from './read-ahead.js';
import { recognizePages } from './recognize-pages.js';

/** At 144 dpi an A4 page (595 × 842 points) is 1190 × 1684 pixels. */
const OCR_DPI = 144;
const LAYER_TEXT = [
  { x: 72, y: 760, text: 'Rechnung Nr. 4711 vom 12.03.2026' },
  { x: 72, y: 740, text: 'Summe 119,00 EUR' },
];
const PICTURE = { x: 72, y: 72, width: 300, height: 60 };

/** Reads "Musterfirma" in every image and counts the images it is given. */
const countingOcr = (): OcrEngine & { reads: number } => {
  const engine = {
    reads: 0,
    async recognize() {
      engine.reads++;
      return {
        text: 'Musterfirma',
        confidence: 0.9,
        words: [{ text: 'Musterfirma', left: 22, top: 30, right: 222, bottom: 70, confidence: 0.9 }],
      };
    },
    stop: async () => {},
  };
  return engine;
};

describe('extractor: text-layer pages read ahead of their conversion', () => {
  let blobs: BlobStore & { fetched: string[] };
  let ocr: ReturnType<typeof countingOcr>;

  beforeEach(() => {
    const memory = createMemoryBlobStore();
    const fetched: string[] = [];
    blobs = { ...memory, fetched, get: (hash) => (fetched.push(hash), memory.get(hash)) };
    ocr = countingOcr();
  });

  const storedPdf = async (content: Parameters<typeof pdfWithPictures>[0]): Promise<StoredFile> => ({
    blob: await blobs.put(await pdfWithPictures(content)),
    fileName: 'invoice.pdf',
    mimeType: 'application/pdf',
  });

  const depsOf = (file: StoredFile, readAhead?: ReturnType<typeof createTextLayersReadAhead>) => {
    const sourceFiles = new Map([[0, file]]);
    return {
      blobs,
      sourceFiles,
      pageImages: pageImagesOf(blobs, (index) => sourceFiles.get(index), testPdfRenderer),
      sourcePages: sourcePdfPagesOf(blobs, (index) => sourceFiles.get(index), testPdfRenderer),
      ocr,
      logger: createLogger('read-ahead-test', 'warn', { write: () => {} }),
      parallelism: 1,
      readAhead,
      renderer: testPdfRenderer,
    };
  };

  /** The page as the converter records a text-layer page: no raster, its size at the converter's resolution. */
  const convertedWithoutRaster = (file: StoredFile, widthPx = 1190, heightPx = 1684): ConvertedPage => ({
    pageNumber: 1,
    sourceIndex: 0,
    sourcePage: 1,
    image: null,
    preview: file,
    widthPx,
    heightPx,
    showsOnlyText: false,
  });

  const recognizedAfterReadingAhead = async (file: StoredFile, page: ConvertedPage) => {
    const readAhead = createTextLayersReadAhead({
      qrSearches: createQrSearches(),
      xmlSearches: createEmbeddedXmlSearches(),
      ocrDpi: OCR_DPI,
    });
    const deps = depsOf(file, readAhead);
    readAhead.begin(deps, deps.logger);
    const [recognized] = await recognizePages([page], deps.sourceFiles, deps);
    return recognized!;
  };

  it('given a stored PDF read ahead, when its page converted without a raster is recognized, then the reading is taken over and its picture is OCR’d once', async () => {
    const file = await storedPdf({ texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });

    const page = await recognizedAfterReadingAhead(file, convertedWithoutRaster(file));

    expect({ method: page.method, reads: ocr.reads }).to.deep.equal({ method: 'text_layer', reads: 1 });
    expect(page.text).to.include('Summe 119,00 EUR').and.to.include('Musterfirma');
  });

  it('given a page read ahead at another size than the converter gave it, when it is recognized, then it is read again at the converted size', async () => {
    const file = await storedPdf({ texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });

    const page = await recognizedAfterReadingAhead(file, convertedWithoutRaster(file, 2480, 3508));

    expect({ method: page.method, reads: ocr.reads }).to.deep.equal({ method: 'text_layer', reads: 2 });
  });

  it('given a page the converter rasterized (a scan), when it is recognized, then nothing read ahead is taken and the raster is OCR’d', async () => {
    const file = await storedPdf({ pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });
    const raster = await sharp({ create: { width: 1190, height: 1684, channels: 3, background: 'white' } })
      .png()
      .toBuffer();
    const image = { blob: await blobs.put(raster), fileName: 'page-1.png', mimeType: 'image/png' };

    const page = await recognizedAfterReadingAhead(file, { ...convertedWithoutRaster(file), image });

    expect({ method: page.method, reads: ocr.reads }).to.deep.equal({ method: 'ocr', reads: 1 });
  });

  it('given a stored PDF read ahead, when its page is read, then its picture is drawn for OCR before its QR search begins', async () => {
    const file = await storedPdf({ texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });
    const steps: string[] = [];
    const qrSearches = createQrSearches();
    const readAhead = createTextLayersReadAhead({
      qrSearches: { ...qrSearches, begin: (page, bills) => (steps.push('QR search begun'), qrSearches.begin(page, bills)) },
      xmlSearches: createEmbeddedXmlSearches(),
      ocrDpi: OCR_DPI,
    });
    const deps = depsOf(file, readAhead);
    const renderer: PdfRenderer = {
      ...testPdfRenderer,
      async open(pdf) {
        const opened = await testPdfRenderer.open(pdf);
        return { ...opened, renderRegion: (...asked) => (steps.push('region drawn'), opened.renderRegion(...asked)) };
      },
    };

    readAhead.begin({ ...deps, renderer }, deps.logger);
    await readAhead.take(convertedWithoutRaster(file), file);

    expect(steps.slice(0, 2)).to.deep.equal(['region drawn', 'QR search begun']);
  });

  it('given a stored PDF read ahead, when its page is read and its QR search done, then the file was fetched from the blob store once', async () => {
    const file = await storedPdf({ texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });
    const searched: Promise<string[]>[] = [];
    const qrSearches = createQrSearches();
    const readAhead = createTextLayersReadAhead({
      qrSearches: {
        ...qrSearches,
        begin: (page, bills) => (searched.push(page.search(bills, async () => ({ mayHold: false, texts: [] }))), undefined),
      },
      xmlSearches: createEmbeddedXmlSearches(),
      ocrDpi: OCR_DPI,
    });
    const deps = depsOf(file, readAhead);

    readAhead.begin(deps, deps.logger);
    const reading = await readAhead.take(convertedWithoutRaster(file), file);
    await Promise.all(searched);

    expect({ read: reading !== undefined, searches: searched.length, fetched: blobs.fetched }).to.deep.equal({
      read: true,
      searches: 1,
      fetched: [file.blob.hash],
    });
  });

  it('given a stored PDF read ahead, when its embedded e-invoice is asked for, then the search begun ahead is taken over', async () => {
    const file = await storedPdf({ texts: LAYER_TEXT });
    const xmlSearches = createEmbeddedXmlSearches();
    const readAhead = createTextLayersReadAhead({ qrSearches: createQrSearches(), xmlSearches, ocrDpi: OCR_DPI });
    const deps = depsOf(file, readAhead);

    readAhead.begin(deps, deps.logger);
    await recognizePages([convertedWithoutRaster(file)], deps.sourceFiles, deps);
    const searchedAgain: string[] = [];
    const xml = await xmlSearches.take(file.blob.hash, async () => (searchedAgain.push(file.blob.hash), null));

    expect({ xml, searchedAgain }).to.deep.equal({ xml: null, searchedAgain: [] });
  });

  it('given one document being read ahead, when another document’s PDF is stored, then the second is left for its recognition step', async () => {
    const first = await storedPdf({ texts: LAYER_TEXT, pictures: [{ ...PICTURE, png: await pictureOfText('Musterfirma') }] });
    const second = await storedPdf({ texts: [...LAYER_TEXT, { x: 72, y: 700, text: 'Zweite Rechnung' }] });
    const readAhead = createTextLayersReadAhead({
      qrSearches: createQrSearches(),
      xmlSearches: createEmbeddedXmlSearches(),
      ocrDpi: OCR_DPI,
    });
    const [firstDeps, secondDeps] = [depsOf(first, readAhead), depsOf(second, readAhead)];

    readAhead.begin(firstDeps, firstDeps.logger);
    readAhead.begin(secondDeps, secondDeps.logger);
    await recognizePages([convertedWithoutRaster(first)], firstDeps.sourceFiles, firstDeps);

    expect(blobs.fetched).to.not.include(second.blob.hash);
    expect(await readAhead.take(convertedWithoutRaster(second), second)).to.equal(undefined);
  });
});
