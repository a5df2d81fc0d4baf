import type { WrappedPdfiumModule } from '@embedpdf/pdfium';
import type { PdfRegion } from '../pdf-renderer.js';

/** An affine map [a, b, c, d, e, f]: (x, y) → (a x + c y + e, b x + d y + f). */
export type Matrix = readonly [number, number, number, number, number, number];

export const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number): [number, number] => [a * x + c * y + e, b * x + d * y + f];

export const compose = (inner: Matrix, outer: Matrix): Matrix => {
  const [a, b, c, d, e, f] = inner;
  const [a2, b2, c2, d2, e2, f2] = outer;
  return [a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2, e * a2 + f * c2 + e2, e * b2 + f * d2 + f2];
};

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The bounding box of the points, clipped to the page. */
export const regionOf = (points: [number, number][], width: number, height: number): PdfRegion => ({
  left: Math.max(0, Math.min(...points.map(([x]) => x))),
  top: Math.max(0, Math.min(...points.map(([, y]) => y))),
  right: Math.min(width, Math.max(...points.map(([x]) => x))),
  bottom: Math.min(height, Math.max(...points.map(([, y]) => y))),
});

/** The corners of an axis-parallel rectangle, as `placement` maps them. */
export const placedCorners = (placement: Matrix, left: number, bottom: number, right: number, top: number): [number, number][] =>
  [
    [left, bottom],
    [right, bottom],
    [left, top],
    [right, top],
  ].map(([x, y]) => apply(placement, x!, y!));

/** FPDF_PageToDevice answers in whole device units: asked at this many units a point, it places to 1/64 point. */
const DEVICE_UNITS_PER_POINT = 64;

/**
 * The map from a page's space to the page as shown (rotation and crop box applied, points, y downwards),
 * read off three points PDFium maps. `scratch` is 8 bytes of PDFium's memory the caller owns.
 */
export const shownMatrix = (pdfium: WrappedPdfiumModule, page: number, widthPt: number, heightPt: number, scratch: number): Matrix => {
  const device = (x: number, y: number): [number, number] => {
    pdfium.FPDF_PageToDevice(
      page,
      0,
      0,
      Math.round(widthPt * DEVICE_UNITS_PER_POINT),
      Math.round(heightPt * DEVICE_UNITS_PER_POINT),
      0,
      x,
      y,
      scratch,
      scratch + 4,
    );
    const { getValue } = pdfium.pdfium;
    return [getValue(scratch, 'i32') / DEVICE_UNITS_PER_POINT, getValue(scratch + 4, 'i32') / DEVICE_UNITS_PER_POINT];
  };
  const [e, f] = device(0, 0);
  const [ax, bx] = device(1000, 0);
  const [cy, dy] = device(0, 1000);
  return [(ax - e) / 1000, (bx - f) / 1000, (cy - e) / 1000, (dy - f) / 1000, e, f];
};

/** A page object's own matrix (FPDFPageObj_GetMatrix, read through `scratch`, 24 bytes); null when PDFium has none. */
export const objectMatrix = (pdfium: WrappedPdfiumModule, object: number, scratch: number): Matrix | null => {
  if (!pdfium.FPDFPageObj_GetMatrix(object, scratch)) return null;
  const float = (offset: number) => pdfium.pdfium.getValue(scratch + offset, 'float');
  return [float(0), float(4), float(8), float(12), float(16), float(20)];
};

/** FPDFPageObj_GetType's type of a form XObject, whose objects are drawn inside it. */
const FPDF_PAGEOBJ_FORM = 5;

/**
 * Calls `visit` with every page object that is not a form XObject, the objects inside forms included, and
 * the matrix that places the object's own space on the page (a form's objects are in the form's space).
 * `scratch` is 24 bytes of PDFium's memory the caller owns.
 */
export const visitPageObjects = (
  pdfium: WrappedPdfiumModule,
  page: number,
  scratch: number,
  visit: (object: number, type: number, placement: Matrix) => void,
): void => {
  const walk = (object: number, placement: Matrix) => {
    const type = pdfium.FPDFPageObj_GetType(object);
    if (type !== FPDF_PAGEOBJ_FORM) return visit(object, type, placement);
    const own = objectMatrix(pdfium, object, scratch);
    const form = own ? compose(own, placement) : placement;
    for (let index = 0, count = pdfium.FPDFFormObj_CountObjects(object); index < count; index++) {
      walk(pdfium.FPDFFormObj_GetObject(object, index), form);
    }
  };
  for (let index = 0, count = pdfium.FPDFPage_CountObjects(page); index < count; index++) {
    walk(pdfium.FPDFPage_GetObject(page, index), IDENTITY);
  }
};
