import type { TextLine } from './document-text.js';
import { boxOf, spanOf } from '../values/finding.js';

/** Where a run of a line is printed: its character columns and, with word boxes, its left and right edge on the page. */
export interface Extent {
  start: number;
  end: number;
  box: [number, number] | null;
}

export const extentOf = (line: TextLine, start: number, end: number): Extent => {
  const box = boxOf([spanOf(line, start, end)]);
  return { start, end, box: box ? [box[0], box[2]] : null };
};

/**
 * Whether two runs share columns: by their edges on the page where both have word boxes (a long line of another column
 * pushes a line's characters right of their printed place), else by their character columns.
 */
export const overlaps = (a: Extent, b: Extent): boolean =>
  a.box && b.box ? a.box[0] < b.box[1] && b.box[0] < a.box[1] : a.start < b.end && b.start < a.end;
