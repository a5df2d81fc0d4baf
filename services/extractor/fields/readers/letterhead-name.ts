import { distance as editDistance } from 'fastest-levenshtein';
import { withoutAccents } from '../layout/labels.js';
import { isTitle } from '../layout/address-blocks.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { typeSizeOf } from '../layout/type-size.js';
import { companyNameRead, hasLegalForm } from '../values/postal-address.js';
import { boxOf, spanOf, type Span } from '../values/finding.js';

/** A company's name printed alone at the head of the first page, as a logo's brand name beside its mark. */
export interface LetterheadName {
  name: string;
  span: Span;
  /** Where the name is printed over two lines, both lines' spans. */
  spans?: Span[];
}

// A letterhead's name is printed above where a window address sits (share of the page height), in type larger than the
// lines below it or in capitals; without word boxes, within the first lines.
const LETTERHEAD_TOP = 0.1;
const LETTERHEAD_LINES = 3;
const LARGER = 1.15;

const inCapitals = (text: string): boolean => /\p{L}/u.test(text) && !/\p{Ll}/u.test(text);

// A logo's mark holds a monogram: what OCR reads of it is a word of a few letters.
const MARK_LETTERS = 3;

/** A monogram read as letters: a few letters that are the initials of the words after it ("TR" before "TESSITURA RINALDI"). */
const isMonogramOf = (word: string, following: readonly string[]): boolean => {
  const letters = [...word.toUpperCase()];
  if (letters.length < 2 || letters.length > MARK_LETTERS || !/^\p{L}+$/u.test(word) || following.length <= letters.length) return false;
  return letters.every((letter, index) => following[index]!.toUpperCase().startsWith(letter));
};

/**
 * The brand name without what OCR read of the logo's mark before it ("©", "(SG)", "JA)", "oO", a lone "O", "TR"): words
 * with a bracket or a sign, a single letter, a few letters with small ones before a name set in capitals, or the name's
 * initials.
 */
const withoutMark = (text: string): string => {
  const words = text.trim().split(/\s+/);
  const capitalsAfter = (index: number) => inCapitals(words.slice(index + 1).join(' '));
  let first = 0;
  while (
    first < words.length - 1 &&
    (/[()[\]{}©®@]/u.test(words[first]!) ||
      !/\p{L}/u.test(words[first]!) ||
      /^\p{L}$/u.test(words[first]!) ||
      (/\p{Ll}/u.test(words[first]!) && [...words[first]!].length <= MARK_LETTERS && capitalsAfter(first)) ||
      isMonogramOf(words[first]!, words.slice(first + 1)))
  )
    first++;
  return words.slice(first).join(' ');
};

/**
 * The letterhead's name: a company's name with its legal form at the head of the first page, on one line set apart by
 * its type, or over two lines set apart by the space under them. A logo prints the sender's name so; the sender's
 * address is then printed elsewhere (a footer, an office's block), or nowhere OCR could read.
 */
export const findLetterheadName = (document: DocumentText, blockSpans: readonly Span[]): LetterheadName | null =>
  oneLineName(document, blockSpans) ?? twoLineName(document, blockSpans);

/**
 * On one line: the first line of the first page, alone on its line, at the head of the page, a company's name
 * with its legal form set larger than the next line or in capitals, and no line of an address block.
 */
const oneLineName = (document: DocumentText, blockSpans: readonly Span[]): LetterheadName | null => {
  const printed = document.lines.filter((line) => line.text.trim() !== '' && line.page === document.lines[0]?.page);
  const [line, next] = printed;
  if (!line || line.segments.length !== 1) return null;
  const segment = line.segments[0]!;
  const box = boxOf([spanOf(line, segment.start, segment.end)]);
  if (box ? box[1] > LETTERHEAD_TOP : line.index - document.lines[0]!.index >= LETTERHEAD_LINES) return null;
  if (blockSpans.some((span) => span.line === line)) return null;
  const asRead = withoutMark(segment.text);
  // Its legal form as printed where OCR misread it ("ELBTAL E K.", "KRANICH GrnbH & Co. KG").
  const name = companyNameRead(asRead);
  if (!hasLegalForm(name) || /[\d@:]/.test(name) || isTitle(name) || name.length > 45) return null;
  const height = typeSizeOf(spanOf(line, segment.start, segment.end));
  const nextHeight = next ? typeSizeOf(spanOf(next, 0, next.text.length)) : null;
  const larger = height !== null && nextHeight !== null && height > nextHeight * LARGER;
  if (!larger && !inCapitals(name)) return null;
  const start = segment.start + segment.text.lastIndexOf(asRead);
  return { name, span: spanOf(line, start, start + asRead.length) };
};

