import type { RecognizedWord } from '../../../../contracts/events/page-words.js';
import { layoutLines } from '../../recognition/layout-text.js';
import { detectLanguage, slashDateOrder, type Language, type SlashDateOrder } from './document-locale.js';
import { detectDecimalMark, type DecimalMark } from '../values/parse-number.js';
import { withoutScanNoise } from './ocr-word-noise.js';
import { withoutWordsReadTwice } from './words-read-twice.js';

/** Left, top, right, bottom as fractions of the page (y grows downwards). */
export type Box = [number, number, number, number];

/** A run of text on a line, separated from its neighbours by two or more spaces (a column gap). */
export interface Segment {
  text: string;
  /** Character columns [start, end) on the laid-out line; columns line up across lines of a page. */
  start: number;
  end: number;
}

/** A recognized word (or text-layer piece) on a line: the columns it occupies and where it is printed. */
export interface LineWord {
  start: number;
  end: number;
  box: Box;
  /** OCR confidence 0..1; null for text layers. */
  confidence: number | null;
}

export interface TextLine {
  page: number;
  /** Position among all lines of the document, blank lines included. */
  index: number;
  text: string;
  segments: Segment[];
  /** Empty when the page has no word boxes (text recorded before boxes were kept). */
  words: LineWord[];
  /** How well the line was read when its words carry no confidence: the page's OCR confidence, 1 for text layers. */
  legibility: number;
}

/** The recognized pages as every field extractor reads them: normalized, split into lines and segments. */
export interface DocumentText {
  lines: TextLine[];
  /** All pages, one after another, as stored in `accounting_document.text`. */
  fullText: string;
  language: Language | null;
  /** How the document writes slash dates that could be read either way. */
  dateOrder: SlashDateOrder;
  decimalMark: DecimalMark;
}

export interface PageText {
  pageNumber: number;
  text: string;
  /** Mean OCR confidence of the page; null or absent for text layers. */
  confidence?: number | null;
  /** The page's words with their boxes; when present, lines are laid out from them. */
  words?: readonly RecognizedWord[] | null;
}

/** NFKC, except for the superscript two and three of units ("m²", "m³"), which it would turn into digits. */
const keepSuperscripts = (text: string): string =>
  text
    .split(/([²³])/)
    .map((part) => (part === '²' || part === '³' ? part : part.normalize('NFKC')))
    .join('');

/**
 * One spelling for the characters documents vary in: compatibility forms (ligatures, full-width digits,
 * no-break spaces), typographic apostrophes (Swiss thousands separators) and dashes (minus signs, `50.–`).
 */
export const normalizeText = (text: string): string =>
  keepSuperscripts(text)
    .replace(/[\u2018\u2019\u201B\u02BC\u00B4`]/g, "'")
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\t/g, '  ')
    .replace(/[^\S\n]/g, ' ');

/** Whether two pieces share columns (on one line, or on lines of a page one above the other). */
export const segmentsOverlap = (a: Segment, b: Segment): boolean => a.start < b.end && b.start < a.end;

/** The pieces of a line: runs of words a single space apart. */
export const segmentsOf = (line: string): Segment[] =>
  [...line.matchAll(/\S+(?: \S+)*/g)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));

interface LaidOutLine {
  text: string;
  words: LineWord[];
}

/**
 * A word as written in the document's language where OCR is known to misread it: an umlaut read as two
 * letters in German text ("Biirostuhl", "fiir"), where "ii" inside a word is no spelling, and a capital Ü
 * read without its dots at the start of a word ("Ubernachtung", "Uberweisung"): no German word starts
 * with "Uber" but through "Über".
 */
const spelledFor =
  (language: Language | null) =>
  (word: string): string =>
    language === 'de' ? word.replace(/(?<=\p{L})ii(?=\p{L})/gu, 'ü').replace(/^Uber(?=\p{Ll}{2})/u, 'Über') : word;

/** Lines laid out from word boxes, so every character of a line knows where on the page it is printed. */
const linesFromWords = (words: readonly RecognizedWord[], spell: (word: string) => string): LaidOutLine[] =>
  layoutLines(
    withoutWordsReadTwice(words).map((word) => {
      const [left, top, right, bottom] = word.box;
      const text = spell(normalizeText(word.confidence === null ? word.text : withoutScanNoise(word.text)));
      return { text, left, top, right, bottom, word };
    }),
  ).map((line) => ({
    text: line.text,
    words: line.pieces.map(({ piece, start, end }) => ({ start, end, box: [...piece.word.box], confidence: piece.word.confidence })),
  }));

const linesFromText = (text: string): LaidOutLine[] =>
  normalizeText(text)
    .split('\n')
    .map((line) => ({ text: line.trimEnd(), words: [] }));

export const toDocumentText = (pages: readonly PageText[]): DocumentText => {
  const fullText = pages.map((page) => page.text.trimEnd()).join('\n\n');
  const language = detectLanguage(fullText);
  const lines: TextLine[] = [];
  for (const page of pages) {
    const laidOut = page.words && page.words.length > 0 ? linesFromWords(page.words, spelledFor(language)) : linesFromText(page.text);
    for (const { text, words } of laidOut) {
      lines.push({ page: page.pageNumber, index: lines.length, text, segments: segmentsOf(text), words, legibility: page.confidence ?? 1 });
    }
  }
  return { lines, fullText, language, dateOrder: slashDateOrder(fullText, language), decimalMark: detectDecimalMark(fullText) };
};

/** The nearest non-blank line before `line` on the same page, or null. */
export const lineAbove = (document: DocumentText, line: TextLine): TextLine | null => {
  for (let index = line.index - 1; index >= 0; index--) {
    const candidate = document.lines[index]!;
    if (candidate.page !== line.page) return null;
    if (candidate.text !== '') return candidate;
  }
  return null;
};

/** The next non-blank lines after `line` on the same page, nearest first. */
export const linesBelow = (document: DocumentText, line: TextLine, count: number): TextLine[] => {
  const below: TextLine[] = [];
  for (let index = line.index + 1; index < document.lines.length && below.length < count; index++) {
    const candidate = document.lines[index]!;
    if (candidate.page !== line.page) break;
    if (candidate.text !== '') below.push(candidate);
  }
  return below;
};
