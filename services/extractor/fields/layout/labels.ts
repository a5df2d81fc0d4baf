import { distance as editDistance } from 'fastest-levenshtein';
import { lineAbove, linesBelow, segmentsOverlap, type DocumentText, type LineWord, type Segment, type TextLine } from './document-text.js';
import { spanOf, type Span } from '../values/finding.js';
import { termsFor } from '../vocabulary/terms.js';
import { allMatches } from './all-matches.js';

/** Where a label was read: its line, its column span and the column segment it sits in. */
export interface LabelMatch {
  line: TextLine;
  start: number;
  end: number;
  segment: Segment;
  /** The line after the label: where a same-line value is. */
  after: string;
}

/** The text without its accents ("é" → "e", "ä" → "a", "À" → "A"). */
export const withoutAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '');

/** The letter without its accents, or null for a letter that has none. */
const baseLetter = (letter: string): string | null => {
  const base = withoutAccents(letter);
  return base !== letter && base.length === 1 ? base : null;
};

// A letter with any of the marks OCR reads on it: a mark it read is not always the one printed ("Fàllig am" for "Fällig
// am", "Kônig" for "König").
const MARKED_FORMS: Record<string, string> = {
  a: 'aàáâäãå',
  c: 'cç',
  e: 'eèéêë',
  i: 'iìíîï',
  n: 'nñ',
  o: 'oòóôöõ',
  u: 'uùúûü',
  A: 'AÀÁÂÄÃÅ',
  C: 'CÇ',
  E: 'EÈÉÊË',
  I: 'IÌÍÎÏ',
  N: 'NÑ',
  O: 'OÒÓÔÖÕ',
  U: 'UÙÚÛÜ',
};
const markedForms = (letter: string, base: string): string => MARKED_FORMS[base] ?? `${letter}${base}`;

// Other spellings of an umlaut outside a character class: its transliteration ("Ueberweisung") and, for
// "ü", OCR's two i's ("iiberweisen").
const UMLAUT_SPELLINGS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue|ii', Ä: 'ae', Ö: 'oe', Ü: 'ue|ii' };

/**
 * A regex source whose accented letters also match their plain letters and the letter with another mark: OCR often
 * drops accents and umlaut dots ("Facturé à" read as "Facturé a", "Rechnungsempfänger" as "Rechnungsempfanger",
 * "Überweisung" as "Uberweisung" or "iiberweisen") or reads another mark ("Fàllig am"); umlauts also match their
 * transliteration.
 */
export const withoutAccentsToo = (source: string): string => {
  let result = '';
  let inClass = false;
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!;
    if (character === '\\') {
      result += character + (source[++index] ?? '');
      continue;
    }
    if (character === '[') inClass = true;
    else if (character === ']') inClass = false;
    const base = baseLetter(character);
    const spellings = UMLAUT_SPELLINGS[character];
    result +=
      base === null
        ? character
        : inClass
          ? markedForms(character, base)
          : spellings
            ? `(?:[${markedForms(character, base)}]|${spellings})`
            : `[${markedForms(character, base)}]`;
  }
  return result;
};

/**
 * A case-insensitive pattern for any of the alternatives (regex sources) as whole words, accents
 * optional (see `withoutAccentsToo`). JavaScript's `\b` only knows ASCII letters, so word edges are
 * spelled out to keep "Fälligkeit" or "Numéro" whole. A label ending in punctuation ("n°", "Nr.") may
 * touch its value: "Facture n°562044387".
 */
export const labelPattern = (...alternatives: string[]): RegExp =>
  new RegExp(`(?<![\\p{L}\\d])(?:${withoutAccentsToo(alternatives.join('|'))})(?:(?<![\\p{L}\\d])|(?![\\p{L}\\d]))`, 'iu');

/** Column headers of a line-item table (description, quantity, unit price), in de/en/fr/it. */
export const ITEM_TABLE_HEADER = labelPattern(...termsFor('itemTableHeader'));

export const findLabels = (document: DocumentText, pattern: RegExp): LabelMatch[] =>
  document.lines.flatMap((line) =>
    allMatches(line.text, pattern, 'giu').flatMap((match) => {
      const start = match.index;
      const end = start + match[0].length;
      const segment = line.segments.find((candidate) => candidate.start <= start && start < candidate.end);
      return segment ? [{ line, start, end, segment, after: line.text.slice(end) }] : [];
    }),
  );

// The shortest key word a letter off may stand for: shorter words are a letter off too many others.
const MIN_KEY_LETTERS = 6;

