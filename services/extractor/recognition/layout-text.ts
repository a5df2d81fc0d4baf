import { median } from '../../../shared/numbers/median.js';

/** A piece of text and where it sits on the page, with y growing downwards (any unit, one unit per page). */
export interface PlacedText {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A piece as laid out: its (whitespace-normalized) characters occupy columns [start, end) of its line. */
export interface LaidOutPiece<P extends PlacedText> {
  piece: P;
  start: number;
  end: number;
}

/** One visual row of the page, or a blank line where the page leaves a gap (no pieces). */
export interface LaidOutLine<P extends PlacedText> {
  text: string;
  pieces: LaidOutPiece<P>[];
}

interface Row<P extends PlacedText> {
  pieces: P[];
}

// Multiples of a row's typical glyph width: closer pieces are one word, a wider gap is a column break.
const GLUE_BELOW = 0.2;
const COLUMN_GAP_FROM = 2.2;
// Rows still open for pieces: a slightly lower word (skewed scans, superscripts) may come after the next row began.
const OPEN_ROWS = 3;
// A page's slant is measured over word pairs at most this many word heights apart on one line...
const NEIGHBOUR_GAP_HEIGHTS = 3;
// ...and only from this many pairs: a few words give no direction.
const MIN_SLANT_PAIRS = 8;
// Below this rise per unit of width the rows are level: text layers and straight scans are grouped as read.
const MIN_SLANT = 0.004;

const heightOf = (piece: PlacedText) => piece.bottom - piece.top;
const centerOf = (piece: PlacedText) => (piece.top + piece.bottom) / 2;
const glyphWidthOf = (pieces: PlacedText[]) => median(pieces.map((piece) => (piece.right - piece.left) / piece.text.length));

const horizontalDistance = (a: PlacedText, b: PlacedText) => Math.max(0, a.left - b.right, b.left - a.right);

/**
 * A piece belongs to a row when it shares at least half its height with the row's piece nearest to it
 * sideways. Comparing with the neighbour rather than the whole row follows skewed lines and keeps a
 * large heading from pulling the lines above and below it into one row.
 */
const belongsTo = (row: Row<PlacedText>, piece: PlacedText): boolean => {
  const neighbour = row.pieces.reduce((nearest, candidate) =>
    horizontalDistance(candidate, piece) < horizontalDistance(nearest, piece) ? candidate : nearest,
  );
  const overlap = Math.min(neighbour.bottom, piece.bottom) - Math.max(neighbour.top, piece.top);
  return overlap >= Math.min(heightOf(neighbour), heightOf(piece)) / 2;
};

/**
 * How far the second of two words on one line sits below the first: the smaller shift of their tops and their
 * bottoms when both agree, else none. An ascender, a capital or a descender moves one edge of a word's box only.
 */
const riseBetween = (first: PlacedText, second: PlacedText): number => {
  const [ofTops, ofBottoms] = [second.top - first.top, second.bottom - first.bottom];
  return Math.sign(ofTops) === Math.sign(ofBottoms) ? Math.sign(ofTops) * Math.min(Math.abs(ofTops), Math.abs(ofBottoms)) : 0;
};

/**
 * How much the page's lines rise or fall per unit of width: the median over neighbouring words of one line
 * (the nearest piece to a piece's right, at most `NEIGHBOUR_GAP_HEIGHTS` of its heights away, sharing half its
 * height). Zero when fewer than `MIN_SLANT_PAIRS` pairs measure it or it is below `MIN_SLANT`.
 */
const slantOf = (pieces: readonly PlacedText[]): number => {
  const byLeft = [...pieces].sort((a, b) => a.left - b.left);
  const firstStartingFrom = (left: number) => {
    let [low, high] = [0, byLeft.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (byLeft[middle]!.left < left) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const slopes: number[] = [];
  for (const piece of byLeft) {
    const height = heightOf(piece);
    let neighbour: PlacedText | undefined;
    for (let index = firstStartingFrom(piece.right - GLUE_BELOW * height); index < byLeft.length && !neighbour; index++) {
      const candidate = byLeft[index]!;
      if (candidate.left - piece.right > NEIGHBOUR_GAP_HEIGHTS * height) break;
      const shared = Math.min(candidate.bottom, piece.bottom) - Math.max(candidate.top, piece.top);
      if (shared >= Math.min(height, heightOf(candidate)) / 2) neighbour = candidate;
    }
    const run = neighbour ? (neighbour.left + neighbour.right - piece.left - piece.right) / 2 : 0;
    if (neighbour && run > 0) slopes.push(riseBetween(piece, neighbour) / run);
  }
  if (slopes.length < MIN_SLANT_PAIRS) return 0;
  const slant = median(slopes);
  return Math.abs(slant) < MIN_SLANT ? 0 : slant;
};

/**
 * The pieces in visual rows. A photo or scan turned by a degree or two puts one end of a long table row as
 * high as the other end of the row above it; rows are therefore grouped with the page's slant taken out.
 */
const groupRows = <P extends PlacedText>(pieces: P[]): Row<P>[] => {
  const slant = slantOf(pieces);
  const levelled = pieces.map((piece) => {
    const drop = slant * ((piece.left + piece.right) / 2);
    return { ...piece, top: piece.top - drop, bottom: piece.bottom - drop, original: piece };
  });
  const rows: Row<(typeof levelled)[number]>[] = [];
  for (const piece of levelled.sort((a, b) => centerOf(a) - centerOf(b))) {
    const row = rows.slice(-OPEN_ROWS).find((candidate) => belongsTo(candidate, piece));
    if (row) row.pieces.push(piece);
    else rows.push({ pieces: [piece] });
  }
  return rows.map((row) => ({ pieces: row.pieces.map((piece) => piece.original) }));
};

interface Segment<P extends PlacedText> {
  text: string;
  left: number;
  right: number;
  /** Pieces with their columns relative to the segment's start. */
  pieces: LaidOutPiece<P>[];
}

/**
 * Whether a piece is a word apart from the piece before it: a gap of a fifth of a glyph or more, or a start more
 * than a glyph inside the piece before it. Text layers split words into runs that touch or overlap by a kerning;
 * a piece that starts whole glyphs inside the one before it is a word whose predecessor's box a photo's skew or a
 * speck widened ("copie" boxed over "A4 80 g" after it), not the rest of that word.
 */
const startsApart = (previous: PlacedText, piece: PlacedText, glyphWidth: number): boolean => {
  const gap = piece.left - previous.right;
  return gap >= GLUE_BELOW * glyphWidth || gap < -glyphWidth;
};

/** Joins a row's pieces left to right into column segments: words get one space, columns a gap. */
const segmentsOf = <P extends PlacedText>(row: Row<P>, clean: (piece: P) => string): Segment<P>[] => {
  const pieces = [...row.pieces].sort((a, b) => a.left - b.left);
  const glyphWidth = glyphWidthOf(pieces.map((piece) => ({ ...piece, text: clean(piece) })));
  const segments: Segment<P>[] = [];
  for (const piece of pieces) {
    const text = clean(piece);
    const segment = segments.at(-1);
    const gap = segment ? piece.left - segment.right : Infinity;
    if (segment && gap < COLUMN_GAP_FROM * glyphWidth) {
      if (startsApart(segment.pieces.at(-1)!.piece, piece, glyphWidth)) segment.text += ' ';
      segment.pieces.push({ piece, start: segment.text.length, end: segment.text.length + text.length });
      segment.text += text;
      segment.right = Math.max(segment.right, piece.right);
    } else {
      segments.push({ text, left: piece.left, right: piece.right, pieces: [{ piece, start: 0, end: text.length }] });
    }
  }
  return segments;
};

const cleanText = (piece: PlacedText) => piece.text.replace(/\s+/g, ' ').trim();

/**
 * Lays placed text out as plain lines whose character columns follow the page, like `pdftotext -layout`:
 * one line per visual row, one space between words, two or more spaces between columns, and a blank line
 * where the page leaves a gap. Each line keeps its pieces and the columns they occupy, so whatever is read
 * from the text can be traced back to where it is printed.
 */
export const layoutLines = <P extends PlacedText>(placed: readonly P[]): LaidOutLine<P>[] => {
  const pieces = placed.filter((piece) => cleanText(piece) !== '' && piece.right > piece.left && piece.bottom > piece.top);
  if (pieces.length === 0) return [];
  const columnWidth = glyphWidthOf(pieces.map((piece) => ({ ...piece, text: cleanText(piece) })));
  const lines: LaidOutLine<P>[] = [];
  let previous: { bottom: number; height: number } | null = null;
  for (const row of groupRows(pieces)) {
    const top = Math.min(...row.pieces.map((piece) => piece.top));
    const height = median(row.pieces.map(heightOf));
    if (previous && top - previous.bottom > 1.5 * Math.max(height, previous.height)) lines.push({ text: '', pieces: [] });
    let text = '';
    const laidOut: LaidOutPiece<P>[] = [];
    for (const segment of segmentsOf(row, cleanText)) {
      const column = Math.round(segment.left / columnWidth);
      const start = text === '' ? column : Math.max(column, text.length + 2);
      text = text.padEnd(start) + segment.text;
      laidOut.push(...segment.pieces.map((piece) => ({ ...piece, start: piece.start + start, end: piece.end + start })));
    }
    lines.push({ text, pieces: laidOut });
    previous = { bottom: Math.max(...row.pieces.map((piece) => piece.bottom)), height };
  }
  return lines;
};

/** The laid-out lines as one text: field extraction reads labels and values below them from it. */
export const layoutText = (placed: readonly PlacedText[]): string =>
  layoutLines(placed)
    .map((line) => line.text)
    .join('\n');
