import type { Cell } from './cells.js';
import { type Row, hasFigures } from './rows.js';
import { isCoded, isTotalsLine } from './row-kinds.js';
import { isSmallerType } from './type-size.js';
import { openBrackets } from './title.js';

/**
 * A row printed over two lines by a tilted photo: its figures (unit price and amount, no description) on the
 * line above, its description (with quantity or unit, but no price or amount) on the line right under them.
 */
export const describesFiguresAbove = (figures: Row, below: Row): boolean =>
  figures.description === null &&
  figures.amount !== null &&
  figures.price !== null &&
  (below.description ?? below.articleName) !== null &&
  below.amount === null &&
  below.price === null &&
  below.line.page === figures.line.page &&
  below.line.index === figures.line.index + 1;

// Lines a tilted photo spreads one row's figures over, under its description.
const MAX_FIGURE_LINES = 2;

/**
 * A row printed over several lines by a tilted photo, its description first: its position number and description
 * alone (no figure) on one line, its figures on the one or two lines right under it (no description there but a note
 * in smaller type, no amount before the last line), ending with the amount. One row: the description's, with the
 * figures below, so a figure line never takes the next item's name. Only numbered or under an article code: a line
 * of words alone under an item is the rest of its name, wrapped.
 */
export const withFiguresBelowJoined = (rows: Row[]): Row[] => {
  const joined: Row[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const figures: Row[] = [];
    // Figures right above it without a name (and no other row's) are its own, tilted the other way (describesFiguresAbove).
    const above = joined.at(-1);
    const figuresAbove =
      above !== undefined && above.description === null && above.amount !== null && above.line.index === row.line.index - 1;
    // Without a code, words alone under an item are the rest of its name, unless the item above has its amount and
    // the line right under them is a whole row of figures (quantity, unit price, amount) without a name of its own.
    const next = rows[index + 1];
    // Unless the line after the figures is a name without figures of its own: the figures are that name's, tilted
    // the other way (describesFiguresAbove), and the words are a note under the item above ("500 sheets / ream").
    const nameOfFiguresBelow =
      above?.amount != null &&
      !(rows[index + 2] !== undefined && next !== undefined && describesFiguresAbove(next, rows[index + 2]!)) &&
      next !== undefined &&
      next.line.page === row.line.page &&
      next.line.index === row.line.index + 1 &&
      next.description === null &&
      next.quantity !== null &&
      next.price !== null &&
      next.amount !== null;
    if (row.description && !hasFigures(row) && !row.isNote && (isCoded(row.cells) || nameOfFiguresBelow) && !figuresAbove) {
      for (const below of rows.slice(index + 1, index + 1 + MAX_FIGURE_LINES)) {
        const last = figures.at(-1) ?? row;
        const adjacent = below.line.page === row.line.page && below.line.index === last.line.index + 1;
        const nameless = below.description === null || isSmallerType(below.description.span, row.description.span);
        if (!adjacent || !nameless || !hasFigures(below) || below.isNote || isTotalsLine(below)) break;
        figures.push(below);
        if (below.amount) break;
      }
    }
    const amount = figures.at(-1)?.amount;
    if (!amount || figures.slice(0, -1).some((figure) => figure.amount)) {
      joined.push(row);
      continue;
    }
    joined.push({
      ...row,
      cells: [...row.cells, ...figures.flatMap((figure) => figure.cells.filter((cell) => cell !== figure.description))],
      amount,
      quantity: figures.find((figure) => figure.quantity)?.quantity ?? null,
      price: figures.find((figure) => figure.price)?.price ?? null,
    });
    index += figures.length;
  }
  return joined;
};

/**
 * A name set on two lines around its row's figures, the cell centred against them: "Architecte Junior (Facturation sur"
 * over "37,00  85,00  3 145,00" over "Feuilles de Temps)" (a quantity may stand on the name's first line). The line
 * above the figures opens a bracket that the line under them closes, so the two are one name, above then below, and
 * the figures are its row's (not the line under them's alone, as for a row a tilted photo set a line above its name).
 * Only lines right after one another: words without price or amount, figures without a name, words alone.
 */
export const withNamesAroundFigures = (rows: Row[]): Row[] => {
  const result: Row[] = [];
  for (let index = 0; index < rows.length; index++) {
    const [above, figures, below] = [rows[index]!, rows[index + 1], rows[index + 2]];
    const consecutive =
      figures !== undefined &&
      below !== undefined &&
      figures.line.page === above.line.page &&
      below.line.page === above.line.page &&
      figures.line.index === above.line.index + 1 &&
      below.line.index === figures.line.index + 1;
    const opened = above.description ? openBrackets(above.description.text) : 0;
    if (
      !consecutive ||
      !above.description ||
      above.price !== null ||
      above.amount !== null ||
      above.isNote ||
      figures.description !== null ||
      figures.amount === null ||
      !below.description ||
      hasFigures(below) ||
      below.isNote ||
      opened <= 0 ||
      opened + openBrackets(below.description.text) !== 0
    ) {
      result.push(above);
      continue;
    }
    const description: Cell = { ...above.description, text: `${above.description.text} ${below.description.text}` };
    result.push({
      ...figures,
      cells: [...above.cells.filter((cell) => cell !== above.description), ...figures.cells, description],
      description,
      quantity: figures.quantity ?? above.quantity,
    });
    index += 2;
  }
  return result;
};
