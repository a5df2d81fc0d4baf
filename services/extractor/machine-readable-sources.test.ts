import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { StoredFile } from '../../contracts/events/common.js';
import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import { corpusPath } from '../../harness/corpora.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { storedFiles } from '../../shared/document/document-queries.js';
import { testPdfRenderer } from '../../test/support/pdf-renderer.js';
import { sourcePdfPagesOf } from '../converter/index.js';
import { givenDocument, submitted } from '../../test/support/given-document.js';
import { createEmbeddedXmlSearches } from './einvoice/embedded-invoice-xml.js';
import { readDocumentEInvoice, readSwissPayments } from './machine-readable-sources.js';
import { createQrSearches } from './swiss-payments/qr-searches.js';
import { esrCodingLine } from '../../test/support/esr-slip.js';
import { PAYMENT_PART_CODE, pageWithCodes } from '../../test/support/qr-page.js';

const QR_BILL =
  'SPC\n0200\n1\nCH4431999123000889012\nS\nRobert Schneider AG\nRue du Lac\n1268/2/22\n2501\nBiel\nCH\n\n\n\n\n\n\n\n123949.75\nCHF\nS\nPia-Maria Rutschmann-Schnyder\nGrosse Marktgasse\n28\n9400\nRorschach\nCH\nQRR\n210000000003139471430009017\nInstruction of 15.09.2019\nEPD';
const logger = createLogger('test', 'silent');

