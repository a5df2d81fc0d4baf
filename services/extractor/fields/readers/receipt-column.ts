import type { DocumentText, TextLine } from '../layout/document-text.js';
import { labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

const TO_PAY = labelPattern(...termsFor('toPayLabel'));

// An uncropped scan lays the receipt on the scanner's ground, which OCR reads as marks in columns of their own far left.
const FAR_RIGHT = 16;
// How far right of the edge the paper's edge may leave marks, and how long they are at most (half of it).
const EDGE_MARKS = 6;

/**
 * Where the receipt of an uncropped scan begins: the start of what is to pay's label ("zu zahlen", "SUMME EUR"), when it
 * stands far right with marks left of it (the scanner's ground read as text). Null for a cropped receipt.
 */
const receiptEdge = (document: DocumentText): number | null => {
  for (const line of document.lines) {
    const label = TO_PAY.exec(line.text);
    if (!label || label.index < FAR_RIGHT || !/\d[.,]\s?\d{2}/.test(line.text.slice(label.index))) continue;
    return /\S/.test(line.text.slice(0, label.index - 1)) ? label.index : null;
  }
  return null;
};

/** Where each piece of a line (words a gap of two spaces or more apart) starts and ends. */
const piecesOf = (text: string) =>
  [...text.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));

/**
 * The line with the pieces that end left of the receipt's edge blanked (same length, so every offset still points at the
 * line's words), unless that leaves a line starting with its amount, whose name was among them.
 */
const withinEdge = (line: TextLine, edge: number): TextLine => {
  let text = line.text;
  const pieces = piecesOf(line.text);
  // Left of the edge, or a mark of the paper's edge just right of it before a name ("22)  Zeitschriften").
  const isGround = (piece: { start: number; end: number }, at: number) =>
    piece.end < edge - 1 ||
    (piece.start < edge + EDGE_MARKS &&
      piece.end - piece.start <= EDGE_MARKS / 2 &&
      !/\p{L}/u.test(line.text.slice(piece.start, piece.end)) &&
      /^\S*\p{L}{2}/u.test(line.text.slice(pieces[at + 1]?.start ?? piece.end)));
  for (const [at, piece] of pieces.entries())
    if (isGround(piece, at)) text = text.slice(0, piece.start) + ' '.repeat(piece.end - piece.start) + text.slice(piece.end);
  const kept = text.trim();
  if (/^-?\d+[.,]\d{2}(?!\d)/.test(kept) && /\p{L}{2}/u.test(line.text.slice(0, line.text.indexOf(kept)))) return line;
  return text === line.text ? line : { ...line, text: text.trimEnd() === '' ? '' : text };
};

/**
 * An uncropped scan's lines with the marks its ground left of the receipt was read as blanked; null for a receipt
 * cropped to its paper.
 */
export const withinReceiptColumn = (document: DocumentText): DocumentText | null => {
  const edge = receiptEdge(document);
  return edge === null ? null : { ...document, lines: document.lines.map((line) => withinEdge(line, edge)) };
};
