import type { Region } from './doubtful-regions.js';

/** A group of touching cells of a grid: its box in cells (right and bottom exclusive) and the sum of its cells' weights. */
export interface CellGroup extends Region {
  weight: number;
}

/**
 * The connected groups of the grid's cells of non-zero weight (`columns` × `rows`, row by row): cells touching
 * on a side belong together, and with `diagonal` also cells touching at a corner.
 */
export const cellGroups = (weights: ArrayLike<number>, columns: number, rows: number, diagonal: boolean): CellGroup[] => {
  const seen = new Uint8Array(weights.length);
  const stack = new Int32Array(weights.length);
  const groups: CellGroup[] = [];
  for (let start = 0; start < weights.length; start++) {
    if (weights[start] === 0 || seen[start] === 1) continue;
    seen[start] = 1;
    stack[0] = start;
    let size = 1;
    const group = { left: columns, top: rows, right: 0, bottom: 0, weight: 0 };
    while (size > 0) {
      const at = stack[--size]!;
      const column = at % columns;
      const row = (at - column) / columns;
      group.weight += weights[at]!;
      group.left = Math.min(group.left, column);
      group.top = Math.min(group.top, row);
      group.right = Math.max(group.right, column + 1);
      group.bottom = Math.max(group.bottom, row + 1);
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r++) {
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c++) {
          if (!diagonal && r !== row && c !== column) continue;
          const next = r * columns + c;
          if (weights[next] === 0 || seen[next] === 1) continue;
          seen[next] = 1;
          stack[size++] = next;
        }
      }
    }
    groups.push(group);
  }
  return groups;
};
