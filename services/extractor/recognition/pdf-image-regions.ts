import { OPS, Util } from '../../../shared/files/pdfjs.js';
import type { OperatorList } from '../../../shared/files/pdf-page-paints.js';
import type { Box } from './box-area.js';

/** A rectangle of the upright page in PDF points, y downwards (like the pieces of a text layer). */
export type PageRegion = Box;

type Matrix = number[];

/** Where the unit square lands under `matrix`: an image is painted into exactly that square. */
const unitSquareRegion = (matrix: Matrix): PageRegion => {
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

const clipTo = (region: PageRegion, width: number, height: number): PageRegion => ({
  left: Math.max(0, region.left),
  top: Math.max(0, region.top),
  right: Math.min(width, region.right),
  bottom: Math.min(height, region.bottom),
});

/**
 * Where images are painted on a page, from its operator list, as the visible part of each image's box.
 * `viewportTransform` maps PDF user space to the upright page (`width` × `height` points). Image masks
 * are left out: they are stencils painted in one colour (glyphs of Type 3 fonts, shapes), not pictures.
 * The list `getOperatorList` gives is not optimized, so each image is painted by an operator of its own
 * (no `paintImageXObjectRepeat` or image groups).
 */
export const imageRegions = (
  { fnArray, argsArray }: OperatorList,
  viewportTransform: Matrix,
  width: number,
  height: number,
): PageRegion[] => {
  const saved: Matrix[] = [];
  let current = viewportTransform;
  const regions: PageRegion[] = [];
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
