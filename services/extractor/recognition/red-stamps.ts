import type { PageRaster } from '../../../shared/imaging/page-raster.js';

/**
 * Red the brightest channel and this much (of 255) above the dimmest is a stamp's or a pen's ink of a warm
 * colour (red, magenta, orange, a highlighter's yellow), not a warm paper's tint.
 */
const RED_OVER_DIMMEST = 60;
/** Darker than this in every channel is print: black, dark grey or dark blue type, never red ink. */
const PRINT_BELOW = 110;
/** The page is looked at in square cells of this many pixels: a stamp's strokes join into one mark across them. */
const CELL_PX = 8;
/** Red pixels sampled in a cell (of 16) for it to be part of a red mark: fewer are a speck or a colour fringe of the scan. */
const MIN_RED_PER_CELL = 2;
/**
 * A red mark lies over the print when the box around it holds at least this many print pixels per red pixel
 * of the mark: a stamp or a pen's stroke across lines of type. A red heading, logo or amount has its box to itself.
 */
const PRINT_PER_RED = 0.5;
/**
 * A stamp's box is at least this share of the page's width both wide and tall (a rubber stamp is a few centimetres
 * either way: a quarter of a till roll, an eighth of an A4 page): a tick or a pen's dot over the print disturbs OCR
 * little, and a coloured band, a rule or a table's red lines beside dark type are long but low.
 */
const MIN_STAMP_OF_WIDTH = 0.12;

interface Cells {
  columns: number;
  rows: number;
  red: Uint32Array;
  print: Uint32Array;
}

/** Every `SAMPLE_STEP`th pixel of every `SAMPLE_STEP`th row is looked at: a stamp's strokes are many pixels wide. */
const SAMPLE_STEP = 2;

const cellsOf = ({ pixels, widthPx, heightPx, channels }: PageRaster): Cells => {
  const [columns, rows] = [Math.ceil(widthPx / CELL_PX), Math.ceil(heightPx / CELL_PX)];
  const cells = { columns, rows, red: new Uint32Array(columns * rows), print: new Uint32Array(columns * rows) };
  for (let y = 0; y < heightPx; y += SAMPLE_STEP) {
    const rowOfCells = Math.floor(y / CELL_PX) * columns;
    for (let x = 0; x < widthPx; x += SAMPLE_STEP) {
      const at = (y * widthPx + x) * channels;
      const red = pixels[at]!;
      const green = pixels[at + 1]!;
      const blue = pixels[at + 2]!;
      const cell = rowOfCells + ((x / CELL_PX) | 0);
      if (red >= green && red >= blue && red - (green < blue ? green : blue) >= RED_OVER_DIMMEST) cells.red[cell]!++;
      else if (red < PRINT_BELOW && green < PRINT_BELOW && blue < PRINT_BELOW) cells.print[cell]!++;
    }
  }
  return cells;
};

/** The cells of each red mark: red cells joined with their eight neighbours. */
const redMarks = ({ columns, rows, red }: Cells): number[][] => {
  const seen = new Uint8Array(columns * rows);
  const marks: number[][] = [];
  for (let start = 0; start < red.length; start++) {
    if (seen[start] || red[start]! < MIN_RED_PER_CELL) continue;
    const mark = [start];
    seen[start] = 1;
    for (let next = 0; next < mark.length; next++) {
      const [column, row] = [mark[next]! % columns, Math.floor(mark[next]! / columns)];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [c, r] = [column + dx, row + dy];
          const cell = r * columns + c;
          if (c < 0 || r < 0 || c >= columns || r >= rows || seen[cell] || red[cell]! < MIN_RED_PER_CELL) continue;
          seen[cell] = 1;
          mark.push(cell);
        }
      }
    }
    marks.push(mark);
  }
  return marks;
};

/** Whether a mark is a stamp's size (see `MIN_STAMP_OF_WIDTH`) and the box around it holds print enough for it to lie over it (see `PRINT_PER_RED`). */
const isStampOverPrint = (mark: readonly number[], { columns, red, print }: Cells): boolean => {
  let [left, right, top, bottom] = [columns, 0, Number.MAX_SAFE_INTEGER, 0];
  for (const cell of mark) {
    const [column, row] = [cell % columns, Math.floor(cell / columns)];
    [left, right, top, bottom] = [Math.min(left, column), Math.max(right, column), Math.min(top, row), Math.max(bottom, row)];
  }
  const smallest = MIN_STAMP_OF_WIDTH * columns;
  if (right - left + 1 < smallest || bottom - top + 1 < smallest) return false;
  let printInBox = 0;
  for (let row = top; row <= bottom; row++) for (let column = left; column <= right; column++) printInBox += print[row * columns + column]!;
  const redOfMark = mark.reduce((sum, cell) => sum + red[cell]!, 0);
  return printInBox >= PRINT_PER_RED * redOfMark;
};

/**
 * The page seen through a red filter where a stamp or a pen mark of warm ink lies over its print ("PAID" stamped
 * across a till receipt's header): OCR reads a colour page by its luminance, where red ink is as dark as type, so
 * the stamp's strokes cut into the letters under them and whole lines came back as noise. Each pixel takes its red
 * channel: red, magenta and orange ink turn as light as the paper (the stamp's pale fringes and the parts of it
 * beside the print too), black and blue print stays dark, and print the stamp covers shows through. A page whose
 * red ink lies over no print (a red heading, logo or amount, white type on a red bar, each with its box to itself)
 * keeps its pixels, as does a grey page: null then.
 */
export const liftRedStampsOverPrint = (raster: PageRaster): PageRaster | null => {
  if (raster.channels < 3) return null;
  const cells = cellsOf(raster);
  if (!redMarks(cells).some((mark) => isStampOverPrint(mark, cells))) return null;
  const { channels } = raster;
  const pixels = Buffer.from(raster.pixels);
  for (let at = 0; at < pixels.length; at += channels) {
    pixels[at + 1] = pixels[at]!;
    pixels[at + 2] = pixels[at]!;
  }
  return { ...raster, pixels };
};
