import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { PdfPageContent, PdfPageSize, PdfRegion } from '../pdf-renderer.js';
import { pdfiumDrawings } from './pdfium-drawings.js';
import { pdfiumPageContent } from './pdfium-page-content.js';
import type { PixelRect } from '../region-pixels.js';
import { PDFIUM_WASM, type PdfiumRefusal } from './pdfium-protocol.js';

/** FPDF_RenderPageBitmap flags: draw annotations (stamps, filled-in forms) as printed, in RGB byte order (not BGR). */
const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10;
/** FPDFBitmap_CreateEx's format: three bytes a pixel, the page's raster as the renderer port hands it on. */
const FPDFBITMAP_BGR = 2;
const BYTES_PER_PIXEL = 3;
const WHITE = 0xffffffff;
/** FPDF_GetLastError's code for a wrong or missing password. */
const FPDF_ERR_PASSWORD = 4;

export class PdfiumRefused extends Error {
  constructor(readonly refusal: PdfiumRefusal) {
    super(refusal.detail);
  }
}

export const loadPdfium = async (): Promise<WrappedPdfiumModule> => {
  const wasm = await readFile(createRequire(import.meta.url).resolve(PDFIUM_WASM));
  const pdfium = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
  pdfium.PDFiumExt_Init();
  return pdfium;
};

/**
 * Pages of a document kept loaded between requests: a page's text, drawings and renders are asked one after
 * another, and loading parses its content each time. The most recently used are kept.
 */
const LOADED_PAGES_KEPT = 2;

interface OpenDocument {
  handle: number;
  /** The file's bytes in PDFium's memory, where they must stay while the document is open. */
  bytes: number;
  /** Loaded pages by page number, least recently used first. */
  loaded: Map<number, number>;
}

