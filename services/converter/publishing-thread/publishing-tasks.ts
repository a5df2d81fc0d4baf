import { workerData } from 'node:worker_threads';
import type { RecognizedWord } from '../../../contracts/events/page-words.js';
import type { SigningIdentity } from '../../../shared/signing/p12-identity.js';
import { buildEnhancedPdf, type EnhancedPdf, type EnhancedPdfPage } from '../enhanced-pdf/build-enhanced-pdf.js';
import { createPdfSigner } from '../signing/pdf-signer.js';

/**
 * A page of the searchable PDF as the publishing thread is given it: its words, and its raster unless it is
 * an original page copied from its source PDF.
 */
export type PreparedPage = Pick<EnhancedPdfPage, 'original' | 'widthPx' | 'heightPx'> & {
  image: Uint8Array | null;
  words: RecognizedWord[];
};

export interface BuildTask {
  pages: PreparedPage[];
  /** The source PDFs original pages are copied from, by source index. */
  sources: Array<[number, Uint8Array]>;
  dpi: number;
}

/** The answer for a document with an original page that could not be copied: it is drawn by the renderer, which the main thread holds. */
export const NEEDS_DRAWING = 'needs-drawing';

class PageNotGiven extends Error {}

/** A thread's bytes (a Uint8Array once passed between threads) as a Buffer, without copying. */
export const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The searchable PDF of the pages (see `buildEnhancedPdf`), made in the publishing thread. */
export const build = async ({ pages, sources, dpi }: BuildTask): Promise<EnhancedPdf | typeof NEEDS_DRAWING> => {
  const sourceBytes = new Map(sources.map(([index, bytes]) => [index, bufferOf(bytes)]));
  const enhancedPages = pages.map((page): EnhancedPdfPage => ({
    ...page,
    image: async () => {
      if (!page.image) throw new PageNotGiven();
      return bufferOf(page.image);
    },
    words: async () => page.words,
  }));
  try {
    return await buildEnhancedPdf(enhancedPages, { sourcePdf: async (index) => sourceBytes.get(index)!, dpi });
  } catch (error) {
    if (error instanceof PageNotGiven) return NEEDS_DRAWING;
    throw error;
  }
};

let signer: ReturnType<typeof createPdfSigner> | null = null;

/** The PDF signed with the identity the thread was started with (see `PdfSigner`). */
export const sign = async ({ pdf, signedAt }: { pdf: Uint8Array; signedAt: Date }): Promise<Buffer> => {
  const { p12, passphrase } = workerData as { p12: Uint8Array; passphrase: SigningIdentity['passphrase'] };
  signer ??= createPdfSigner({ p12: bufferOf(p12), passphrase });
  return signer.sign(bufferOf(pdf), signedAt);
};

/** What `buildAndSign` answers: the PDF built, and its signed copy or why signing failed. */
export type SignedBuild =
  { built: EnhancedPdf; signed: Uint8Array; signingError?: never } | { built: EnhancedPdf; signed: null; signingError: string };

/**
 * The searchable PDF built and signed in one task (see `build` and `sign`): the signing follows the build in the
 * thread, without the PDF's round trip through the main thread between them.
 */
export const buildAndSign = async ({ signedAt, ...task }: BuildTask & { signedAt: Date }): Promise<SignedBuild | typeof NEEDS_DRAWING> => {
  const built = await build(task);
  if (built === NEEDS_DRAWING) return built;
  try {
    return { built, signed: await sign({ pdf: built.pdf, signedAt }) };
  } catch (error) {
    return { built, signed: null, signingError: error instanceof Error ? error.message : String(error) };
  }
};
