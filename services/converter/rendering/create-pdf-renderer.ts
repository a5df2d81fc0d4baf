import { createPdf2picRenderer } from './pdf2pic-renderer.js';
import { createPdfiumRenderer } from './pdfium/pdfium-renderer.js';
import type { PdfRenderer } from './pdf-renderer.js';

/** The PDF renderers a process can be configured with; the first is the default, installed by npm. */
export const PDF_RENDERERS = ['pdfium', 'pdf2pic'] as const;
export type PdfRendererName = (typeof PDF_RENDERERS)[number];

export const createPdfRenderer = (name: PdfRendererName, timeoutMs: number): PdfRenderer =>
  name === 'pdf2pic' ? createPdf2picRenderer({ timeoutMs }) : createPdfiumRenderer({ timeoutMs });