/** A line's text with each word one letter off a key word (a letter added, dropped or changed) spelt as the key word. */
const keyWordsRespelt = (text: string, keys: readonly string[]): string =>
  text.replace(/\p{L}{5,}/gu, (word) => {
    const plain = withoutAccents(word).toLowerCase();
    const key = keys.find(
      (candidate) =>
        candidate.length >= MIN_KEY_LETTERS && candidate.length <= word.length && editDistance(plain, withoutAccents(candidate)) === 1,
    );
    // Spelt with the key's letters, padded to the word's length so every later character keeps its column.
    return key ? key.padEnd(word.length, ' ') : word;
  });

/**
 * Labels printed with one word a letter off ("Echéacnce" for "Échéance", OCR's "régier" for "régler"): the pattern's
 * matches on each line with its words one letter off a key word spelt as the key (keys of six letters or more, the
 * word as long or longer), only those taking in such a word (the others are `findLabels`'). A misspelt label says
 * less than a printed one: a reader takes its value only where it is of the label's kind, placed as a label's value.
 */
export const findMisspeltLabels = (document: DocumentText, pattern: RegExp, keys: readonly string[]): LabelMatch[] => {
  const lowered = keys.map((key) => key.toLowerCase());
  return document.lines.flatMap((line) => {
    const respelt = keyWordsRespelt(line.text, lowered);
    if (respelt === line.text) return [];
    const changed = (start: number, end: number) => respelt.slice(start, end) !== line.text.slice(start, end);
    return allMatches(respelt, pattern, 'giu').flatMap((match) => {
      const start = match.index;
      let end = start + match[0].length;
      // A word longer than its key ends where the word does, past the key's padding.
      while (end < line.text.length && respelt[end] === ' ' && /\p{L}/u.test(line.text[end]!)) end++;
      const segment = line.segments.find((candidate) => candidate.start <= start && start < candidate.end);
      return segment && changed(start, end) ? [{ line, start, end, segment, after: line.text.slice(end) }] : [];
    });
  });
};

/** The label ends its column segment, leaving at most punctuation: its value may be printed below it. */
export const endsItsSegment = (match: LabelMatch): boolean => LABEL_END.test(match.line.text.slice(match.end, match.segment.end));

