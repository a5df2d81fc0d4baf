import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { StoredFile } from '../../contracts/events/common.js';
import type { DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { createInProcessBus } from '../../shared/adapters/embedded/in-process-bus.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { errorCodes } from '../../shared/document/document-queries.js';
import { documentStreamName, foldDocument, toNewEvents } from '../../shared/document/document-stream.js';
import { storePageWords } from '../../shared/files/page-words-blob.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { submitted } from '../../test/support/given-document.js';
import { corpusPath } from '../../harness/corpora.js';
import { ConverterConfig } from './converter-config.js';
import { createConverter } from './converter-service.js';
import { createSelfSignedP12 } from '../../shared/signing/self-signed-identity.js';
import type { SigningIdentity } from '../../shared/signing/p12-identity.js';
import { imagesOnPage, pageCountOf, signatureOf, textOf, wordsOnPage, type PlacedWord } from '../../test/support/poppler.js';

const run = promisify(execFile);
const CORPUS = corpusPath('invoice2data/tests/compare');
const BORN_DIGITAL_PDF = join(CORPUS, 'QualityHosting.pdf');
/** Stands in for a scan: its page as a 300-dpi image, its words as OCR would find them. */
const SCANNED_PDF = join(CORPUS, 'NetpresseInvoice.pdf');
const EXTRACTED_FIXTURE = new URL('../../contracts/events/fixtures/DataExtracted.v1.json', import.meta.url);
const DOCUMENT_ID = 'doc-1';
const STREAM = documentStreamName(DOCUMENT_ID);

describe('converter service', function () {
  this.timeout(60_000);

  let directory: string;
  let store: EventStore;
  let bus: EventBus;
  let blobs: BlobStore;
  let converter: Service;
  let logLines: Array<Record<string, unknown>>;
  let signingIdentity: SigningIdentity;

  before(async () => {
    signingIdentity = { p12: await createSelfSignedP12('test passphrase'), passphrase: 'test passphrase' };
  });

  const startConverter = async (environment: Record<string, string> = {}) => {
    const logger = createLogger('converter-test', 'info', { write: (line: string) => logLines.push(JSON.parse(line)) });
    converter = createConverter({ store, bus, blobs, logger }, { ...ConverterConfig.parse(environment), signingIdentity });
    await converter.start();
  };

  const upload = async (sourceIndex: number, bytes: Buffer, fileName: string, mimeType: string): Promise<DocumentEvent> => ({
    type: 'SourceFileStored',
    data: { sourceIndex, file: { blob: await blobs.put(bytes), fileName, mimeType }, origin: { kind: 'upload' } },
  });

  const downloadFailed = (sourceIndex: number): DocumentEvent => ({
    type: 'DownloadFailed',
    data: { sourceIndex, url: 'https://files.example.com/gone.pdf', reason: 'http_status', detail: 'HTTP 404', httpStatus: 404 },
  });

  /** Appends the events and delivers the last one as the relay would; resolves once the converter has handled it. */
  const given = async (...events: DocumentEvent[]) => {
    await store.append(STREAM, toNewEvents(events, { tenantId: 'tenant-a', documentId: DOCUMENT_ID, producer: 'test' }), 'noStream');
    await redeliverLast(events.length);
  };

  /** Appends more events, as the other services would, and delivers the last one; resolves once the converter has handled it. */
  const andThen = async (...events: DocumentEvent[]) => {
    const count = (await store.readStream(STREAM)).length;
    await store.append(STREAM, toNewEvents(events, { tenantId: 'tenant-a', documentId: DOCUMENT_ID, producer: 'test' }), count - 1);
    await redeliverLast(count + events.length);
  };

  const redeliverLast = async (count: number) => {
    const recorded = (await store.readStream(STREAM))[count - 1]!;
    await bus.publish([{ key: DOCUMENT_ID, event: recorded, headers: {} }]);
  };

  const recordedAfter = async (count: number): Promise<DocumentEvent[]> =>
    (await store.readStream(STREAM)).slice(count).map(readDocumentEvent);

  const conversionAfter = async (count: number): Promise<EventData<'DocumentConverted'>> => {
    const events = await recordedAfter(count);
    expect(events.map((event) => event.type)).to.deep.equal(['DocumentConverted']);
    return events[0]!.data as EventData<'DocumentConverted'>;
  };

  /** The stored bytes' real type and size, to check each file is what its event says. */
  const inspect = async (file: StoredFile) => {
    const bytes = (await blobs.get(file.blob.hash))!;
    const { width, height } = await sharp(bytes).metadata();
    return { mimeType: (await fileTypeFromBuffer(bytes))?.mime, size: bytes.length, width, height };
  };

  /** TextRecognized for `count` OCR'd pages without words, as the extractor records a blank scan. */
  const recognizedAsOcr = (count: number): DocumentEvent => ({
    type: 'TextRecognized',
    data: {
      pages: Array.from({ length: count }, (_, index) => ({
        pageNumber: index + 1,
        text: '',
        method: 'ocr' as const,
        confidence: null,
        words: null,
      })),
    },
  });

  /** DataExtracted as the extractor records it; any extraction will do, so the golden fixture's. */
  const extracted = async (): Promise<DocumentEvent> => readDocumentEvent(JSON.parse(await readFile(EXTRACTED_FIXTURE, 'utf8')));

  const uploads = (count: number) =>
    submitted({ sources: Array.from({ length: count }, (_, index) => ({ index, kind: 'upload' as const })) });

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-converter-'));
    store = await openFileEventStore(join(directory, 'events'));
    bus = createInProcessBus({ maxAttempts: 1 });
    blobs = await openLocalBlobStore(join(directory, 'blobs'));
    logLines = [];
  });

  afterEach(async () => {
    await converter.stop();
    await bus.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('when the last file is stored, renders a born-digital PDF and a photo to pages, previews and a thumbnail in the blob store', async () => {
    await startConverter();
    const pdf = await readFile(join(CORPUS, 'QualityHosting.pdf'));
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#f0f0f0' } })
      .jpeg()
      .toBuffer();

    await given(uploads(2), await upload(0, pdf, 'invoice.pdf', 'application/pdf'), await upload(1, photo, 'receipt.jpg', 'image/jpeg'));

    const conversion = await conversionAfter(3);
    expect(conversion.failures).to.deep.equal([]);
    expect(
      conversion.pages.map(({ pageNumber, sourceIndex, sourcePage, widthPx, heightPx }) => ({
        pageNumber,
        sourceIndex,
        sourcePage,
        widthPx,
        heightPx,
      })),
    ).to.deep.equal([
      { pageNumber: 1, sourceIndex: 0, sourcePage: 1, widthPx: 2480, heightPx: 3508 },
      { pageNumber: 2, sourceIndex: 0, sourcePage: 2, widthPx: 2480, heightPx: 3508 },
      { pageNumber: 3, sourceIndex: 1, sourcePage: 1, widthPx: 1600, heightPx: 1200 },
    ]);
    const [first, , third] = conversion.pages;
    // The PDF's pages have a text layer (and draw rules and a logo): read from the layer, drawn only where needed.
    expect(conversion.pages.map(({ image, showsOnlyText }) => ({ raster: image !== null, showsOnlyText }))).to.deep.equal([
      { raster: false, showsOnlyText: false },
      { raster: false, showsOnlyText: false },
      { raster: true, showsOnlyText: false },
    ]);
    expect(third!.image).to.include({ fileName: 'page-3.png', mimeType: 'image/png' });
    expect(await inspect(third!.image!)).to.deep.include({
      mimeType: 'image/png',
      width: 1600,
      height: 1200,
      size: third!.image!.blob.size,
    });
    expect(first!.preview).to.include({ fileName: 'preview-1.jpg', mimeType: 'image/jpeg' });
    expect(await inspect(first!.preview)).to.deep.include({ mimeType: 'image/jpeg', width: 1000, height: 1414 });
    expect(await inspect(third!.preview)).to.deep.include({ mimeType: 'image/jpeg', width: 1000, height: 750 });
    expect(conversion.thumbnail).to.include({ fileName: 'thumbnail.jpg', mimeType: 'image/jpeg' });
    expect(await inspect(conversion.thumbnail!)).to.deep.include({ mimeType: 'image/jpeg', width: 200, height: 283 });
  });

  describe('a PDF page with a text layer', () => {
    /** A one-page A4 PDF of a few lines of Helvetica and, as asked, a rule under them. */
    const textPdf = async ({ rule = false } = {}) => {
      const document = await PDFDocument.create();
      const page = document.addPage([595.28, 841.89]);
      const font = await document.embedFont(StandardFonts.Helvetica);
      ['Rechnung Nr. 2026-0042', 'Beratung 3 Stunden', 'Total CHF 1234.50'].forEach((line, index) =>
        page.drawText(line, { x: 72, y: 760 - index * 20, size: 12, font }),
      );
      if (rule) page.drawLine({ start: { x: 72, y: 690 }, end: { x: 520, y: 690 } });
      return Buffer.from(await document.save());
    };

    it('given a page that paints nothing but its text layer, stores no raster for it, says it shows only text, and draws its preview and thumbnail at their widths', async () => {
      await startConverter();

      await given(uploads(1), await upload(0, await textPdf(), 'invoice.pdf', 'application/pdf'));

      const conversion = await conversionAfter(2);
      const [page] = conversion.pages;
      expect(page).to.deep.include({ image: null, widthPx: 2480, heightPx: 3508, showsOnlyText: true });
      expect(logLines.find((entry) => entry.msg === 'converter rendered source')).to.include({ pages: 1, pages_without_raster: 1 });
      expect(await inspect(page!.preview)).to.deep.include({ mimeType: 'image/jpeg', width: 1000, height: 1414 });
      expect(await inspect(conversion.thumbnail!)).to.deep.include({ mimeType: 'image/jpeg', width: 200, height: 283 });
    });

    it('given a page that also draws a rule, stores no raster for it either, and says it paints more than text', async () => {
      await startConverter();

      await given(uploads(1), await upload(0, await textPdf({ rule: true }), 'invoice.pdf', 'application/pdf'));

      const [page] = (await conversionAfter(2)).pages;
      expect(page).to.deep.include({ image: null, widthPx: 2480, heightPx: 3508, showsOnlyText: false });
      expect(await inspect(page!.preview)).to.deep.include({ mimeType: 'image/jpeg', width: 1000, height: 1414 });
    });
  });

  it('logs the pages and milliseconds of each source', async () => {
    await startConverter();
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    await given(uploads(1), await upload(0, png, 'scan.png', 'image/png'));

    const line = logLines.find((entry) => entry.msg === 'converter rendered source');
    expect(line).to.include({ document_id: DOCUMENT_ID, tenant_id: 'tenant-a', source_index: 0, pages: 1 });
    expect(line?.ms).to.be.a('number');
  });

  it('does nothing while another source is still being downloaded', async () => {
    await startConverter();
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    await given(uploads(2), await upload(0, png, 'scan.png', 'image/png'));

    expect(await recordedAfter(2)).to.deep.equal([]);
  });

  it('converts when the last download failed but another file is stored', async () => {
    await startConverter();
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    await given(uploads(2), await upload(0, png, 'scan.png', 'image/png'), downloadFailed(1));

    const conversion = await conversionAfter(3);
    expect(conversion.pages).to.have.length(1);
    expect(conversion.failures).to.deep.equal([]);
  });

  it("records a file that is no document as its source's failure, next to the other file's pages", async () => {
    await startConverter();
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    await given(
      uploads(2),
      await upload(0, Buffer.from('just some notes'), 'notes.txt', 'text/plain'),
      await upload(1, png, 'scan.png', 'image/png'),
    );

    const conversion = await conversionAfter(3);
    expect(conversion.pages.map((page) => [page.pageNumber, page.sourceIndex])).to.deep.equal([[1, 1]]);
    expect(conversion.failures).to.deep.equal([
      { sourceIndex: 0, code: 'unsupported_file_type', detail: 'text/plain files cannot be converted to pages' },
    ]);
    expect(errorCodes(foldDocument(await store.readStream(STREAM))!)).to.deep.equal(['unsupported_file_type']);
  });

  it('refuses the file that would take the document past its page limit before rendering it', async () => {
    await startConverter({ CONVERT_MAX_PAGES: '2' });
    const pdf = await readFile(join(CORPUS, 'QualityHosting.pdf'));
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();

    await given(uploads(2), await upload(0, png, 'scan.png', 'image/png'), await upload(1, pdf, 'invoice.pdf', 'application/pdf'));

    const conversion = await conversionAfter(3);
    expect(conversion.pages.map((page) => page.sourceIndex)).to.deep.equal([0]);
    expect(conversion.failures).to.deep.equal([
      { sourceIndex: 1, code: 'too_many_pages', detail: 'the PDF has 2 pages, more than the 1 allowed' },
    ]);
  });

  it('records nothing more when the same message is delivered again', async () => {
    await startConverter();
    const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await given(uploads(1), await upload(0, png, 'scan.png', 'image/png'));

    await redeliverLast(2);

    expect((await recordedAfter(2)).map((event) => event.type)).to.deep.equal(['DocumentConverted']);
  });

  it('when a stored file is missing from the blob store, fails the document once its retries are used up', async () => {
    await startConverter();
    const missing: DocumentEvent = {
      type: 'SourceFileStored',
      data: {
        sourceIndex: 0,
        file: { blob: { hash: 'f'.repeat(64), size: 10 }, fileName: 'lost.pdf', mimeType: 'application/pdf' },
        origin: { kind: 'upload' },
      },
    };

    await given(uploads(1), missing);

    const events = await recordedAfter(2);
    expect(events.map((event) => event.type)).to.deep.equal(['ProcessingFailed']);
    expect(events[0]!.data).to.deep.include({ code: 'processing_failed', stage: 'converter' });
  });
  describe('a document that cannot all be converted', () => {
    it('records each corrupt, empty, encrypted or unsupported file with its error code, and the document still completes', async () => {
      await startConverter();
      const good = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();

      await given(
        uploads(5),
        await upload(0, Buffer.from('%PDF-1.7\nthis is no PDF at all'), 'corrupt.pdf', 'application/pdf'),
        await upload(1, Buffer.alloc(0), 'empty.png', 'image/png'),
        await upload(
          2,
          await readFile(new URL('../../test/fixtures/password-protected.pdf', import.meta.url)),
          'encrypted.pdf',
          'application/pdf',
        ),
        await upload(3, Buffer.from('just some notes'), 'notes.txt', 'text/plain'),
        await upload(4, good, 'scan.png', 'image/png'),
      );
      const conversion = await conversionAfter(6);
      await andThen(recognizedAsOcr(conversion.pages.length), await extracted());

      expect(conversion.failures.map(({ sourceIndex, code }) => [sourceIndex, code])).to.deep.equal([
        [0, 'conversion_failed'],
        [1, 'conversion_failed'],
        [2, 'conversion_failed'],
        [3, 'unsupported_file_type'],
      ]);
      expect(conversion.pages.map((page) => page.sourceIndex)).to.deep.equal([4]);
      expect((await recordedAfter(9)).map((event) => event.type)).to.deep.equal(['DocumentSigned', 'ProcessingCompleted']);
      const state = foldDocument(await store.readStream(STREAM))!;
      expect(state.completion).to.not.equal(null);
      expect(errorCodes(state)).to.deep.equal(['conversion_failed', 'unsupported_file_type']);
    });
  });

  describe('publishing the searchable and signed PDFs', () => {
    /** TextRecognized as the extractor records it, with each page's words in the blob store. */
    const recognized = async (pages: Array<{ method: 'ocr' | 'text_layer'; words: PlacedWord[] }>): Promise<DocumentEvent> => ({
      type: 'TextRecognized',
      data: {
        pages: await Promise.all(
          pages.map(async ({ method, words }, index) => ({
            pageNumber: index + 1,
            text: words.map((word) => word.text).join(' '),
            method,
            confidence: method === 'ocr' ? 0.9 : null,
            words: await storePageWords(
              blobs,
              index + 1,
              words.map((word) => ({ ...word, confidence: method === 'ocr' ? 0.9 : null })),
            ),
          })),
        ),
      },
    });

    const pdfOf = async (file: StoredFile) => {
      const path = join(directory, `${file.blob.hash}.pdf`);
      await writeFile(path, (await blobs.get(file.blob.hash))!);
      return path;
    };

    const signingAfter = async (count: number) => {
      const events = await recordedAfter(count);
      expect(events[0]?.type).to.equal('DocumentSigned');
      return events[0]!.data as EventData<'DocumentSigned'>;
    };

    /** A page of the scanned stand-in as a 300-dpi PNG, as a scanner would deliver it. */
    const scannedPng = async () =>
      (await run('pdftoppm', ['-png', '-r', '300', '-f', '1', '-l', '1', SCANNED_PDF], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }))
        .stdout;

    it('given a born-digital PDF and a scan in one request, when their text is recognized, records one searchable PDF of all pages in request order, and its signed copy', async () => {
      await startConverter();
      await given(
        uploads(2),
        await upload(0, await readFile(BORN_DIGITAL_PDF), 'invoice.pdf', 'application/pdf'),
        await upload(1, await scannedPng(), 'scan.png', 'image/png'),
      );
      expect((await conversionAfter(3)).pages.map((page) => page.sourceIndex)).to.deep.equal([0, 0, 1]);

      await andThen(
        await recognized([
          { method: 'text_layer', words: await wordsOnPage(BORN_DIGITAL_PDF, 1) },
          { method: 'text_layer', words: await wordsOnPage(BORN_DIGITAL_PDF, 2) },
          { method: 'ocr', words: await wordsOnPage(SCANNED_PDF, 1) },
        ]),
      );

      expect((await recordedAfter(5)).map((event) => event.type)).to.deep.equal(['DocumentSigned']);
      const { enhancedPdf, signedPdf } = await signingAfter(5);
      expect(enhancedPdf).to.include({ fileName: 'enhanced.pdf', mimeType: 'application/pdf' });
      expect(signedPdf).to.include({ fileName: 'signed.pdf', mimeType: 'application/pdf' });
      expect((await fileTypeFromBuffer((await blobs.get(signedPdf!.blob.hash))!))?.mime).to.equal('application/pdf');
      const enhanced = await pdfOf(enhancedPdf);
      expect(await pageCountOf(enhanced)).to.equal(3);
      expect(await textOf(enhanced, 1)).to.equal(await textOf(BORN_DIGITAL_PDF, 1));
      expect(await textOf(enhanced, 3))
        .to.include('Villeurbanne')
        .and.to.include('2022089083');
      const signed = await pdfOf(signedPdf!);
      expect(await signatureOf(signed)).to.include({ validation: 'Signature is Valid.', wholeDocument: true });
      expect(await textOf(signed)).to.equal(await textOf(enhanced));
      const line = logLines.find((entry) => entry.msg === 'converter published searchable PDF');
      expect(line).to.include({ document_id: DOCUMENT_ID, pages: 3, signed: true });
    });

    it('given a page of text alone whose PDF forbids copying its pages, draws it from its PDF into the searchable PDF', async () => {
      await startConverter();
      const ownerPasswordPdf = await readFile(new URL('../../test/fixtures/owner-password.pdf', import.meta.url));
      await given(uploads(1), await upload(0, ownerPasswordPdf, 'invoice.pdf', 'application/pdf'));
      const [page] = (await conversionAfter(2)).pages;
      expect(page!.image).to.equal(null);

      await andThen(await recognized([{ method: 'text_layer', words: [] }]));

      const enhanced = await pdfOf((await signingAfter(4)).enhancedPdf);
      expect(await pageCountOf(enhanced)).to.equal(1);
      expect((await imagesOnPage(enhanced, 1)).map(({ width, height }) => [Number(width), Number(height)])).to.deep.equal([
        [page!.widthPx, page!.heightPx],
      ]);
      expect(
        logLines.find((entry) => entry.msg === 'converter could not copy the pages of a PDF; they are made from their rasters'),
      ).to.deep.include({
        source_index: 0,
      });
    });

    it('when the PDFs are the last thing the document needed, completes it with them', async () => {
      await startConverter();
      await given(uploads(1), await upload(0, await scannedPng(), 'scan.png', 'image/png'));
      await conversionAfter(2);

      await andThen(recognizedAsOcr(1), await extracted());

      expect((await recordedAfter(5)).map((event) => event.type)).to.deep.equal(['DocumentSigned', 'ProcessingCompleted']);
    });

    it('records nothing more when the text is delivered again', async () => {
      await startConverter();
      await given(uploads(1), await upload(0, await scannedPng(), 'scan.png', 'image/png'));
      await conversionAfter(2);
      await andThen(recognizedAsOcr(1));

      await redeliverLast(4);

      expect((await recordedAfter(4)).map((event) => event.type)).to.deep.equal(['DocumentSigned']);
    });

    it('publishes nothing for a document without pages: an e-invoice XML is complete without PDFs', async () => {
      await startConverter();
      await given(uploads(1), await upload(0, Buffer.from('<?xml version="1.0"?><Invoice/>'), 'invoice.xml', 'application/xml'));
      expect((await conversionAfter(2)).pages).to.deep.equal([]);

      await andThen(recognizedAsOcr(0));

      expect(await recordedAfter(4)).to.deep.equal([]);
    });
  });
});
