import { distance as editDistance } from 'fastest-levenshtein';
import type { DocumentText } from '../layout/document-text.js';
import { withoutAccents } from '../layout/labels.js';
import { hasLegalForm } from '../values/postal-address.js';
import type { Span } from '../values/finding.js';

/** One word of a reading, with how surely OCR read it (null where unknown). */
export interface ReadWord {
  text: string;
  confidence: number | null;
}

/** One print's reading of a name or street: its words, and whether it is the reading chosen so far. */
export interface Reading {
  words: ReadWord[];
  chosen: boolean;
}

/** What the prints say together: the reading they agree on, how many prints read it, how many read something else. */
export interface Vote {
  value: string;
  agreeing: number;
  conflicting: number;
}

/** A word as every print of it shares it: no accents, small, the dotless ı OCR reads for an i whose dot it lost. */
const foldedWord = (word: string): string => withoutAccents(word).toLowerCase().replace(/ı/gu, 'i');
/** A reading as OCR's prints of it share it: folded, without spaces and punctuation. */
const bare = (text: string): string => foldedWord(text).replace(/[^\p{L}\p{N}]/gu, '');
const accentsOf = (word: string): number => word.normalize('NFD').match(/\p{M}/gu)?.length ?? 0;

/**
 * A word as OCR misreads it: a sign no name prints, a dotless ı for an i, a digit amid letters ("Hainstra8e",
 * "BERGKRI5TALL", "E1btal") or before small ones ("5tahlbau"), capitals after small ones ("HainstraBBe").
 */
export const looksMisread = (text: string): boolean =>
  /[{}[\]|©®¢§¦~^_=<>ı]/u.test(text) || /\p{L}\d+\p{L}/u.test(text) || /^\d\p{Ll}{3,}/u.test(text) || /\p{Ll}\p{Lu}{2}/u.test(text);

/** Two readings of one printed word: a letter or two apart, at most a third of the word's letters. */
const sameWord = (a: string, b: string): boolean => {
  const [x, y] = [foldedWord(a), foldedWord(b)];
  return editDistance(x, y) <= Math.max(1, Math.floor(Math.max(x.length, y.length) / 3));
};

/** Two readings of one printed text: as many words, each the same word read a letter or two apart. */
const sameText = (a: Reading, b: Reading): boolean =>
  a.words.length === b.words.length && a.words.every((word, index) => sameWord(word.text, b.words[index]!.text));

interface Candidate {
  word: ReadWord;
  chosen: boolean;
}

/** Of two readings of a word, the one more likely printed: without OCR's marks, then the one OCR read more surely. */
const surer = (a: Candidate, b: Candidate): Candidate => {
  if (looksMisread(a.word.text) !== looksMisread(b.word.text)) return looksMisread(a.word.text) ? b : a;
  const [x, y] = [a.word.confidence ?? -1, b.word.confidence ?? -1];
  if (x !== y) return x > y ? a : b;
  return b.chosen ? b : a;
};

/**
 * The word the prints agree on: the spelling (without accents and case) most prints read, where one has more prints than
 * any other; else the one OCR read most surely, a reading with OCR's marks of a misread letter last. Of that spelling,
 * the form without such marks and with the most accents (OCR drops accents, it does not add them), the chosen print's
 * form on a tie.
 */
const votedWord = (candidates: Candidate[], domains: readonly string[]): string => {
  const spellings = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const key = foldedWord(candidate.word.text);
    spellings.set(key, [...(spellings.get(key) ?? []), candidate]);
  }
  const counts = [...spellings.values()].map((group) => group.length).sort((a, b) => b - a);
  const majority = counts[0]! > (counts[1] ?? 0) ? [...spellings.values()].find((group) => group.length === counts[0]) : undefined;
  // Without a majority, the one spelling a web or mail domain of the document spells (a third print of the name).
  const spelled = [...spellings.keys()].filter((key) => spelledIn(key, domains));
  const group =
    majority ?? (spelled.length === 1 ? spellings.get(spelled[0]!)! : spellings.get(foldedWord(candidates.reduce(surer).word.text))!);
  const forms = group.map((candidate) => candidate.word.text);
  const clean = forms.filter((form) => !looksMisread(form));
  const pool = clean.length > 0 ? clean : forms;
  const mostAccents = Math.max(...pool.map(accentsOf));
  const accented = pool.filter((form) => accentsOf(form) === mostAccents);
  const chosenForm = group.find((candidate) => candidate.chosen)?.word.text;
  if (chosenForm === undefined || accented.includes(chosenForm)) return chosenForm ?? accented[0]!;
  return inCaseOf(accented[0]!, chosenForm);
};

