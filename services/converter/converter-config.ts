import { z } from 'zod';
import { SigningConfig } from '../../shared/signing/signing-config.js';
import { PdfRendererConfig } from './rendering/pdf-renderer-config.js';

/** The environment variables the converter reads; composed into each process's config schema. */
export const ConverterConfig = z.object({
  /** Pages per document, over all its files; a file that would cross it fails with `too_many_pages`. */
  CONVERT_MAX_PAGES: z.coerce.number().int().positive().default(200),
  /** Pixels per decoded image or rendered page: refuses decompression bombs before they are decoded. */
  CONVERT_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
  /** Resolution PDF pages are rendered at for OCR; also the resolution scans are placed at in the searchable PDF. */
  CONVERT_OCR_DPI: z.coerce.number().int().min(72).max(1200).default(300),
  ...PdfRendererConfig.shape,
  PREVIEW_WIDTH_PX: z.coerce.number().int().positive().default(1000),
  THUMBNAIL_WIDTH_PX: z.coerce.number().int().positive().default(200),
  ...SigningConfig.shape,
});
export type ConverterConfig = z.infer<typeof ConverterConfig>;
