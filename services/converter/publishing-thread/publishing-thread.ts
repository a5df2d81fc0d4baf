import { Piscina } from 'piscina';
import type { SigningIdentity } from '../../../shared/signing/p12-identity.js';
import { buildEnhancedPdf, type EnhancedPdf, type EnhancedPdfOptions, type EnhancedPdfPage } from '../enhanced-pdf/build-enhanced-pdf.js';
import type { PdfSigner } from '../signing/pdf-signer.js';
import { signingCertificateOf } from '../../../shared/signing/signing-certificate.js';
import { NEEDS_DRAWING, type BuildTask, type PreparedPage } from './publishing-tasks.js';

const TASKS_MODULE = new URL(`./publishing-tasks${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url);

/** Builds a document's searchable PDF (see `buildEnhancedPdf`). */
export type EnhancedPdfBuilder = (pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions) => Promise<EnhancedPdf>;

export interface PublishingThread {
  build: EnhancedPdfBuilder;
  signer: PdfSigner;
  stop(): Promise<void>;
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The searchable PDF built and signed in a worker thread of its own (pdf-lib and the signature are CPU work of
 * 20 ms and more a document), so the event loop stays free for the extraction running beside it and for requests.
 * The main thread fetches what the thread needs (words, rasters, source PDFs) and hands it over. A document
 * with an original page that cannot be copied (a damaged or owner-locked PDF) is built here instead: its page is
 * drawn by the renderer. The identity is checked at once.
 */
export const createPublishingThread = (identity: SigningIdentity): PublishingThread => {
  const certificate = signingCertificateOf(identity);
  const pool = new Piscina({
    minThreads: 1,
    maxThreads: 1,
    workerData: { p12: new Uint8Array(identity.p12), passphrase: identity.passphrase },
    // Run from the TypeScript sources (tests, tsx), the thread loads its tasks through tsx too.
    ...(TASKS_MODULE.pathname.endsWith('.ts') && { execArgv: ['--import', 'tsx'] }),
  });

  const build: EnhancedPdfBuilder = async (pages, options) => {
    const prepared = await Promise.all(
      pages.map(async (page): Promise<PreparedPage> => ({
        original: page.original,
        widthPx: page.widthPx,
        heightPx: page.heightPx,
        image: page.original ? null : await page.image(),
        words: await page.words(),
      })),
    );
    const sourceIndexes = new Set(pages.flatMap((page) => (page.original ? [page.original.sourceIndex] : [])));
    const sources = await Promise.all(
      [...sourceIndexes].map(async (index): Promise<[number, Buffer]> => [index, await options.sourcePdf(index)]),
    );
    const task: BuildTask = { pages: prepared, sources, dpi: options.dpi };
    const built = (await pool.run(task, { filename: TASKS_MODULE.href, name: 'build' })) as EnhancedPdf | typeof NEEDS_DRAWING;
    if (built === NEEDS_DRAWING) return buildEnhancedPdf(pages, options);
    return { ...built, pdf: bufferOf(built.pdf) };
  };

  return {
    build,
    signer: {
      certificate,
      sign: async (pdf, signedAt) =>
        bufferOf((await pool.run({ pdf, signedAt }, { filename: TASKS_MODULE.href, name: 'sign' })) as Uint8Array),
    },
    stop: () => pool.destroy(),
  };
};
