import { PAGE, type InvoiceCanvas } from './invoice-canvas.js';
import type { ItemColumn } from './layout.js';

interface ColumnSpec {
  /** At least this wide, in millimetres; wider when a cell needs it. */
  width: number;
  align: 'left' | 'right';
}

const COLUMN_SPECS: Record<ItemColumn, ColumnSpec> = {
  position: { width: 10, align: 'left' },
  article: { width: 22, align: 'left' },
  description: { width: 0, align: 'left' },
  quantity: { width: 15, align: 'right' },
  unit: { width: 16, align: 'left' },
  unitPrice: { width: 24, align: 'right' },
  taxRate: { width: 15, align: 'right' },
  total: { width: 26, align: 'right' },
};

type Row = Record<ItemColumn, string>;

/** Where drawing goes on after a part: its page (0-based) and the height on it. */
export interface Position {
  page: number;
  y: number;
}

/**
 * The item table from `y` on: the layout's columns, each as wide as its widest cell, the description
 * taking the rest and wrapping; the header repeated on each further page.
 */
export const drawItemTable = ({ content, layout, random, writer, words, print, size, lineHeight }: InvoiceCanvas, y: number): Position => {
  const header: Row = {
    position: random.pick(words.position),
    article: random.pick(words.articleNumber),
    description: random.pick(words.description),
    quantity: random.pick(words.quantity),
    unit: random.pick(words.unit),
    unitPrice: random.pick(words.unitPrice),
    taxRate: random.pick(words.taxRate),
    total:
      content.profile.currencyStyle === 'header-only'
        ? `${random.pick(words.lineTotal)} ${print.currencyMark}`
        : random.pick(words.lineTotal),
  };
  const rows = content.items.map((item, index): Row => ({
    position: String(index + 1),
    article: item.articleNumber ?? '',
    description: item.title,
    quantity: print.quantity(item.quantity),
    unit: item.unit ?? '',
    unitPrice: print.amount(item.unitPriceCents),
    taxRate: print.percent(item.taxRate),
    total: print.amount(item.totalCents),
  }));
  const widthOf = (column: ItemColumn) =>
    Math.max(
      COLUMN_SPECS[column].width,
      writer.widthOf(header[column], size, true) + 3,
      ...rows.map((row) => writer.widthOf(row[column], size) + 3),
    );
  const fixed = layout.columns.filter((column) => column !== 'description').reduce((sum, column) => sum + widthOf(column), 0);
  const edges = new Map<ItemColumn, { left: number; right: number }>();
  let x = PAGE.left;
  for (const column of layout.columns) {
    const width = column === 'description' ? PAGE.right - PAGE.left - fixed : widthOf(column);
    edges.set(column, { left: x, right: x + width - 2 });
    x += width;
  }

  /** A row, its description wrapped to the column; the height it took. */
  const drawRow = (cells: Row, top: number, bold: boolean): number => {
    let lines = 1;
    for (const column of layout.columns) {
      const { left, right } = edges.get(column)!;
      const align = COLUMN_SPECS[column].align;
      const texts = column === 'description' ? writer.wrap(cells[column], right - left, size) : [cells[column]];
      texts.forEach((text, line) => writer.text(text, align === 'right' ? right : left, top + line * lineHeight, { size, bold, align }));
      lines = Math.max(lines, texts.length);
    }
    return lines * lineHeight;
  };
  const drawHeader = (top: number): number => {
    drawRow(header, top, true);
    if (layout.tableRules) writer.rule(PAGE.left, PAGE.right, top + 1.6, 0.3);
    return top + lineHeight + 1.5;
  };

  let page = 0;
  let rowsOnPage = 0;
  y = drawHeader(y);
  for (const row of rows) {
    if (rowsOnPage >= layout.firstPageItems || y > PAGE.bodyBottom - 10) {
      writer.onPage(++page);
      y = drawHeader(30);
      rowsOnPage = 0;
    }
    const height = drawRow(row, y, false);
    if (layout.tableRules && random.chance(0.3)) writer.rule(PAGE.left, PAGE.right, y + height - lineHeight + 1.6, 0.1, 0.6);
    y += height + lineHeight * 0.15;
    rowsOnPage++;
  }
  if (layout.tableRules) writer.rule(PAGE.left, PAGE.right, y - lineHeight * 0.6, 0.3);
  return { page, y };
};
