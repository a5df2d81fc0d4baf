import { z } from 'zod';
import { SigningConfig } from '../../shared/signing/signing-config.js';
import { PDF_RENDERERS } from './rendering/create-pdf-renderer.js';

/** The environment variables the converter reads; composed into each process's config schema. */
export const ConverterConfig = z.object({
  /** Pages per document, over all its files; a file that would cross it fails with `too_many_pages`. */
  CONVERT_MAX_PAGES: z.coerce.number().int().positive().default(200),
  /** Pixels per decoded image or rendered page: refuses decompression bombs before they are decoded. */
  CONVERT_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
  /** Resolution PDF pages are rendered at for OCR; also the resolution scans are placed at in the searchable PDF. */
  CONVERT_OCR_DPI: z.coerce.number().int().min(72).max(1200).default(300),
  /**
   * What draws PDF pages: `pdfium` (PDFium compiled to WebAssembly, installed by npm, in a worker thread)
   * or `pdf2pic` (GraphicsMagick and Ghostscript, which must be on PATH).
   */
  CONVERT_PDF_RENDERER: z.enum(PDF_RENDERERS).default('pdfium'),
  /** Time the PDF renderer may take for one page (or to open a file); a page that takes longer fails its file with `conversion_failed`. */
  CONVERT_PAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  PREVIEW_WIDTH_PX: z.coerce.number().int().positive().default(1000),
  THUMBNAIL_WIDTH_PX: z.coerce.number().int().positive().default(200),
  ...SigningConfig.shape,
});
export type ConverterConfig = z.infer<typeof ConverterConfig>;