// A letterhead's name over two lines: its lines start in one column, this close (character columns), and are as long as a name is.
const SAME_COLUMN = 2;
const NAME_LINE_LENGTH = 45;
// The line after the name stands this much farther below it than the name's second line stands below its first.
const SET_APART = 1.5;
// The head of a letter above its address field: 45 mm of the page's 297 (DIN 5008, form B), where a two-line name starts.
const LETTERHEAD_ZONE = 45 / 297;
// Characters of what OCR made of a logo's mark beside the name.
const LOGO_MARK = 2;
// Type sizes within this ratio are one type.
const SAME_TYPE = 1.1;

/** A line of a letterhead's name: words, no figure, address, label or title. */
const isNameLine = (text: string): boolean =>
  /^\p{Lu}/u.test(text) && !/[\d@:]/.test(text) && !isTitle(text) && text.length <= NAME_LINE_LENGTH;

/** The first segment of the line that starts in the column of `start`, with nothing left of it. */
const segmentAt = (line: TextLine, start: number) => {
  const first = line.segments[0];
  return first && Math.abs(first.start - start) <= SAME_COLUMN ? first : null;
};

const topOf = (line: TextLine, segment: { start: number; end: number }): number | null =>
  boxOf([spanOf(line, segment.start, segment.end)])?.[1] ?? null;

/**
 * Over two lines at the head of the first page ("Nordlicht Gegenseitige" / "Versicherungsverein Kiel a.G."): the first two lines of the page's left column, in one type, the second ending in the company's
 * legal form and the first naming none, set apart from the lines under them (by more space than stands between
 * them, or a blank line), and no line of an address block. Beside them only words a logo prints (no figure, no label);
 * the lines between them print nothing in their column.
 */
const twoLineName = (document: DocumentText, blockSpans: readonly Span[]): LetterheadName | null => {
  const printed = document.lines.filter((line) => line.text.trim() !== '' && line.page === document.lines[0]?.page);
  const first = printed[0];
  const top = first?.segments[0];
  if (!first || !top) return null;
  const inColumn = printed.slice(1).flatMap((line) => {
    const segment = segmentAt(line, top.start);
    return segment ? [{ line, segment }] : [];
  });
  const [second, third] = inColumn;
  if (!second) return null;
  const between = printed.filter((line) => line.index > first.index && line.index < second.line.index);
  if (between.some((line) => line.segments.some((segment) => segment.start < top.end))) return null;
  const beside = [first, second.line].flatMap((line) => line.segments.slice(1));
  // A logo's words and marks ("elektronische Rechnung", a "5" OCR made of its mark); a label, a number or a title is no logo.
  if (beside.some((segment) => segment.text.length > LOGO_MARK && (/[\d:@]/.test(segment.text) || isTitle(segment.text)))) return null;
  const firstTop = topOf(first, top);
  if (firstTop === null ? first.index - document.lines[0]!.index >= LETTERHEAD_LINES : firstTop > LETTERHEAD_ZONE) return null;
  if (!isNameLine(top.text) || hasLegalForm(top.text) || !isNameLine(second.segment.text)) return null;
  // The legal form ends the name: "… Versicherungsverein Kiel a.G.", not "… GmbH & Co. Vertrieb".
  const lastWord = second.segment.text.split(/\s+/).at(-1)!;
  if (!hasLegalForm(lastWord)) return null;
  const spans = [spanOf(first, top.start, top.end), spanOf(second.line, second.segment.start, second.segment.end)];
  if (blockSpans.some((span) => span.line === first || span.line === second.line)) return null;
  const [size, secondSize] = spans.map(typeSizeOf);
  if (size && secondSize && Math.max(size, secondSize) > SAME_TYPE * Math.min(size, secondSize)) return null;
  const secondTop = topOf(second.line, second.segment);
  const thirdTop = third ? topOf(third.line, third.segment) : null;
  const apart =
    !third ||
    (firstTop !== null && secondTop !== null && thirdTop !== null
      ? thirdTop - secondTop > SET_APART * (secondTop - firstTop)
      : document.lines.slice(second.line.index + 1, third.line.index).some((line) => line.text.trim() === ''));
  if (!apart) return null;
  return { name: companyNameRead(`${top.text} ${second.segment.text}`), span: spans[0]!, spans };
};

