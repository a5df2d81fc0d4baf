import { siblingModule, startTaskThread } from '../../../shared/runtime/task-thread.js';
import type { SigningIdentity } from '../../../shared/signing/p12-identity.js';
import { buildEnhancedPdf, type EnhancedPdf, type EnhancedPdfOptions, type EnhancedPdfPage } from '../enhanced-pdf/build-enhanced-pdf.js';
import type { PdfSigner } from '../signing/pdf-signer.js';
import { signingCertificateOf } from '../../../shared/signing/signing-certificate.js';
import { bufferOf, NEEDS_DRAWING, type BuildTask, type PreparedPage } from './publishing-tasks.js';

const TASKS_MODULE = siblingModule(import.meta.url, 'publishing-tasks');

/** Builds a document's searchable PDF (see `buildEnhancedPdf`). */
export type EnhancedPdfBuilder = (pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions) => Promise<EnhancedPdf>;

export interface PublishingThread {
  build: EnhancedPdfBuilder;
  signer: PdfSigner;
  stop(): Promise<void>;
}

/**
 * The searchable PDF built and signed in a worker thread of its own (pdf-lib and the signature are CPU work of
 * 20 ms and more a document), so the event loop stays free for the extraction running beside it and for requests.
 * The main thread fetches what the thread needs (words, rasters, source PDFs) and hands it over. A document
 * with an original page that cannot be copied (a damaged or owner-locked PDF) is built here instead: its page is
 * drawn by the renderer. The identity is checked at once.
 */
export const createPublishingThread = (identity: SigningIdentity): PublishingThread => {
  const certificate = signingCertificateOf(identity);
  const thread = startTaskThread(TASKS_MODULE, { p12: new Uint8Array(identity.p12), passphrase: identity.passphrase });

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
    const built = await thread.run<EnhancedPdf | typeof NEEDS_DRAWING>('build', task);
    if (built === NEEDS_DRAWING) return buildEnhancedPdf(pages, options);
    return { ...built, pdf: bufferOf(built.pdf) };
  };

  return {
    build,
    signer: {
      certificate,
      sign: async (pdf, signedAt) => bufferOf(await thread.run<Uint8Array>('sign', { pdf, signedAt })),
    },
    stop: thread.stop,
  };
};