describe('extractor: machine-readable sources of a document', function () {
  this.timeout(60_000);
  let directory: string;
  let blobs: BlobStore;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-machine-'));
    blobs = await openLocalBlobStore(directory);
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  const stored = async (bytes: Buffer, fileName: string, mimeType: string): Promise<StoredFile> => ({
    blob: await blobs.put(bytes),
    fileName,
    mimeType,
  });
  const sourcePagesOf = (state: DocumentState) => {
    const files = new Map(storedFiles(state).map(({ index, file }) => [index, file]));
    return sourcePdfPagesOf(blobs, (index) => files.get(index), testPdfRenderer);
  };
  const documentWith = (...files: StoredFile[]) =>
    givenDocument(
      submitted({ sources: files.map((_, index) => ({ index, kind: 'upload' as const })) }),
      ...files.map((file, sourceIndex): DocumentEvent => ({
        type: 'SourceFileStored',
        data: { sourceIndex, file, origin: { kind: 'upload' } },
      })),
    );

  it('given XRechnung XML submitted on its own, then it is read as the e-invoice', async () => {
    const xml = await stored(
      await readFile(corpusPath('xrechnung/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml')),
      'invoice.xml',
      'application/xml',
    );

    const reading = await readDocumentEInvoice(documentWith(xml), blobs, logger);

    expect(reading?.accountingDocument).to.include({ number: '12345', invoice_date: '2019-05-15', currency: 'EUR' });
  });

  it('given a ZUGFeRD PDF, then the XML attached to it is read, not its pixels', async () => {
    const pdf = await stored(
      await readFile(corpusPath('zugferd/ZUGFeRDv2/correct/Mustangproject/MustangGnuaccountingBeispielRE-20201121_508.pdf')),
      'invoice.pdf',
      'application/pdf',
    );

    const reading = await readDocumentEInvoice(documentWith(pdf), blobs, logger);

    expect(reading?.accountingDocument).to.include({ number: 'RE-20201121/508', invoice_date: '2020-11-21', currency: 'EUR' });
  });

  it('given the search for a PDF’s e-invoice begun ahead, then it is taken over, the file not read again', async () => {
    const pdf = await stored(Buffer.from('%PDF-1.7 not read'), 'invoice.pdf', 'application/pdf');
    const xmlSearches = createEmbeddedXmlSearches();
    const xml = await readFile(corpusPath('xrechnung/src/test/business-cases/extension/04.01a-INVOICE_ubl.xml'));
    xmlSearches.begin(pdf.blob.hash, async () => xml);

    const reading = await readDocumentEInvoice(documentWith(pdf), blobs, logger, xmlSearches);

    expect(reading?.accountingDocument).to.include({ number: '12345', invoice_date: '2019-05-15' });
  });

  it('given a plain PDF, then there is no e-invoice', async () => {
    const pdf = await stored(
      await readFile(corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf')),
      'invoice.pdf',
      'application/pdf',
    );

    expect(await readDocumentEInvoice(documentWith(pdf), blobs, logger)).to.equal(null);
  });

  it('given a page with a QR-bill and an orange slip in the text, then both are read', async () => {
    const image = await stored(await pageWithCodes([{ text: QR_BILL, ...PAYMENT_PART_CODE }]), 'page-1.png', 'image/png');
    const state = givenDocument(submitted({ sources: [{ index: 0, kind: 'upload' }] }), {
      type: 'DocumentConverted',
      data: {
        pages: [
          { pageNumber: 1, sourceIndex: 0, sourcePage: 1, image, preview: image, widthPx: 2480, heightPx: 3508, showsOnlyText: false },
        ],
        thumbnail: null,
        failures: [],
      },
    });
    const codingLine = esrCodingLine({ amount: '3949.75', reference: '12000000000023447894321689', account: '01-162' });

    const payments = await readSwissPayments(
      state,
      [{ pageNumber: 1, text: `Zahlteil\n${codingLine}`, confidence: null }],
      blobs,
      logger,
      createQrSearches(),
      sourcePagesOf(state),
    );

    expect(payments.qrBills).to.have.length(1);
    expect(payments.qrBills[0]).to.include({ page: 1, iban: 'CH4431999123000889012', amount: '123949.75', currency: 'CHF' });
    expect(payments.esr?.esr).to.include({ amount_esr: '3949.75', account_esr: '01-162-8' });
  });

  it('given a page that shows only text, then no QR code is looked for on it and its slip is read from the text', async () => {
    const preview = await stored(Buffer.from('jpeg'), 'preview-1.jpg', 'image/jpeg');
    const state = givenDocument(submitted({ sources: [{ index: 0, kind: 'upload' }] }), {
      type: 'DocumentConverted',
      data: {
        pages: [{ pageNumber: 1, sourceIndex: 0, sourcePage: 1, image: null, preview, widthPx: 2480, heightPx: 3508, showsOnlyText: true }],
        thumbnail: null,
        failures: [],
      },
    });
    const codingLine = esrCodingLine({ amount: '3949.75', reference: '12000000000023447894321689', account: '01-162' });
    const asked: string[] = [];
    const qrSearches = createQrSearches();
    const watched = {
      ...qrSearches,
      codesOf: (...args: Parameters<typeof qrSearches.codesOf>) => (asked.push(args[0].key), qrSearches.codesOf(...args)),
    };

    const payments = await readSwissPayments(
      state,
      [{ pageNumber: 1, text: `Zahlteil\n${codingLine}`, confidence: null }],
      blobs,
      logger,
      watched,
      sourcePagesOf(state),
    );

    expect(asked).to.deep.equal([]);
    expect(payments.qrBills).to.deep.equal([]);
    expect(payments.esr?.esr).to.include({ amount_esr: '3949.75' });
  });

  it('given a page converted without a raster that paints its QR code, then the code is read from the page drawn from its PDF', async () => {
    const pdf = await stored(
      await readFile(corpusPath('qrbill/manuelbl/generator/src/test/resources/a4bill_ex1.pdf')),
      'bill.pdf',
      'application/pdf',
    );
    const preview = await stored(Buffer.from('jpeg'), 'preview-1.jpg', 'image/jpeg');
    const state = givenDocument(
      submitted({ sources: [{ index: 0, kind: 'upload' }] }),
      { type: 'SourceFileStored', data: { sourceIndex: 0, file: pdf, origin: { kind: 'upload' } } },
      {
        type: 'DocumentConverted',
        data: {
          pages: [
            { pageNumber: 1, sourceIndex: 0, sourcePage: 1, image: null, preview, widthPx: 2480, heightPx: 3508, showsOnlyText: false },
          ],
          thumbnail: null,
          failures: [],
        },
      },
    );

    const payments = await readSwissPayments(
      state,
      [{ pageNumber: 1, text: 'Zahlteil', confidence: null }],
      blobs,
      logger,
      createQrSearches(),
      sourcePagesOf(state),
    );

    expect(payments.qrBills.map(({ page, iban, amount }) => ({ page, iban, amount }))).to.deep.equal([
      { page: 1, iban: 'CH4431999123000889012', amount: '123949.75' },
    ]);
  });
});
