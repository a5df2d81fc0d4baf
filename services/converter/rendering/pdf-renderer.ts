import type { PageRaster } from '../../../shared/imaging/page-raster.js';

/** A page's size in PDF points (1/72 inch), as it is shown: its rotation applied. */
export interface PdfPageSize {
  widthPt: number;
  heightPt: number;
}

/** A page rendered as opaque 8-bit RGB pixels on white, row by row. */
export type RenderedPdfPage = Pick<PageRaster, 'pixels' | 'widthPx' | 'heightPx'>;

/** A rectangle of the page as it is shown, in PDF points from its top left corner, y downwards. */
export interface PdfRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A run of a page's own text (its text layer): characters set one after another on one line, with its box. */
export type PdfTextRun = PdfRegion & {
  /** The run's characters, with a space wherever the words inside it are set apart. */
  text: string;
};

/**
 * What a page's content places on it, as it is shown (in PDF points, y downwards): its text runs, each from
 * the left of its first character to the right of its last and from a font size above its baseline down to
 * the baseline, left to right text only; and the visible part of every picture drawn on it.
 */
export interface PdfPageContent {
  textRuns: PdfTextRun[];
  pictures: PdfRegion[];
}

/** Part of a page rendered: its pixels, and where its top left pixel lies in the whole page's raster. */
export type RenderedPdfRegion = RenderedPdfPage & { leftPx: number; topPx: number };

/** One PDF, open for rendering; closed by its caller. */
export interface OpenPdf {
  /** Each page's size, in page order (page 1 first). */
  readonly pages: readonly PdfPageSize[];
  /** The text of page `pageNumber` (1-based) as its text layer has it; empty for a scan. */
  text(pageNumber: number): Promise<string>;
  /** The text runs and pictures on page `pageNumber` (1-based); none on a scan without a text layer. */
  content(pageNumber: number): Promise<PdfPageContent>;
  /**
   * Where page `pageNumber` (1-based) paints anything but its text, as it is shown (points, y downwards): boxes
   * that together cover every picture, drawn path, shading and form XObject, and every annotation other than a
   * link or pop-up note. Empty for a page that shows nothing its text layer does not hold (see `showsOnlyText`).
   * Boxes larger than what they cover are safe (a renderer that cannot tell gives the whole page); a box
   * missing, or an empty list for a page that paints anything else, is not.
   */
  drawings(pageNumber: number): Promise<PdfRegion[]>;
  /**
   * Page `pageNumber` (1-based) at `dpi`: round(points × dpi / 72) pixels each way, within a pixel.
   * A page the renderer cannot draw, or not within its time limit, fails with a RenderingFailure.
   */
  render(pageNumber: number, dpi: number): Promise<RenderedPdfPage>;
  /**
   * The pixels of `render(pageNumber, dpi)` that `region` covers (see `regionPixels`), drawn without the
   * rest of the page where the renderer can: a picture on a page read without drawing the page whole.
   */
  renderRegion(pageNumber: number, dpi: number, region: PdfRegion): Promise<RenderedPdfRegion>;
  close(): Promise<void>;
}

/**
 * Turns PDF pages into pixels (the port; adapters: PDFium compiled to WebAssembly, in process, and
 * pdf2pic, which runs GraphicsMagick and Ghostscript). Every adapter passes test/contract/pdf-renderer.contract.ts.
 */
export interface PdfRenderer {
  /** How the renderer is named in logs and config. */
  readonly name: string;
  /** What this machine lacks for the renderer to work (programs not on PATH); empty when it can render. */
  missing(): Promise<string[]>;
  /** Opens a PDF; one that is not a readable PDF, or is password-protected, fails with a RenderingFailure. */
  open(pdf: Buffer): Promise<OpenPdf>;
  /** Frees what the renderer holds (its worker thread); open PDFs must be closed first. */
  stop(): Promise<void>;
}

/** Whether page `pageNumber` paints nothing but its text: it shows nothing its text layer does not hold. */
export const showsOnlyText = async (pdf: OpenPdf, pageNumber: number): Promise<boolean> => (await pdf.drawings(pageNumber)).length === 0;
