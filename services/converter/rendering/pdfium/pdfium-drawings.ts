import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { PdfRegion } from '../pdf-renderer.js';
import { compose, placedCorners, regionOf, shownMatrix, visitPageObjects } from './pdfium-geometry.js';

/** FPDFPageObj_GetType's type of a text object (the others: path, image, shading, form XObject, unknown). */
const FPDF_PAGEOBJ_TEXT = 1;
/** FPDFAnnot_GetSubtype's subtypes that draw nothing on the page: links and pop-up notes. */
const UNDRAWN_ANNOTATIONS = new Set([/* FPDF_ANNOT_LINK */ 2, /* FPDF_ANNOT_POPUP */ 16]);

/**
 * Where a page loaded in PDFium paints anything but its text, as it is shown (see `OpenPdf.drawings`): the box
 * of every page object that is not text (paths, images, stencil masks, shadings), inside form XObjects too,
 * and of every annotation other than a link or pop-up note; boxes wholly off the page are left out.
 */
export const pdfiumDrawings = (pdfium: WrappedPdfiumModule, page: number, widthPt: number, heightPt: number): PdfRegion[] => {
  const { pdfium: runtime } = pdfium;
  const scratch = runtime.wasmExports.malloc(32);
  const float = (offset: number) => runtime.getValue(scratch + offset, 'float');
  const found: PdfRegion[] = [];
  const add = (corners: [number, number][]) => {
    const region = regionOf(corners, widthPt, heightPt);
    // A hairline's box has no width or no height and is still drawn.
    if (region.right >= region.left && region.bottom >= region.top) found.push(region);
  };
  try {
    const shown = shownMatrix(pdfium, page, widthPt, heightPt, scratch);
    visitPageObjects(pdfium, page, scratch, (object, type, placement) => {
      if (type === FPDF_PAGEOBJ_TEXT || !pdfium.FPDFPageObj_GetBounds(object, scratch, scratch + 4, scratch + 8, scratch + 12)) return;
      add(placedCorners(compose(placement, shown), float(0), float(4), float(8), float(12)));
    });
    for (let index = 0, count = pdfium.FPDFPage_GetAnnotCount(page); index < count; index++) {
      const annotation = pdfium.FPDFPage_GetAnnot(page, index);
      try {
        if (UNDRAWN_ANNOTATIONS.has(pdfium.FPDFAnnot_GetSubtype(annotation))) continue;
        // FS_RECTF: left, top, right, bottom in page space. An annotation without a rectangle draws somewhere: the page.
        if (pdfium.FPDFAnnot_GetRect(annotation, scratch)) add(placedCorners(shown, float(0), float(12), float(8), float(4)));
        else found.push({ left: 0, top: 0, right: widthPt, bottom: heightPt });
      } finally {
        pdfium.FPDFPage_CloseAnnot(annotation);
      }
    }
    return found;
  } finally {
    runtime.wasmExports.free(scratch);
  }
};