/** A letter as both prints share it: no accents, small, the dotless ı OCR reads for an i whose dot it lost. */
const foldedLetter = (letter: string): string => withoutAccents(letter).toLowerCase().replace('ı', 'i');
const marksOf = (letter: string): number => letter.normalize('NFD').length - 1;

/** The letterhead's word set in the case of the word read elsewhere: in capitals, capitalized, or small. */
const inCaseOf = (word: string, model: string): string => {
  if (inCapitals(model)) return word.toUpperCase();
  const small = word.toLowerCase();
  return /^\p{Lu}/u.test(model) ? small.charAt(0).toUpperCase() + small.slice(1) : small;
};

/**
 * One word of a name read in two prints: letter by letter where they differ only in accents or case (the letter with its
 * accent, the case of the word read elsewhere, as a logo prints in capitals), and the letterhead's large print of a long
 * word where OCR misread a letter or two of the other ("Siintis" for "SÄNTIS"). Null for two different words.
 */
const reconciledWord = (read: string, letterhead: string): string | null => {
  const a = [...read];
  const b = [...letterhead];
  if (a.length === b.length && a.every((letter, index) => foldedLetter(letter) === foldedLetter(b[index]!))) {
    return a
      .map((letter, index) => {
        const other = b[index]!;
        const better = marksOf(other) > marksOf(letter) || letter === 'ı' ? other : letter;
        return letter === letter.toUpperCase() ? better.toUpperCase() : better.toLowerCase();
      })
      .join('');
  }
  const [x, y] = [read, letterhead].map((word) => [...word].map(foldedLetter).join(''));
  const letters = Math.min(x!.length, y!.length);
  return letters >= 5 && /^\p{L}+$/u.test(y!) && editDistance(x!, y!) <= 2 ? inCaseOf(letterhead, read) : null;
};

const foldedWord = (word: string): string => [...word].map(foldedLetter).join('');
const withoutDots = (word: string): string => foldedWord(word).replace(/\./g, '');
const dotsOf = (word: string): number => word.match(/\./g)?.length ?? 0;

/**
 * A legal form read with its dots in one print and without them in the other ("BV", "B.V."): OCR loses a dot, a speck
 * in small type, and does not add one; so the form with more dots, its letters in the case of the word read.
 */
const withDotsOf = (read: string, letterhead: string): string => {
  if (dotsOf(read) >= dotsOf(letterhead)) return read;
  const cases = [...read].filter((letter) => letter !== '.');
  let at = 0;
  return [...letterhead]
    .map((letter) => {
      if (letter === '.') return letter;
      const model = cases[at++] ?? letter;
      return model === model.toUpperCase() ? letter.toUpperCase() : letter.toLowerCase();
    })
    .join('');
};

/**
 * The company's name the sender's block gives, with what the letterhead's print of it shows better: accents OCR dropped
 * in one print ("Santis GmbH" under "SÄNTIS GMBH"), a letter it misread. The two are one name when every word of it
 * matches the letterhead's last words (the logo's mark before them is no part of it), its legal form word for word.
 * Null when the letterhead names something else.
 */
export const reconciledName = (read: string, letterhead: string): string | null => {
  const readWords = read.trim().split(/\s+/);
  const letterheadWords = letterhead.trim().split(/\s+/).slice(-readWords.length);
  if (letterheadWords.length !== readWords.length) return null;
  const words = readWords.map((word, index) => {
    const other = letterheadWords[index]!;
    // The legal form is read as one of its known spellings already; it must be the same form in both, but for the dots a
    // small print loses ("BV" under "B.V.").
    if (hasLegalForm(word) || hasLegalForm(other)) {
      if (foldedWord(word) === foldedWord(other)) return reconciledWord(word, other);
      return withoutDots(word) === withoutDots(other) ? withDotsOf(word, other) : null;
    }
    return reconciledWord(word, other);
  });
  return words.every((word) => word !== null) ? words.join(' ') : null;
};
