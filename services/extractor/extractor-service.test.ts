import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import type { StoredFile } from '../../contracts/events/common.js';
import type { ConvertedPage, DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { readDocumentEvent } from '../../contracts/events/registry.js';
import { createInProcessBus } from '../../shared/adapters/embedded/in-process-bus.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { submitted } from '../../test/support/given-document.js';
import { ExtractorConfig } from './extractor-config.js';
import { createExtractor } from './extractor-service.js';
import { corpusPath } from '../../harness/corpora.js';
import { pdfWithPictures, pictureOfText } from '../../test/support/pdf-with-pictures.js';

const CORPUS = corpusPath('invoice2data/tests/compare');
const DOCUMENT_ID = 'doc-1';
const STREAM = documentStreamName(DOCUMENT_ID);

describe('extractor service', function () {
  this.timeout(60_000);

  let directory: string;
  let store: EventStore;
  let bus: EventBus;
  let blobs: BlobStore;
  let extractor: Service;
  let warnings: string[];

  const stored = async (bytes: Buffer, fileName: string, mimeType: string): Promise<StoredFile> => ({
    blob: await blobs.put(bytes),
    fileName,
    mimeType,
  });

  const upload = (file: StoredFile): DocumentEvent => ({
    type: 'SourceFileStored',
    data: { sourceIndex: 0, file, origin: { kind: 'upload' } },
  });

  const converted = (...pages: ConvertedPage[]): DocumentEvent => ({
    type: 'DocumentConverted',
    data: { pages, thumbnail: null, failures: [] },
  });

  const pageOf = (pageNumber: number, image: StoredFile): ConvertedPage => ({
    pageNumber,
    sourceIndex: 0,
    sourcePage: pageNumber,
    image,
    preview: image,
    widthPx: 2480,
    heightPx: 3508,
    showsOnlyText: false,
  });

  /** Appends the events and delivers the last one as the relay would; resolves once it has been handled. */
  const given = async (...events: DocumentEvent[]) => {
    await store.append(STREAM, toNewEvents(events, { tenantId: 'tenant-a', documentId: DOCUMENT_ID, producer: 'test' }), 'noStream');
    await deliver(events.length - 1);
  };

  const deliver = async (revision: number) => {
    const recorded = (await store.readStream(STREAM))[revision]!;
    await bus.publish([{ key: DOCUMENT_ID, event: recorded, headers: {} }]);
  };

  const recordedAfter = async (count: number): Promise<DocumentEvent[]> =>
    (await store.readStream(STREAM)).slice(count).map(readDocumentEvent);

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-extractor-'));
    store = await openFileEventStore(join(directory, 'events'));
    bus = createInProcessBus({ maxAttempts: 1 });
    blobs = await openLocalBlobStore(join(directory, 'blobs'));
    const config = ExtractorConfig.parse({ OCR_WORK_DIR: join(directory, 'ocr') });
    warnings = [];
    const logger = createLogger('extractor-test', 'warn', { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    extractor = createExtractor({ store, bus, blobs, logger }, config);
    await extractor.start();
  });

  afterEach(async () => {
    await extractor.stop();
    await bus.close();
    await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('reads a born-digital PDF’s text layer, then its accounting data (completion waits for the signed PDF)', async () => {
    const pdf = await stored(await readFile(join(CORPUS, 'QualityHosting.pdf')), 'invoice.pdf', 'application/pdf');
    const image = await stored(Buffer.from('page raster'), 'page.png', 'image/png');

    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(pdf), converted(pageOf(1, image), pageOf(2, image)));
    const [recognition] = await recordedAfter(3);
    expect(recognition?.type).to.equal('TextRecognized');
    expect((recognition!.data as EventData<'TextRecognized'>).pages.map((page) => page.method)).to.deep.equal(['text_layer', 'text_layer']);

    await deliver(3);

    const events = await recordedAfter(4);
    expect(events.map((event) => event.type)).to.deep.equal(['DataExtracted']);
    const extracted = events[0]!.data as EventData<'DataExtracted'>;
    expect(extracted.documentType).to.equal('invoice');
    expect(extracted.accountingDocument).to.include({
      number: '30064443',
      invoice_number: '30064443',
      invoice_date: '2014-05-07',
      amount_total: '34.73',
      currency: 'EUR',
    });
    expect(extracted.accountingDocument.bank_accounts).to.deep.equal([{ iban: 'DE30507500940000048567', bic: 'HELADEF1GEL' }]);
    expect(extracted.senderAddress).to.include({
      company_name: 'QualityHosting AG',
      postal_code: '63571',
      city_name: 'Gelnhausen',
      country_code: 'DE',
      vat_id: 'DE232446240',
    });
    expect(extracted.errorCodes).to.deep.equal([]);
    // Read from the word boxes recognition stored: every field is located on its page.
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.deep.include({ kind: 'text', page: 2 });
    expect(extracted.evidence['accounting_document.amount_total']!.source).to.have.property('box').that.is.an('array');
  });

  it('OCRs a photographed page', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect width="100%" height="100%" fill="white"/>
      <text x="40" y="100" font-family="sans-serif" font-size="40">Quittung Nr. 4711</text>
      <text x="40" y="200" font-family="sans-serif" font-size="40">Total CHF 12.50</text></svg>`;
    const photo = await stored(await sharp(Buffer.from(svg)).png().toBuffer(), 'receipt.png', 'image/png');

    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(photo), converted(pageOf(1, photo)));
    await deliver(3);

    const [recognition, extraction] = await recordedAfter(3);
    const page = (recognition!.data as EventData<'TextRecognized'>).pages[0]!;
    expect(page).to.include({ pageNumber: 1, method: 'ocr' });
    expect(page.confidence).to.be.above(0.8);
    expect((extraction!.data as EventData<'DataExtracted'>).accountingDocument).to.include({
      number: '4711',
      amount_total: '12.50',
      currency: 'CHF',
    });
  });

  it('records empty text and empty data for a document whose files gave no pages', async () => {
    const xml = await stored(Buffer.from('<Invoice/>'), 'invoice.xml', 'application/xml');

    await given(submitted({ sources: [{ index: 0, kind: 'upload' }], documentType: 'invoice' }), upload(xml), converted());
    await deliver(3);

    const events = await recordedAfter(3);
    expect(events.map((event) => event.type)).to.deep.equal(['TextRecognized', 'DataExtracted', 'ProcessingCompleted']);
    expect(events[0]!.data).to.deep.equal({ pages: [] });
    const extracted = events[1]!.data as EventData<'DataExtracted'>;
    expect(extracted.documentType).to.equal('invoice');
    expect(extracted.accountingDocument).to.include({ number: null, amount_total: null, text: null });
    expect(extracted.errorCodes).to.deep.equal([]);
  });

  it('records nothing more when a message is delivered again', async () => {
    const xml = await stored(Buffer.from('<Invoice/>'), 'invoice.xml', 'application/xml');
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(xml), converted());
    await deliver(3);

    await deliver(2);
    await deliver(3);

    expect((await recordedAfter(3)).map((event) => event.type)).to.deep.equal(['TextRecognized', 'DataExtracted', 'ProcessingCompleted']);
  });

  it('given a stored PDF, when its storing is delivered, then nothing is recorded until its conversion, whose page is then read from its text layer', async () => {
    const file = await stored(
      await pdfWithPictures({ texts: [{ x: 72, y: 760, text: 'Rechnung Nr. 2026-17 vom 12.03.2026, Summe 119,00 EUR' }] }),
      'invoice.pdf',
      'application/pdf',
    );
    await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(file));
    expect(await recordedAfter(2)).to.deep.equal([]);

    await store.append(
      STREAM,
      toNewEvents([converted({ ...pageOf(1, file), image: null, showsOnlyText: true })], {
        tenantId: 'tenant-a',
        documentId: DOCUMENT_ID,
        producer: 'test',
      }),
      1,
    );
    await deliver(2);

    const [recognition] = await recordedAfter(3);
    expect(recognition?.type).to.equal('TextRecognized');
    const [page] = (recognition!.data as EventData<'TextRecognized'>).pages;
    expect(page).to.include({ method: 'text_layer' });
    expect(page!.text).to.include('Rechnung Nr. 2026-17');
  });

  describe('looking for QR codes', () => {
    const LINES = [
      { x: 72, y: 760, text: 'Muster AG, Bahnhofstrasse 1, 8001 Zürich' },
      { x: 72, y: 730, text: 'Rechnung Nr. 2026-17 vom 12.03.2026' },
    ];
    const QR_SEARCH_FAILED = 'QR codes could not be looked for on this page';
    /** A page image that is no image: searching it for QR codes fails with a warning, so a search shows. */
    const extractWithUnreadablePageImage = async (pdf: Buffer) => {
      const file = await stored(pdf, 'invoice.pdf', 'application/pdf');
      const image = await stored(Buffer.from('page raster'), 'page.png', 'image/png');
      await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(file), converted(pageOf(1, image)));
      await deliver(3);
      expect((await recordedAfter(4)).map((event) => event.type)).to.deep.equal(['DataExtracted']);
    };

    it('given a page with a raster, then its image is searched', async () => {
      const picture = { x: 72, y: 72, width: 200, height: 200, png: await pictureOfText('QR', 400, 400) };

      await extractWithUnreadablePageImage(await pdfWithPictures({ texts: LINES, pictures: [picture] }));

      expect(warnings).to.include(QR_SEARCH_FAILED);
    });

    it('given a page converted without a raster that shows only text, then its text layer is read, nothing is looked for, and its data extracted', async () => {
      const file = await stored(await pdfWithPictures({ texts: LINES }), 'invoice.pdf', 'application/pdf');

      await given(
        submitted({ sources: [{ index: 0, kind: 'upload' }] }),
        upload(file),
        converted({ ...pageOf(1, file), image: null, showsOnlyText: true }),
      );
      await deliver(3);

      const events = await recordedAfter(3);
      expect(events.map((event) => event.type)).to.deep.equal(['TextRecognized', 'DataExtracted']);
      expect((events[0]!.data as EventData<'TextRecognized'>).pages.map((page) => page.method)).to.deep.equal(['text_layer']);
      expect(warnings).to.not.include(QR_SEARCH_FAILED);
    });

    it('given a page converted without a raster that paints a QR-bill, then the bill is read from the page drawn from its PDF', async () => {
      const bill = await readFile(corpusPath('qrbill/manuelbl/generator/src/test/resources/a4bill_ex1.pdf'));
      const file = await stored(bill, 'bill.pdf', 'application/pdf');

      await given(submitted({ sources: [{ index: 0, kind: 'upload' }] }), upload(file), converted({ ...pageOf(1, file), image: null }));
      await deliver(3);

      const events = await recordedAfter(3);
      expect(events.map((event) => event.type)).to.deep.equal(['TextRecognized', 'DataExtracted']);
      const extracted = events[1]!.data as EventData<'DataExtracted'>;
      expect(extracted.accountingDocument.es).to.include({ es_iban: 'CH4431999123000889012' });
    });
  });
});
