import type { TextLine } from '../../layout/document-text.js';
import { spanOf, type Span } from '../../values/finding.js';
import type { Column, ColumnRole } from '../../layout/item-table.js';

export interface Word {
  text: string;
  start: number;
  end: number;
}

export interface Cell {
  role: ColumnRole | null;
  text: string;
  span: Span;
}

export const wordsOf = (line: TextLine): Word[] =>
  [...line.text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

export const isNumeric = (text: string) => /^[-+]?[\d'.,]*\d[\d'.,]*%?$|^[-+]?\d[\d'.,]*[.,]-{1,2}$/.test(text);

export const TEXT_ROLES: ColumnRole[] = ['description', 'article', 'unit'];

const gap = (word: Word, column: Column) => Math.max(0, column.start - word.end, word.start - column.end);
const centerDistance = (word: Word, column: Column) => Math.abs((word.start + word.end - column.start - column.end) / 2);
/** How far a word reaches under a header; figures, right-aligned, may stick out a character or two further. */
export const overlap = (word: Word, column: Column) => {
  const slack = TEXT_ROLES.includes(column.role) ? 1 : 2;
  return Math.min(word.end, column.end + slack) - Math.max(word.start, column.start - slack);
};

/**
 * The column a word is printed under: the header it overlaps most (figures sit right- or left-aligned
 * under their header), else a text column whose stretch it starts in (a description runs on to the next
 * column), else the figure column nearest to it, at most a few characters away.
 */
const columnFor = (columns: readonly Column[], word: Word): Column | null => {
  const sorted = [...columns].sort((a, b) => a.start - b.start);
  // Under two headers at once (a figure right-aligned up to the next column): a figure goes with the figure column, a word with the text column.
  // A figure of four digits or more counts no running position: under a position and an article header at once
  // ("3    3580" shifted left by a photo), it is the article's code.
  const figure = isNumeric(word.text);
  const ofItsKind = (column: Column) =>
    TEXT_ROLES.includes(column.role) !== figure && !(column.role === 'position' && !POSITION.test(word.text));
  const kindFirst = (column: Column) => (ofItsKind(column) ? 1 : 0);
  const best = sorted
    .filter((column) => overlap(word, column) > 0)
    .sort((a, b) => kindFirst(b) - kindFirst(a) || overlap(word, b) - overlap(word, a))[0];
  if (best) return best;
  const stretch = sorted.find(
    (column, index) =>
      TEXT_ROLES.includes(column.role) && word.start >= column.start - 1 && word.start < (sorted[index + 1]?.start ?? Infinity) - 1,
  );
  if (stretch) return stretch;
  const nearest = [...sorted].sort((a, b) => gap(word, a) - gap(word, b) || centerDistance(word, a) - centerDistance(word, b))[0];
  return nearest && gap(word, nearest) <= 4 ? nearest : null;
};

// Characters a figure may stand left of where it is printed before it is placed by its word box.
const MAX_DRIFT = 2;

/**
 * A row's figures that the layout set a single space apart ("624 21% 106,08": a photo narrowed the gaps between the
 * unit price, rate and amount, one piece of the line) run left of where they are printed, further with each figure,
 * so they no longer stand under their headers. Such a run of figures alone is placed where its words are printed,
 * on the page's scale of characters (as a header set so is, see placedAsPrinted); words keep their places.
 */
const figuresAsPrinted = (line: TextLine, words: Word[], scale: number | null): Word[] => {
  if (scale === null || words.length < 2 || !words.every((word) => isNumeric(word.text))) return words;
  const placed = words.map((word) => {
    const box = line.words.find((candidate) => candidate.start === word.start)?.box;
    if (!box) return word;
    const start = Math.round(box[0] * scale);
    return { ...word, start, end: Math.max(start + 1, Math.round(box[2] * scale)) };
  });
  return placed.some((word, index) => Math.abs(word.start - words[index]!.start) > MAX_DRIFT) ? placed : words;
};

/**
 * A row's words grouped into cells by the column they fall into. A piece of the line (words a single
 * space apart) under one column is that column's cell as a whole ("Kabel NYM-J 3x1.5 mm2" however far it
 * runs); a piece spanning several headers ("12 h" under "Quantity Unit") is split word by word, words
 * under no header going with the word before them.
 */
export const cellsOf = (line: TextLine, columns: readonly Column[], scale: number | null): Cell[] => {
  const cells: Cell[] = [];
  const push = (role: ColumnRole | null, word: Word, joined: boolean) => {
    const last = cells.at(-1);
    if (last && joined && last.role === role) {
      last.text += ` ${word.text}`;
      last.span = spanOf(line, last.span.start, word.end);
    } else cells.push({ role, text: word.text, span: spanOf(line, word.start, word.end) });
  };
  const pieces = line.segments.map((segment) => {
    const words = wordsOf({ ...line, text: ' '.repeat(segment.start) + segment.text });
    const printed = figuresAsPrinted(line, words, scale);
    const placed = words.map((word, index) => ({
      word,
      column: columnFor(columns, printed[index]!),
      overlapping: columns.filter((column) => overlap(printed[index]!, column) > 0),
    }));
    const headers = new Set(placed.flatMap((entry) => entry.overlapping));
    const whole = headers.size <= 1 ? ([...headers][0] ?? placed[0]!.column) : null;
    return { placed, whole, described: whole === null && placed[0]!.column?.role === 'description' };
  });
  // Figure columns a piece of their own fills: a description's figures ("A4, 500 sheets") are not theirs.
  const claimed = new Set(
    pieces.flatMap((piece) =>
      piece.whole ? [piece.whole] : piece.described ? [] : piece.placed.flatMap((entry) => (entry.column ? [entry.column] : [])),
    ),
  );
  for (const { placed, whole, described } of pieces) {
    // A description's words run on under other headers ("Livre : Comptabilité pratique") up to a figure
    // printed under a column no other piece fills ("Carta per fotocopie A4 20 pz").
    let split = described
      ? placed.findIndex(
          (entry) =>
            isNumeric(entry.word.text) && entry.column !== null && !TEXT_ROLES.includes(entry.column.role) && !claimed.has(entry.column),
        )
      : 0;
    if (split < 0) split = placed.length;
    let previous: Column | null = null;
    for (const [index, entry] of placed.entries()) {
      const column: Column | null =
        whole ?? (index < split ? placed[0]!.column : entry.overlapping.length > 0 ? entry.column : (previous ?? entry.column));
      push(column?.role ?? null, entry.word, index > 0);
      previous = column;
    }
  }
  return cells;
};

export const ofRole = (cells: Cell[], role: ColumnRole) => cells.filter((cell) => cell.role === role);

export const hasWords = (cell: Cell) => /\p{L}/u.test(cell.text) && !isNumeric(cell.text);

const PER_CENT = /(?<![\d.,])\d{1,2}(?:[.,]\d{1,2})?\s?%/;

/**
 * A rate printed a little left of its tax column's header ("2 Stk 19 % VAT (S)" under "Menge … Steuer"): a per
 * cent figure counts no pieces and names no unit, so in a table with a tax-rate column it goes there, with what
 * follows it, out of the quantity or unit cell it fell into.
 */
export const withRatesInTheirColumn = (cells: Cell[], columns: readonly Column[]): Cell[] => {
  if (!columns.some((column) => column.role === 'tax_rate')) return cells;
  const out: Cell[] = [];
  for (const [index, cell] of cells.entries()) {
    const next = cells[index + 1];
    const counts = cell.role === 'quantity' || cell.role === 'unit';
    // "2 Stk 19" and "% VAT (S)": the figure before the per cent sign its rate cell starts with.
    const before = counts && next?.role === 'tax_rate' && next.text.startsWith('%') ? /\s(\d{1,2}(?:[.,]\d{1,2})?)$/.exec(cell.text) : null;
    const rate = before ? { index: before.index + 1 } : counts ? PER_CENT.exec(cell.text) : null;
    if (!rate) {
      out.push(cell);
      continue;
    }
    const at = cell.span.start + rate.index;
    const kept = cell.text.slice(0, rate.index).trimEnd();
    if (kept) out.push({ ...cell, text: kept, span: spanOf(cell.span.line, cell.span.start, cell.span.start + kept.length) });
    out.push({ role: 'tax_rate', text: cell.text.slice(rate.index), span: spanOf(cell.span.line, at, cell.span.end) });
  }
  return out;
};

export const ARTICLE = /^(?=[\p{L}\d._/-]*\d)[\p{L}\d][\p{L}\d._/-]{2,}$/u;

export const POSITION = /^\d{1,3}\.?$/;