/** PDF documents open in one PDFium instance, by the number the main thread knows them by. */
export const pdfiumDocuments = (pdfium: WrappedPdfiumModule) => {
  const { pdfium: runtime } = pdfium;
  const open = new Map<number, OpenDocument>();
  let lastNumber = 0;

  const documentOf = (number: number): OpenDocument => {
    const document = open.get(number);
    if (!document) throw new Error(`PDF document ${number} is not open`);
    return document;
  };

  const withPage = <T>(number: number, pageNumber: number, use: (page: number) => T): T => {
    const { handle, loaded } = documentOf(number);
    let page = loaded.get(pageNumber);
    loaded.delete(pageNumber);
    page ??= pdfium.FPDF_LoadPage(handle, pageNumber - 1);
    if (!page) throw new PdfiumRefused({ kind: 'page', detail: `page ${pageNumber} of the PDF could not be read` });
    loaded.set(pageNumber, page);
    for (const [oldest, oldestPage] of loaded) {
      if (loaded.size <= LOADED_PAGES_KEPT) break;
      pdfium.FPDF_ClosePage(oldestPage);
      loaded.delete(oldest);
    }
    return use(page);
  };

  const pageSizes = (handle: number): PdfPageSize[] => {
    const count = pdfium.FPDF_GetPageCount(handle);
    const size = runtime.wasmExports.malloc(8);
    try {
      return Array.from({ length: count }, (_, index) => {
        if (!pdfium.FPDF_GetPageSizeByIndexF(handle, index, size)) {
          throw new PdfiumRefused({ kind: 'unreadable', detail: `not a readable PDF: page ${index + 1} has no size` });
        }
        return { widthPt: runtime.getValue(size, 'float'), heightPt: runtime.getValue(size + 4, 'float') };
      });
    } finally {
      runtime.wasmExports.free(size);
    }
  };

  return {
    open(pdf: Uint8Array): { document: number; pages: PdfPageSize[] } {
      const bytes = runtime.wasmExports.malloc(pdf.length);
      runtime.HEAPU8.set(pdf, bytes);
      const handle = pdfium.FPDF_LoadMemDocument(bytes, pdf.length, '');
      if (!handle) {
        const password = pdfium.FPDF_GetLastError() === FPDF_ERR_PASSWORD;
        runtime.wasmExports.free(bytes);
        throw new PdfiumRefused(
          password ? { kind: 'password', detail: 'the PDF is password-protected' } : { kind: 'unreadable', detail: 'not a readable PDF' },
        );
      }
      const number = ++lastNumber;
      open.set(number, { handle, bytes, loaded: new Map() });
      try {
        return { document: number, pages: pageSizes(handle) };
      } catch (error) {
        this.close(number);
        throw error;
      }
    },

    text(number: number, pageNumber: number): string {
      return withPage(number, pageNumber, (page) => {
        const textPage = pdfium.FPDFText_LoadPage(page);
        if (!textPage) return '';
        try {
          const count = pdfium.FPDFText_CountChars(textPage);
          if (count <= 0) return '';
          // UTF-16 code units and a terminating zero.
          const buffer = runtime.wasmExports.malloc((count + 1) * 2);
          try {
            pdfium.FPDFText_GetText(textPage, 0, count, buffer);
            return runtime.UTF16ToString(buffer);
          } finally {
            runtime.wasmExports.free(buffer);
          }
        } finally {
          pdfium.FPDFText_ClosePage(textPage);
        }
      });
    },

    content(number: number, pageNumber: number): PdfPageContent {
      return withPage(number, pageNumber, (page) =>
        pdfiumPageContent(pdfium, page, pdfium.FPDF_GetPageWidthF(page), pdfium.FPDF_GetPageHeightF(page)),
      );
    },

    drawings(number: number, pageNumber: number): PdfRegion[] {
      return withPage(number, pageNumber, (page) =>
        pdfiumDrawings(pdfium, page, pdfium.FPDF_GetPageWidthF(page), pdfium.FPDF_GetPageHeightF(page)),
      );
    },

    /**
     * The pixels `area` keeps of the page drawn on white at `pageWidthPx` × `pageHeightPx`, as RGB: the
     * page is drawn shifted into a three-byte bitmap of just the area, in PDFium's memory, with rows of
     * exactly its width, so only the area is drawn and the raster is one copy out of it.
     */
    render(number: number, pageNumber: number, area: PixelRect): Uint8Array {
      const { widthPx, heightPx } = area;
      return withPage(number, pageNumber, (page) => {
        const stride = widthPx * BYTES_PER_PIXEL;
        const size = stride * heightPx;
        const pixels = size > 0 ? runtime.wasmExports.malloc(size) : 0;
        const bitmap = pixels ? pdfium.FPDFBitmap_CreateEx(widthPx, heightPx, FPDFBITMAP_BGR, pixels, stride) : 0;
        if (!bitmap) {
          if (pixels) runtime.wasmExports.free(pixels);
          throw new PdfiumRefused({
            kind: 'page',
            detail: `page ${pageNumber} of the PDF is too large to render at ${widthPx}x${heightPx} pixels`,
          });
        }
        try {
          pdfium.FPDFBitmap_FillRect(bitmap, 0, 0, widthPx, heightPx, WHITE);
          pdfium.FPDF_RenderPageBitmap(
            bitmap,
            page,
            -area.leftPx,
            -area.topPx,
            area.pageWidthPx,
            area.pageHeightPx,
            0,
            FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER,
          );
          // Read after rendering: PDFium's memory may have grown (and moved) while it drew. A copy with its
          // own ArrayBuffer, so it can be handed to the main thread without another.
          return runtime.HEAPU8.slice(pixels, pixels + size);
        } finally {
          pdfium.FPDFBitmap_Destroy(bitmap);
          runtime.wasmExports.free(pixels);
        }
      });
    },

    close(number: number): void {
      const document = open.get(number);
      if (!document) return;
      open.delete(number);
      for (const page of document.loaded.values()) pdfium.FPDF_ClosePage(page);
      pdfium.FPDF_CloseDocument(document.handle);
      runtime.wasmExports.free(document.bytes);
    },
  };
};
