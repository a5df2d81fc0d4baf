/** A piece of text and where it sits on the page, with y growing downwards (any unit, one unit per page). */
export interface PlacedText {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Row {
  pieces: PlacedText[];
}

// Multiples of a row's typical glyph width: closer pieces are one word, a wider gap is a column break.
const GLUE_BELOW = 0.2;
const COLUMN_GAP_FROM = 2.2;
// Rows still open for pieces: a slightly lower word (skewed scans, superscripts) may come after the next row began.
const OPEN_ROWS = 3;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const heightOf = (piece: PlacedText) => piece.bottom - piece.top;
const centerOf = (piece: PlacedText) => (piece.top + piece.bottom) / 2;
const glyphWidthOf = (pieces: PlacedText[]) => median(pieces.map((piece) => (piece.right - piece.left) / piece.text.length));

const horizontalDistance = (a: PlacedText, b: PlacedText) => Math.max(0, a.left - b.right, b.left - a.right);

/**
 * A piece belongs to a row when it shares at least half its height with the row's piece nearest to it
 * sideways. Comparing with the neighbour rather than the whole row follows skewed lines and keeps a
 * large heading from pulling the lines above and below it into one row.
 */
const belongsTo = (row: Row, piece: PlacedText): boolean => {
  const neighbour = row.pieces.reduce((nearest, candidate) =>
    horizontalDistance(candidate, piece) < horizontalDistance(nearest, piece) ? candidate : nearest,
  );
  const overlap = Math.min(neighbour.bottom, piece.bottom) - Math.max(neighbour.top, piece.top);
  return overlap >= Math.min(heightOf(neighbour), heightOf(piece)) / 2;
};

const groupRows = (pieces: PlacedText[]): Row[] => {
  const rows: Row[] = [];
  for (const piece of [...pieces].sort((a, b) => centerOf(a) - centerOf(b))) {
    const row = rows.slice(-OPEN_ROWS).find((candidate) => belongsTo(candidate, piece));
    if (row) row.pieces.push(piece);
    else rows.push({ pieces: [piece] });
  }
  return rows;
};

/** Joins a row's pieces left to right into column segments: words get one space, columns a gap. */
const segmentsOf = (row: Row): { text: string; left: number }[] => {
  const pieces = [...row.pieces].sort((a, b) => a.left - b.left);
  const glyphWidth = glyphWidthOf(pieces);
  const segments: { text: string; left: number; right: number }[] = [];
  for (const piece of pieces) {
    const segment = segments.at(-1);
    const gap = segment ? piece.left - segment.right : Infinity;
    if (segment && gap < COLUMN_GAP_FROM * glyphWidth) {
      segment.text += gap < GLUE_BELOW * glyphWidth ? piece.text : ` ${piece.text}`;
      segment.right = Math.max(segment.right, piece.right);
    } else {
      segments.push({ text: piece.text, left: piece.left, right: piece.right });
    }
  }
  return segments;
};

/**
 * Lays placed text out as plain lines whose character columns follow the page, like `pdftotext -layout`:
 * one line per visual row, one space between words, two or more spaces between columns, and a blank line
 * where the page leaves a gap. Field extraction reads labels and their values from these lines, including
 * values printed below their label, so text layers and OCR must both come out this way.
 */
export const layoutText = (placed: PlacedText[]): string => {
  const pieces = placed
    .map((piece) => ({ ...piece, text: piece.text.replace(/\s+/g, ' ').trim() }))
    .filter((piece) => piece.text !== '' && piece.right > piece.left && piece.bottom > piece.top);
  if (pieces.length === 0) return '';
  const columnWidth = glyphWidthOf(pieces);
  const lines: string[] = [];
  let previous: { bottom: number; height: number } | null = null;
  for (const row of groupRows(pieces)) {
    const top = Math.min(...row.pieces.map((piece) => piece.top));
    const height = median(row.pieces.map(heightOf));
    if (previous && top - previous.bottom > 1.5 * Math.max(height, previous.height)) lines.push('');
    let line = '';
    for (const segment of segmentsOf(row)) {
      const column = Math.round(segment.left / columnWidth);
      const start = line === '' ? column : Math.max(column, line.length + 2);
      line = line.padEnd(start) + segment.text;
    }
    lines.push(line.trimEnd());
    previous = { bottom: Math.max(...row.pieces.map((piece) => piece.bottom)), height };
  }
  return lines.join('\n');
};
