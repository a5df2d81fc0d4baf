import { AnnotationType, OPS, type PDFPageProxy } from './pdfjs.js';

/** The part of a pdf.js operator list read here: operator codes (`OPS`) and their arguments. */
export interface OperatorList {
  fnArray: number[];
  argsArray: unknown[];
}

/** Operators that paint something other than text: pictures and stencils of every kind, and shadings. */
const GRAPHIC_OPERATORS = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintSolidColorImageMask,
  OPS.shadingFill,
]);

/**
 * Whether a page's operator list paints anything but text: a picture, a stencil, a shading or a path that
 * is filled or stroked (a path only clipped paints nothing). A page that paints only text shows nothing a
 * QR code or other graphic could be drawn with, apart from glyphs.
 */
export const paintsGraphics = ({ fnArray, argsArray }: OperatorList): boolean =>
  fnArray.some(
    (operator, index) =>
      GRAPHIC_OPERATORS.has(operator) || (operator === OPS.constructPath && (argsArray[index] as unknown[])[0] !== OPS.endPath),
  );

/** Annotations a renderer draws on the page's image that are no link (links and pop-up notes draw nothing). */
const INVISIBLE_ANNOTATIONS = new Set<number>([AnnotationType.LINK, AnnotationType.POPUP]);

/** Whether a page has an annotation that draws something (a stamp, a filled-in form field, a note's icon). */
export const hasVisibleAnnotations = async (page: PDFPageProxy): Promise<boolean> =>
  (await page.getAnnotations()).some((annotation: { annotationType: number }) => !INVISIBLE_ANNOTATIONS.has(annotation.annotationType));
