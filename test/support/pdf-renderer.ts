import { createPdfiumRenderer } from '../../services/converter/rendering/pdfium/pdfium-renderer.js';

/** The default PDF renderer, shared by the tests that need PDF pages drawn; its thread does not keep a test run alive. */
export const testPdfRenderer = createPdfiumRenderer({ timeoutMs: 60_000 });
