import { samplePdf } from '../../../shared/files/sample-pdf.js';
import type { Logger } from '../../../shared/logging/logger.js';
import { readPdfTextLayers } from './pdf-text-layer.js';

/**
 * Reads a sample page's text layer at start-up, so the first documents after a start do not pay for pdf.js
 * loading itself and starting its worker (about 0.3 s, which a burst's first documents and any other tenant's
 * document behind them waited for). A failure is only logged: the documents then pay it, as before.
 */
export const warmUpTextLayerReader = async (logger: Logger): Promise<void> => {
  try {
    await readPdfTextLayers(await samplePdf(), [1]);
  } catch (error) {
    logger.warn({ err: error }, 'extractor could not warm up its PDF text-layer reader; the first document will');
  }
};
