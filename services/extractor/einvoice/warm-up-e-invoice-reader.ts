import { samplePdf } from '../../../shared/files/sample-pdf.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { findEmbeddedInvoiceXml } from './embedded-invoice-xml.js';

/**
 * Looks for an e-invoice in a sample PDF at start-up, so the first document after a start does not pay for pdf.js
 * (which reads a PDF's attachments) loading itself and starting its worker: about 0.3 s on the main thread, which a
 * burst's first documents and any other tenant's document behind them waited for. A failure is only logged: the
 * documents then pay it.
 */
export const warmUpEInvoiceReader = async (logger: Logger): Promise<void> => {
  try {
    await findEmbeddedInvoiceXml(await samplePdf());
  } catch (error) {
    logger.warn({ err: error }, 'extractor could not warm up its e-invoice reader; the first document will');
  }
};
