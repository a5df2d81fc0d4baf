import { z } from 'zod';
import { PDF_RENDERERS } from './create-pdf-renderer.js';

/** What draws PDF pages, read by the converter and by the extractor (which draws a page stored without a raster when it must). */
export const PdfRendererConfig = z.object({
  /**
   * What draws PDF pages: `pdfium` (PDFium compiled to WebAssembly, installed by npm, in a worker thread)
   * or `pdf2pic` (GraphicsMagick and Ghostscript, which must be on PATH).
   */
  CONVERT_PDF_RENDERER: z.enum(PDF_RENDERERS).default('pdfium'),
  /** Time the PDF renderer may take for one page (or to open a file); a page that takes longer fails its file with `conversion_failed`. */
  CONVERT_PAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
});
