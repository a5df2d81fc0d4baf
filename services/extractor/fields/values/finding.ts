import type { Box, TextLine } from '../layout/document-text.js';

/** A value a field extractor read, how sure it is (0..1), and where it is printed. */
export interface Finding<T> {
  value: T;
  confidence: number;
  page: number;
  /** The union of the boxes of the words it was read from; null when the page has no word boxes. */
  box: Box | null;
}

/** Characters [start, end) of a line: what a value was read from. */
export interface Span {
  line: TextLine;
  start: number;
  end: number;
}

export const spanOf = (line: TextLine, start: number, end: number): Span => ({ line, start, end });

/** Whether two spans share characters of one line. */
export const spansOverlap = (a: Span, b: Span): boolean => a.line === b.line && a.start < b.end && b.start < a.end;

const wordsOf = ({ line, start, end }: Span) => line.words.filter((word) => word.start < end && start < word.end);

/** Whether a span's words were recognized by OCR (a text layer's are printed as they are). */
export const isRecognized = (span: Span) => wordsOf(span).some((word) => word.confidence !== null);

/** Whether a text layer printed the words of a span (no OCR read them). */
export const isPrinted = (span: Span) => wordsOf(span).some((word) => word.confidence === null);

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The part of each word inside the span, as a box. A text-layer piece often holds several words, so a span
 * covering part of it gets the share of its width its characters take.
 */
const boxesIn = ({ line, start, end }: Span): Box[] =>
  line.words.flatMap((word) => {
    const from = Math.max(start, word.start);
    const to = Math.min(end, word.end);
    if (from >= to) return [];
    const [left, top, right, bottom] = word.box;
    const perChar = (right - left) / (word.end - word.start);
    return [[left + (from - word.start) * perChar, top, left + (to - word.start) * perChar, bottom]];
  });

/** The box around every span on the first span's page, or null without word boxes. */
export const boxOf = (spans: readonly Span[]): Box | null => {
  const page = spans[0]?.line.page;
  const boxes = spans.filter((span) => span.line.page === page).flatMap(boxesIn);
  if (boxes.length === 0) return null;
  return [
    round(Math.min(...boxes.map((box) => box[0]))),
    round(Math.min(...boxes.map((box) => box[1]))),
    round(Math.max(...boxes.map((box) => box[2]))),
    round(Math.max(...boxes.map((box) => box[3]))),
  ];
};

/** How well the spanned words were read: their mean OCR confidence, else their lines' legibility. */
export const legibilityOf = (spans: readonly Span[]): number => {
  const confidences = spans.flatMap(({ line, start, end }) =>
    line.words.filter((word) => word.start < end && start < word.end && word.confidence !== null).map((word) => word.confidence!),
  );
  if (confidences.length > 0) return confidences.reduce((sum, value) => sum + value, 0) / confidences.length;
  return Math.min(...spans.map((span) => span.line.legibility));
};

/** A finding read from the spans (at least one): confidence scaled by how well they were read. */
export const foundAt = <T>(value: T, confidence: number, spans: readonly Span[]): Finding<T> => ({
  value,
  confidence: confidence * legibilityOf(spans),
  page: spans[0]!.line.page,
  box: boxOf(spans),
});