/** Whether a domain spells the word: its letters (four or more) within one of the domain's names ("rhein" in rhein.ch). */
const spelledIn = (word: string, domains: readonly string[]): boolean => {
  const letters = bare(word);
  return letters.length >= 4 && domains.some((domain) => domain.includes(letters));
};

/** A word in the case of another reading of it, letter by letter where they have as many (a logo prints in capitals). */
const inCaseOf = (word: string, model: string): string => {
  const [letters, modelLetters] = [[...word], [...model]];
  if (letters.length !== modelLetters.length) return word;
  return letters
    .map((letter, index) => (modelLetters[index] === modelLetters[index]!.toUpperCase() ? letter.toUpperCase() : letter.toLowerCase()))
    .join('');
};

/**
 * A name or street printed more than once (letterhead and footer, return line and sender block, a payment slip's parts):
 * each print is an independent reading of the same text. The readings of the chosen one's shape (as many words, each a
 * letter or two apart) are voted word by word, so that a letter OCR misread in one print is outvoted or outread by the
 * others; readings of another shape (a word lost or added, spaces lost) are only counted. Where the prints are as many
 * for each spelling of a word, a web or mail domain of the document (`domainNamesIn`) that spells one of them decides.
 * Null for a text printed once.
 */
export const votedReading = (readings: readonly Reading[], domains: readonly string[] = []): Vote | null => {
  const chosen = readings.find((reading) => reading.chosen);
  if (!chosen || readings.length < 2) return null;
  const alike = readings.filter((reading) => sameText(reading, chosen));
  const value =
    alike.length < 2
      ? chosen.words.map((word) => word.text).join(' ')
      : chosen.words
          .map((_, index) =>
            votedWord(
              alike.map((reading) => ({ word: reading.words[index]!, chosen: reading.chosen })),
              domains,
            ),
          )
          .join(' ');
  const agreeing = readings.filter((reading) => bare(reading.words.map((word) => word.text).join(' ')) === bare(value)).length;
  return { value, agreeing, conflicting: readings.length - agreeing };
};

/** A print of a company's name found in the document's text outside any address block. */
export interface NamePrint {
  words: ReadWord[];
  span: Span;
}

/**
 * The other prints of a company's name outside the address blocks: a logo, an account holder's or payee's line, a closing
 * line, a payment slip's parts. A run of as many words as the name, each the name's word read a letter or two apart, its
 * legal form the same (the anchor: a name one letter off with another legal form is another company); spans of the
 * address blocks are left out (each block is a print of its own, or another party's).
 */
export const namePrintsIn = (document: DocumentText, name: string, blockSpans: readonly Span[]): NamePrint[] => {
  const nameWords = name.trim().split(/\s+/);
  if (nameWords.length < 2 || !hasLegalForm(name)) return [];
  const anchor = bare(nameWords.at(-1)!);
  const target: Reading = { words: nameWords.map((text) => ({ text, confidence: null })), chosen: true };
  const prints: NamePrint[] = [];
  for (const line of document.lines) {
    // A comma or colon after the name is the sentence's, not the name's ("Säntis AG, Zürich").
    const words = [...line.text.matchAll(/\S+/g)].map((match) => {
      const text = match[0].replace(/[,;:]+$/u, '') || match[0];
      return { text, start: match.index, end: match.index + text.length };
    });
    for (let first = 0; first + nameWords.length <= words.length; first++) {
      const run = words.slice(first, first + nameWords.length);
      const [start, end] = [run[0]!.start, run.at(-1)!.end];
      if (bare(run.at(-1)!.text) !== anchor) continue;
      if (blockSpans.some((span) => span.line === line && span.start < end && start < span.end)) continue;
      const reading: Reading = {
        words: run.map((word) => {
          const read = line.words.filter((ocr) => ocr.start < word.end && word.start < ocr.end && ocr.confidence !== null);
          return { text: word.text, confidence: read.length > 0 ? Math.min(...read.map((ocr) => ocr.confidence!)) : null };
        }),
        chosen: false,
      };
      if (sameText(reading, target)) prints.push({ words: reading.words, span: { line, start, end } });
    }
  }
  return prints;
};