// Punctuation, and the currency the amounts are in ("Net à payer €", "Total (EUR)"), may close a label.
const LABEL_END = /^[\s:.#=-]*(?:[€$£]|\(?(?:EUR|CHF|USD|GBP)\)?)?[\s:.#=-]*$/;

/** The segment of `line` that shares columns with the label's segment, if any. */
export const segmentInColumnOf = (match: LabelMatch, line: TextLine): Segment | undefined =>
  line.segments.find((candidate) => segmentsOverlap(candidate, match.segment));

/**
 * The segments in the label's column on the lines below it, top down: one per non-blank line, ending at
 * the first line with nothing in that column, or after `depth` lines.
 */
export const columnBelow = (document: DocumentText, match: LabelMatch, depth: number): { line: TextLine; segment: Segment }[] => {
  const column: { line: TextLine; segment: Segment }[] = [];
  for (const line of linesBelow(document, match.line, depth)) {
    const segment = segmentInColumnOf(match, line);
    if (!segment) break;
    column.push({ line, segment });
  }
  return column;
};

/** What a reader found at the start of a piece of text: its value and the characters it was read from. */
export interface Read<T> {
  value: T;
  start: number;
  end: number;
}

export interface LabelledValue<T> {
  value: T;
  span: Span;
  /** Read below the label rather than beside it. */
  below: boolean;
}

/**
 * The value a label introduces: printed after it on its line, or, when the label ends its column piece,
 * in the same column on the line below (forms and header tables print values under their labels).
 */
export const valueNearLabel = <T>(
  document: DocumentText,
  match: LabelMatch,
  read: (text: string) => Read<T> | null,
): LabelledValue<T> | null => {
  const sameLine = read(match.after);
  if (sameLine)
    return { value: sameLine.value, span: spanOf(match.line, match.end + sameLine.start, match.end + sameLine.end), below: false };
  if (!endsItsSegment(match)) return null;
  const [below = belowWrappedNeighbour(document, match)] = columnBelow(document, match, 1);
  const cell = below ? cellUnder(match, below.line, below.segment) : null;
  const underneath = cell ? read(cell.text) : null;
  if (!below || !cell || !underneath) return null;
  return {
    value: underneath.value,
    span: spanOf(below.line, cell.start + underneath.start, cell.start + underneath.end),
    below: true,
  };
};

/** Lines a header cell may stand above its value, the lines between holding other columns' text only. */
const HEADER_CELL_DEPTH = 2;

/**
 * The value under a label that is one cell of a row of header cells ("Beschreibung  Fälligkeit  Teilzahlung", "Date
 * d'écheance   Reference"), under lines that hold nothing in its column (a wrapped cell of a column beside it pushes
 * the value a line down): the first line within two with text in the label's column is read from its start, or none.
 * A piece starting under the header cell left of the label is that column's cell spilling over, not the label's.
 */
export const valueUnderHeaderCell = <T>(
  document: DocumentText,
  match: LabelMatch,
  read: (text: string) => Read<T> | null,
): LabelledValue<T> | null => {
  if (match.line.segments.length < 2 || !endsItsSegment(match)) return null;
  const leftEnd = Math.max(-1, ...match.line.segments.filter((header) => header.end <= match.segment.start).map((header) => header.end));
  for (const line of linesBelow(document, match.line, HEADER_CELL_DEPTH)) {
    const segment = line.segments.find((candidate) => segmentsOverlap(candidate, match.segment) && candidate.start >= leftEnd);
    if (!segment) continue;
    const value = read(segment.text);
    return value && { value: value.value, span: spanOf(line, segment.start + value.start, segment.start + value.end), below: true };
  }
  return null;
};

/**
 * What stands under a label in a row of label cells of one height where a neighbour's label wraps onto two lines
 * ("Date" / "d'échéance" beside "N° BC"): a one-line label is set between the neighbour's two lines, so the line right
 * under it holds the neighbour's second line and nothing in the label's column, and the value is on the line after it.
 * That line is skipped only where its piece nearest the label's column is words (no figure) under words on the line
 * above the label (the neighbour's first line), and the line after it prints values under both the label and that
 * neighbour (a row of values).
 */
const belowWrappedNeighbour = (document: DocumentText, match: LabelMatch): { line: TextLine; segment: Segment } | undefined => {
  const [next, after] = linesBelow(document, match.line, 2);
  const above = lineAbove(document, match.line);
  if (!next || !after || !above || segmentInColumnOf(match, next)) return undefined;
  const gap = (piece: Segment) => Math.max(piece.start - match.segment.end, match.segment.start - piece.end);
  const neighbour = [...next.segments].sort((a, b) => gap(a) - gap(b))[0];
  const words = (piece: Segment) => !/\d/.test(piece.text) && /\p{L}{2}/u.test(piece.text);
  if (!neighbour || !words(neighbour) || !above.segments.some((first) => words(first) && segmentsOverlap(neighbour, first)))
    return undefined;
  const segment = segmentInColumnOf(match, after);
  const underNeighbour = after.segments.some((piece) => piece !== segment && segmentsOverlap(piece, neighbour) && /\d/.test(piece.text));
  return segment && underNeighbour ? { line: after, segment } : undefined;
};

/** A segment's cells between the rules a table prints in it ("Echéance | N° BC"): the segment itself where it has none. */
const cellsOf = (segment: Segment): Segment[] => {
  const cells: Segment[] = [];
  for (const part of segment.text.matchAll(/[^|]+/g)) {
    const text = part[0].trim();
    if (text === '') continue;
    const start = segment.start + part.index + part[0].indexOf(text);
    cells.push({ text, start, end: start + text.length });
  }
  return cells.length > 1 ? cells : [segment];
};

/**
 * What is printed under a label: the segment below it, or, where that segment stretches across a whole neighbour of the
 * label in a row of labels without colons ("Date   Echéance   N° BC" over "2015-04-04 2015-06-03 BC03277", values set
 * closer than their labels), only the words under the label: those overlapping it more than any neighbour. A label with
 * a colon has its value beside it, and a segment with one is a label and value of its own ("Customer VAT No.: …").
 */
const cellUnder = (match: LabelMatch, line: TextLine, segment: Segment): Segment | null => {
  const labels = match.line.segments.flatMap(cellsOf);
  const label = labels.find((cell) => cell.start <= match.start && match.end <= cell.end) ?? match.segment;
  const acrossNeighbour = labels.some(
    (neighbour) => neighbour !== label && segment.start <= neighbour.start && neighbour.end <= segment.end,
  );
  // (Without word boxes, the line's words are not known apart: the segment, as before.)
  if (!acrossNeighbour || line.words.length === 0 || match.segment.text.includes(':') || segment.text.includes(':')) return segment;
  const overlap = (word: LineWord, other: Segment) => Math.min(word.end, other.end) - Math.max(word.start, other.start);
  const underLabel = (word: LineWord) => {
    const most = Math.max(...labels.map((label) => overlap(word, label)));
    return most > 0 && overlap(word, label) === most;
  };
  const words = line.words.filter((word) => segment.start <= word.start && word.end <= segment.end && underLabel(word));
  if (words.length === 0) return null;
  const start = words[0]!.start;
  const end = words.at(-1)!.end;
  return { text: line.text.slice(start, end), start, end };
};
