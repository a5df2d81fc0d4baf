import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { SigningIdentity } from '../../../shared/signing/p12-identity.js';
import { buildEnhancedPdf, type EnhancedPdfOptions, type EnhancedPdfPage } from '../enhanced-pdf/build-enhanced-pdf.js';
import type { PdfSigner } from '../signing/pdf-signer.js';
import { buildThenSign, type SignedPdfBuilder } from '../signed-pdf-builder.js';
import { signingCertificateOf } from '../../../shared/signing/signing-certificate.js';
import { bufferOf, NEEDS_DRAWING, type BuildTask, type PreparedPage, type SignedBuild } from './publishing-tasks.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'publishing-tasks');

export interface PublishingThread {
  /** Builds a document's searchable PDF (see `buildEnhancedPdf`) and signs it, in one task of the thread. */
  buildSigned: SignedPdfBuilder;
  stop(): Promise<void>;
}

/**
 * The searchable PDF built and signed in a worker thread of its own (pdf-lib and the signature are CPU work of
 * 20 ms and more a document), so the event loop stays free for the extraction running beside it and for requests.
 * The main thread fetches what the thread needs (words, rasters, source PDFs) and hands it over. A document
 * with an original page that cannot be copied (a damaged or owner-locked PDF) is built here instead: its page is
 * drawn by the renderer, and the thread signs it. The identity is checked at once.
 */
export const createPublishingThread = (identity: SigningIdentity): PublishingThread => {
  const certificate = signingCertificateOf(identity);
  const thread = startTaskThread(TASKS_MODULE, { p12: new Uint8Array(identity.p12), passphrase: identity.passphrase });
  const signer: PdfSigner = {
    certificate,
    sign: async (pdf, signedAt) => bufferOf(await thread.run<Uint8Array>('sign', { pdf, signedAt })),
  };

  const taskOf = async (pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions): Promise<BuildTask> => {
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
    return { pages: prepared, sources, dpi: options.dpi };
  };

  const buildSigned: SignedPdfBuilder = async (pages, options, signedAt) => {
    const done = await thread.run<SignedBuild | typeof NEEDS_DRAWING>('buildAndSign', { ...(await taskOf(pages, options)), signedAt });
    if (done === NEEDS_DRAWING) return buildThenSign(buildEnhancedPdf, signer)(pages, options, signedAt);
    const built = { ...done.built, pdf: bufferOf(done.built.pdf) };
    return { built, signed: done.signed ? bufferOf(done.signed) : new Error(done.signingError) };
  };

  return { buildSigned, stop: thread.stop };
};
