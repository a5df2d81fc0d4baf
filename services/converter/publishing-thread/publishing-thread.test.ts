import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { corpusPath } from '../../../harness/corpora.js';
import { createSelfSignedP12 } from '../../../shared/signing/self-signed-identity.js';
import { signatureOf, textOf } from '../../../test/support/poppler.js';
import { buildEnhancedPdf, type EnhancedPdfPage } from '../enhanced-pdf/build-enhanced-pdf.js';
import { createPublishingThread, type PublishingThread } from './publishing-thread.js';

const BORN_DIGITAL_PDF = corpusPath('invoice2data/tests/compare/QualityHosting.pdf');
/** Opens without a password, but its owner forbids copying its pages. */
const OWNER_PASSWORD_PDF = new URL('../../../test/fixtures/owner-password.pdf', import.meta.url);
const DPI = 150;
const SIGNED_AT = new Date('2026-03-12T10:00:00Z');
const LOGO_WORD = { text: 'Musterfirma', box: [0.1, 0.02, 0.3, 0.05] as [number, number, number, number], confidence: 0.9 };

describe('converter: the searchable PDF built and signed in the publishing thread', function () {
  this.timeout(60_000);
  let directory: string;
  let thread: PublishingThread;
  let drawn: number;

  const written = async (pdf: Buffer) => {
    const path = join(directory, `${randomUUID()}.pdf`);
    await writeFile(path, pdf);
    return path;
  };
  const whitePage = () =>
    sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
  const scannedPage = (): EnhancedPdfPage => ({
    original: null,
    widthPx: 1240,
    heightPx: 1754,
    image: whitePage,
    words: async () => [{ text: 'Gesamtbetrag', box: [0.1, 0.5, 0.4, 0.53], confidence: 0.9 }],
  });
  const bornDigitalPage = (sourceIndex: number): EnhancedPdfPage => ({
    original: { sourceIndex, sourcePage: 1 },
    widthPx: 1240,
    heightPx: 1754,
    image: async () => (drawn++, whitePage()),
    words: async () => [LOGO_WORD],
  });

  before(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-publishing-thread-'));
    thread = createPublishingThread({ p12: await createSelfSignedP12('a passphrase'), passphrase: 'a passphrase' });
  });
  beforeEach(() => (drawn = 0));
  after(async () => {
    await thread.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it('given a scanned page and a born-digital page, when built and signed in the thread, then the PDF is the one the main thread builds', async () => {
    const pages = [scannedPage(), bornDigitalPage(1)];
    const options = { sourcePdf: () => readFile(BORN_DIGITAL_PDF), dpi: DPI };

    const [inThread, here] = await Promise.all([thread.buildSigned(pages, options, SIGNED_AT), buildEnhancedPdf(pages, options)]);

    expect(inThread.built).to.deep.include({ copiedPages: 1, rasterPages: 1, uncopiedSources: [] });
    expect(await textOf(await written(inThread.built.pdf), 1)).to.equal(await textOf(await written(here.pdf), 1));
    expect(await textOf(await written(inThread.built.pdf), 2))
      .to.include('Musterfirma')
      .and.to.include('Rechnungsnr.');
    expect(drawn).to.equal(0);
  });

  it('given a source PDF whose pages cannot be copied, when built, then its page is drawn on the main thread, the source reported and the PDF signed', async () => {
    const { built, signed } = await thread.buildSigned(
      [bornDigitalPage(0)],
      { sourcePdf: () => readFile(OWNER_PASSWORD_PDF), dpi: DPI },
      SIGNED_AT,
    );

    expect(built).to.include({ copiedPages: 0, rasterPages: 1 });
    expect(built.uncopiedSources.map((source) => source.sourceIndex)).to.deep.equal([0]);
    expect(drawn).to.equal(1);
    expect(await signatureOf(await written(signed as Buffer))).to.include({ validation: 'Signature is Valid.' });
  });

  it('given a document, when built and signed in the thread, then pdfsig finds the signature valid, by the identity the thread was started with', async () => {
    const { signed } = await thread.buildSigned([bornDigitalPage(1)], { sourcePdf: () => readFile(BORN_DIGITAL_PDF), dpi: DPI }, SIGNED_AT);

    expect(signed).to.be.instanceOf(Buffer);
    expect(await signatureOf(await written(signed as Buffer))).to.include({
      signer: 'Kontor document signing',
      validation: 'Signature is Valid.',
    });
  });

  it('given a wrong passphrase, when the thread is created, then it fails at once', async () => {
    const p12 = await createSelfSignedP12('a passphrase');

    expect(() => createPublishingThread({ p12, passphrase: 'another' })).to.throw();
  });
});
