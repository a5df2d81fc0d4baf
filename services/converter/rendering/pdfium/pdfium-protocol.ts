import type { PdfPageContent, PdfPageSize, PdfRegion } from '../pdf-renderer.js';
import type { PixelRect } from '../region-pixels.js';

/** PDFium's WebAssembly, as the package exports it. */
export const PDFIUM_WASM = '@embedpdf/pdfium/pdfium.wasm';

/** What the main thread asks of the PDFium worker; each request carries an id its reply repeats. */
export type PdfiumRequest =
  | { id: number; op: 'open'; pdf: Uint8Array }
  | { id: number; op: 'text'; document: number; pageNumber: number }
  | { id: number; op: 'content'; document: number; pageNumber: number }
  | { id: number; op: 'drawings'; document: number; pageNumber: number }
  | { id: number; op: 'render'; document: number; pageNumber: number; area: PixelRect }
  | { id: number; op: 'close'; document: number };

/** Why PDFium could not do what it was asked, for the file's owner (not retried). */
export interface PdfiumRefusal {
  kind: 'password' | 'unreadable' | 'page';
  detail: string;
}

export type PdfiumResult =
  | { op: 'open'; document: number; pages: PdfPageSize[] }
  | { op: 'text'; text: string }
  | { op: 'content'; content: PdfPageContent }
  | { op: 'drawings'; drawings: PdfRegion[] }
  | { op: 'render'; rgb: ArrayBuffer; widthPx: number; heightPx: number }
  | { op: 'close' };

export type PdfiumReply =
  | { id: number; result: PdfiumResult }
  | { id: number; refusal: PdfiumRefusal }
  /** Something went wrong in the worker itself: a bug, not the file's fault. */
  | { id: number; error: string };
