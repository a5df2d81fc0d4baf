import type { Logger } from '../../../shared/logging/logger.js';
import type { PdfRenderer } from './pdf-renderer.js';

/**
 * One line at start-up saying what renders PDF pages or, when the machine lacks something the configured
 * renderer needs, what is missing and what to do: every PDF would fail with `conversion_failed` until then.
 */
export const announceRenderer = async (renderer: PdfRenderer, logger: Logger): Promise<void> => {
  const missing = await renderer.missing();
  if (missing.length === 0) {
    logger.info({ pdf_renderer: renderer.name }, `converter renders PDF pages with ${renderer.name}`);
    return;
  }
  logger.error(
    { pdf_renderer: renderer.name, missing },
    `converter cannot render PDF pages: CONVERT_PDF_RENDERER=${renderer.name} needs ${missing.join(', ')}, not found on this machine; ` +
      'install it or set CONVERT_PDF_RENDERER=pdfium (installed by npm); until then every PDF fails with conversion_failed',
  );
};
