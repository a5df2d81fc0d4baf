import { type Row, hasFigures, isReference } from './rows.js';
import { isCoded, startsItem } from './row-kinds.js';
import { describesFiguresAbove } from './row-joins.js';

/** A row's description that names something: not empty, no reference ("# ligne BC: 1", "C_FO: ART_1254"). */
const namesItem = (row: Row) => row.description !== null && !isReference(row.description.text);

const adjacent = (row: Row, other: Row | undefined, step: 1 | -1): other is Row =>
  other !== undefined && other.line.page === row.line.page && other.line.index === row.line.index + step;

/**
 * A line of a name alone: words, no figure, no note, nothing that starts an item of its own, no running number or
 * code of its own (a numbered name is its own row, its figures a tilted photo set on another line).
 */
const isNameLine = (row: Row) => namesItem(row) && !hasFigures(row) && !row.isNote && !startsItem(row) && !isCoded(row.cells);

/**
 * An item printed over several lines, its figures on one (with its line number, and at most a reference where the
 * name would stand: "2   # ligne BC: 3   10,00  PCE  3,00  30,00"), its name on a line of its own right above or
 * right under it ("FOURNITURES DIVERSES - Description"), its codes and period on others. A figures row without a
 * name takes the name line right above it, else the one right under it; the name line is then part of the row. A
 * line above that continues the name of the item over it (right under that item's named row) is no name of its
 * own; without a name line above, a name under figures that a tilted photo set a line above their row is already
 * theirs (describesFiguresAbove).
 */
export const withNamesBesideFigures = (rows: Row[]): Row[] => {
  const taken = new Set<Row>();
  const named = rows.map((row, index) => {
    if (!startsItem(row) || namesItem(row) || row.articleName !== null) return row;
    const [before, above, below] = [rows[index - 2], rows[index - 1], rows[index + 1]];
    const continuesName = adjacent(above ?? row, before, -1) && startsItem(before!) && namesItem(before!);
    const nameAbove = adjacent(row, above, -1) && isNameLine(above!) && !taken.has(above!) && !continuesName;
    if (!nameAbove && below !== undefined && describesFiguresAbove(row, below)) return row;
    const name = nameAbove ? above! : adjacent(row, below, 1) && isNameLine(below!) ? below! : null;
    if (!name) return row;
    taken.add(name);
    return { ...row, cells: [...row.cells, name.description!], description: name.description };
  });
  return named.filter((row) => !taken.has(row));
};
