import { samplePdf } from '../../../shared/files/sample-pdf.js';
import type { Logger } from '../../../shared/logging/logger.js';
import type { PdfRenderer } from './pdf-renderer.js';

/**
 * Opens, reads (its text and what it places) and draws a sample page at start-up, in the converter and in the
 * extractor (which reads text layers and draws pictures with its own renderer), so the first documents after a start do not pay for the
 * renderer's own start (PDFium compiles its WebAssembly in its worker on first use: about 0.3 s, which a
 * burst's first documents and any other tenant's document behind them waited for). A failure is only logged:
 * the documents then pay it, as before, and `announceRenderer` has said what is missing.
 */
export const warmUpRenderer = async (renderer: PdfRenderer, logger: Logger): Promise<void> => {
  try {
    const pdf = await renderer.open(await samplePdf());
    try {
      await pdf.text(1);
      await pdf.content(1);
      await pdf.render(1, 36);
    } finally {
      await pdf.close();
    }
  } catch (error) {
    logger.warn({ err: error, pdf_renderer: renderer.name }, 'could not warm up the PDF renderer; the first document will');
  }
};
