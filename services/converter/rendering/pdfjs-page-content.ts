import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AnnotationMode, OPS, Util } from '../../../shared/files/pdfjs.js';
import type { OperatorList } from '../../../shared/files/pdf-page-paints.js';
import type { PdfPageContent, PdfRegion, PdfTextRun } from './pdf-renderer.js';

type Matrix = number[];

const isTextItem = (item: object): item is TextItem => 'str' in item;

/** Text items placed in the upright page's coordinates; text running other than left to right is left out. */
const textRuns = (items: object[], viewportTransform: Matrix): PdfTextRun[] =>
  items.filter(isTextItem).flatMap((item) => {
    const [a, b, , , x, y] = Util.transform(viewportTransform, item.transform) as number[];
    const size = Math.hypot(a!, b!);
    if (size === 0 || Math.abs(b!) > size / 10 || a! < 0 || item.str.trim() === '') return [];
    return [{ text: item.str, left: x!, right: x! + item.width, top: y! - size, bottom: y! }];
  });

/** Where the unit square lands under `matrix`: an image is painted into exactly that square. */
const unitSquareRegion = (matrix: Matrix): PdfRegion => {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map((corner) => {
    Util.applyTransform(corner, matrix);
    return corner as [number, number];
  });
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
};

const clipTo = (region: PdfRegion, width: number, height: number): PdfRegion => ({
  left: Math.max(0, region.left),
  top: Math.max(0, region.top),
  right: Math.min(width, region.right),
  bottom: Math.min(height, region.bottom),
});

/**
 * Where pictures are painted on a page, from its operator list, as the visible part of each image's box.
 * `viewportTransform` maps PDF user space to the upright page (`width` × `height` points). Image masks
 * are left out: they are stencils painted in one colour (glyphs of Type 3 fonts, shapes), not pictures.
 * The list `getOperatorList` gives is not optimized, so each image is painted by an operator of its own
 * (no `paintImageXObjectRepeat` or image groups).
 */
const pictureRegions = ({ fnArray, argsArray }: OperatorList, viewportTransform: Matrix, width: number, height: number): PdfRegion[] => {
  const saved: Matrix[] = [];
  let current = viewportTransform;
  const regions: PdfRegion[] = [];
  fnArray.forEach((operator, index) => {
    const args = argsArray[index] as unknown[];
    switch (operator) {
      case OPS.save:
        saved.push(current);
        break;
      case OPS.restore:
        current = saved.pop() ?? current;
        break;
      case OPS.transform:
        current = Util.transform(current, args);
        break;
      case OPS.paintFormXObjectBegin: {
        saved.push(current);
        const matrix = args[0] as ArrayLike<number> | null;
        if (matrix) current = Util.transform(current, Array.from(matrix));
        break;
      }
      case OPS.paintFormXObjectEnd:
        current = saved.pop() ?? current;
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
        regions.push(unitSquareRegion(current));
        break;
    }
  });
  return regions
    .map((region) => clipTo(region, width, height))
    .filter((region) => region.right > region.left && region.bottom > region.top);
};

/**
 * A page's text runs and pictures as pdf.js reads them (the pdf2pic adapter's `content`). Finding the
 * pictures decodes each of them, so a page without text is not looked at further: a scan has nothing to add.
 */
export const pdfJsPageContent = async (page: PDFPageProxy): Promise<PdfPageContent> => {
  const viewport = page.getViewport({ scale: 1 });
  const runs = textRuns((await page.getTextContent()).items, viewport.transform);
  if (runs.length === 0) return { textRuns: [], pictures: [] };
  // Annotations are left out, as from the text: both read the page's own content.
  const operators = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  return { textRuns: runs, pictures: pictureRegions(operators, viewport.transform, viewport.width, viewport.height) };
};
