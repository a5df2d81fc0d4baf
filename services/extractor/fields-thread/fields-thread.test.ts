import { expect } from 'chai';
import { extractFields } from '../fields/extract-fields.js';
import type { ExtractionInput } from '../fields/extraction-input.js';
import { createFieldsThread } from './fields-thread.js';
import { decodeQrCodes, drawnPlaceViews } from '../swiss-payments/decode-qr-codes.js';
import { readQrView, type QrViewReader } from '../swiss-payments/read-qr-view.js';
import { PAYMENT_PART_CODE, pageWithCodes } from '../../../test/support/qr-page.js';

const INVOICE = [
  'Muster AG',
  'Bahnhofstrasse 1',
  '8001 Zürich',
  '',
  'Rechnung Nr. 2026-0042',
  'Datum: 12.03.2026',
  '',
  'Beratung    2 x 100.00    200.00',
  'Total CHF    200.00',
].join('\n');

const blankLike = (width: number, height: number) => ({ rgb: new Uint8Array(width * height * 3).fill(255), width, height });

describe('extractor: the fields read in the extraction’s thread', function () {
  this.timeout(30_000);
  const thread = createFieldsThread();
  after(() => thread.stop());

  it('given a document’s text, when its fields are read in the thread, then they are the ones read on the main thread', async () => {
    const input: ExtractionInput = {
      pages: [{ pageNumber: 1, text: INVOICE, confidence: null }],
      words: new Map(),
      requested: { documentType: null, extractionProcess: 'full-extraction', extractLineItems: true },
    };

    const inThread = await thread.readFields(input);

    expect(inThread).to.deep.equal(extractFields(input));
    expect(inThread.accountingDocument).to.include({ invoice_number: '2026-0042', invoice_date: '2026-03-12' });
  });

  it('given the thread started, when it is warmed up, then a page is read without error', async () => {
    await thread.warmUp();
  });

  it('given a page with a QR-bill and another code, when the QR search reads its views in the thread, then it reads the codes read on the calling thread', async () => {
    const page = await pageWithCodes([
      { text: 'https://example.com/invoice/4711', left: 300, top: 300 },
      { text: 'SPC\n0200\n1', ...PAYMENT_PART_CODE },
    ]);

    const inThread = await decodeQrCodes(page, { expectedBills: 2, readView: thread.readQrView });

    expect(inThread).to.deep.equal(await decodeQrCodes(page, { expectedBills: 2 }));
    expect(inThread).to.have.members(['https://example.com/invoice/4711', 'SPC\n0200\n1']);
  });

  it('given a view without finder patterns, when it is read in the thread with a look first, then nothing is read in it', async () => {
    const blank = { rgb: new Uint8Array(300 * 200 * 3).fill(255), width: 300, height: 200 };

    expect(await thread.readQrView(blank, true)).to.deep.equal({ mayHold: false, texts: [] });
  });

  it('given a view drawn by the renderer, when it is read in the thread, then its pixels are moved there, not copied', async () => {
    const rendered = { pixels: Buffer.from(new Uint8Array(40 * 30 * 3).fill(255).buffer), widthPx: 40, heightPx: 30 };
    const page = {
      ocrDpi: 300,
      widthPt: 595,
      heightPt: 842,
      renderRegion: async () => ({ ...rendered, leftPx: 0, topPx: 0 }),
    } as unknown as Parameters<typeof drawnPlaceViews>[0];
    const reader: QrViewReader = thread.readQrView;
    const view = await drawnPlaceViews(page, { left: 0, top: 0, right: 10, bottom: 10 })('half');

    const reading = await reader(view, true);

    expect({ reading, left: view.rgb.byteLength }).to.deep.equal({ reading: await readQrView(blankLike(40, 30), true), left: 0 });
  });
});
