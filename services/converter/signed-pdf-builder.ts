import type { EnhancedPdf, EnhancedPdfOptions, EnhancedPdfPage } from './enhanced-pdf/build-enhanced-pdf.js';
import type { PdfSigner } from './signing/pdf-signer.js';

/** A document's searchable PDF and its signed copy, or what went wrong signing it (the PDF is worth recording without). */
export interface SignedEnhancedPdf {
  built: EnhancedPdf;
  signed: Buffer | Error;
}

/** Builds the searchable PDF and signs it, signed at `signedAt`. */
export type SignedPdfBuilder = (
  pages: readonly EnhancedPdfPage[],
  options: EnhancedPdfOptions,
  signedAt: Date,
) => Promise<SignedEnhancedPdf>;

/** Builds the searchable PDF (see `buildEnhancedPdf`), then has `signer` sign it. */
export const buildThenSign =
  (build: (pages: readonly EnhancedPdfPage[], options: EnhancedPdfOptions) => Promise<EnhancedPdf>, signer: PdfSigner): SignedPdfBuilder =>
  async (pages, options, signedAt) => {
    const built = await build(pages, options);
    const signed = await signer
      .sign(built.pdf, signedAt)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    return { built, signed };
  };
