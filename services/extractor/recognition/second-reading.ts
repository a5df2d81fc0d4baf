import { diffChars } from 'diff';
import { median } from '../../../shared/numbers/median.js';
import { layoutLines } from './layout-text.js';
import type { ReadCharacter } from './line-reader.js';
import type { OcrWord } from './ocr-engine.js';
import { union, type Region } from './doubtful-regions.js';

/** Words of one line closer than this many word heights are read together by the second reader; a wider gap is a column apart. */
const SEGMENT_GAP_HEIGHTS = 1.5;

/** A run of words on one line that the second reader reads as one image. */
export interface LineSegment {
  /** Indexes into the page's words, left to right. */
  words: number[];
  box: Region;
}

/** What no word covers: the start of a union of word boxes. */
const NO_BOX: Region = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };

/** The page's lines as the layout lays them out, cut where a gap wider than a column break parts the words. */
export const lineSegments = (words: readonly OcrWord[]): LineSegment[] => {
  const indexed = words.map((word, index) => ({ ...word, index }));
  const segments: LineSegment[] = [];
  for (const line of layoutLines(indexed)) {
    const pieces = line.pieces.map(({ piece }) => piece).sort((a, b) => a.left - b.left);
    const height = median(pieces.map((piece) => piece.bottom - piece.top));
    let current: typeof pieces = [];
    const flush = () => {
      if (current.length > 0) segments.push({ words: current.map((piece) => piece.index), box: current.reduce<Region>(union, NO_BOX) });
      current = [];
    };
    for (const piece of pieces) {
      const previous = current.at(-1);
      if (previous && piece.left - previous.right > SEGMENT_GAP_HEIGHTS * height) flush();
      current.push(piece);
    }
    flush();
  }
  return segments;
};

const distance = (x: number, word: OcrWord) => (x < word.left ? word.left - x : x > word.right ? x - word.right : 0);

/**
 * The characters the second reader read over each word of a segment. The two readings are aligned character
 * by character (spaces aside, which the engines place differently): a character both engines read goes to
 * the first engine's word it matched; one only the second reader read goes to its neighbours' word, and
 * between two words to the one it stands nearer to on the line; none goes to a word it stands more than half a
 * word height away from.
 */
export const charactersByWord = (
  words: readonly OcrWord[],
  segment: LineSegment,
  characters: readonly ReadCharacter[],
  imageLeft: number,
): ReadCharacter[][] => {
  const byWord = segment.words.map((): ReadCharacter[] => []);
  const firstReading = segment.words.flatMap((index, position) => [...words[index]!.text.replace(/\s/g, '')].map(() => position));
  const firstText = segment.words.map((index) => words[index]!.text.replace(/\s/g, '')).join('');
  const second = characters
    .filter((character) => character.text.trim() !== '')
    .map((character) => ({ ...character, x: imageLeft + character.x }));
  const nearer = (x: number, from: number, to: number) => {
    let best = from;
    for (let position = from; position <= to; position++) {
      if (distance(x, words[segment.words[position]!]!) < distance(x, words[segment.words[best]!]!)) best = position;
    }
    return best;
  };
  let first = 0;
  let secondAt = 0;
  let pending: ReadCharacter[] = [];
  const height = median(segment.words.map((index) => words[index]!.bottom - words[index]!.top));
  // Ink the first engine read as no word (a logo's letters, a speck) stays no word's, even where its letters match.
  const assign = (position: number, character: ReadCharacter) => {
    if (distance(character.x, words[segment.words[position]!]!) <= height / 2) byWord[position]!.push(character);
  };
  const place = (next: number) => {
    const previous = first === 0 ? 0 : firstReading[first - 1]!;
    for (const character of pending) {
      const position = nearer(character.x, Math.min(previous, next), Math.max(previous, next));
      assign(position, character);
    }
    pending = [];
  };
  for (const change of diffChars(firstText, second.map((character) => character.text).join(''))) {
    const length = change.value.length;
    if (change.added) {
      pending.push(...second.slice(secondAt, secondAt + length));
      secondAt += length;
    } else if (change.removed) {
      first += length;
    } else {
      place(firstReading[first]!);
      for (let offset = 0; offset < length; offset++) assign(firstReading[first + offset]!, second[secondAt + offset]!);
      first += length;
      secondAt += length;
    }
  }
  place(firstReading.at(-1) ?? 0);
  return byWord;
};

/** Letters, digits and the marks printed on invoices and receipts: a second reading with any other character (the network's CJK classes) is not taken. */
const PRINTED_ON_DOCUMENTS = /^[\p{Script=Latin}\d\s!-/:-@[-`{-~°§€£]+$/u;

/** How sure the second reader must be of every character of a word before its reading replaces the first engine's. */
const SECOND_READING_SURE = 0.9;
/** Below this confidence the first engine's word is doubtful enough for the second reading to replace it even where it reads fewer letters. */
const FIRST_READING_DOUBTFUL = 0.6;
/**
 * From this confidence on the first engine's word stands: read with the documents' languages' models, its confident
 * words on invoices are right more often than the line network's ("Salzburg" → "Saizburg", "copie" → "cople").
 */
const FIRST_READING_TRUSTED = 0.9;

/** Whether the word may take the second reader's reading at all: a line of none such need not be read again. */
export const mayTakeSecondReading = (word: OcrWord): boolean => word.confidence < FIRST_READING_TRUSTED;

/**
 * Whether the second reading leaves out a letter or digit the first read, or reads a mark in its place
 * ("Summary" → "Summay", "BESTARI" → "BESTAR!"): the line network has about one step for a narrow letter and
 * drops it where two steps run together, so a letter it lacks is more likely lost than one the first engine invented.
 */
const dropsCharacters = (first: string, second: string): boolean => {
  const changes = diffChars(first, second);
  const alphanumeric = (value: string | undefined) => value !== undefined && /[\p{L}\d]/u.test(value);
  return changes.some((change, index) => {
    if (!change.removed || !alphanumeric(change.value)) return false;
    const [before, after] = [changes[index - 1], changes[index + 1]];
    const replacement = [before, after].filter((neighbour) => neighbour?.added).map((neighbour) => neighbour!.value);
    return !replacement.some(alphanumeric);
  });
};

/** What a word is: letters alone, a number (digits with their marks), or letters and digits mixed (a code). */
const kindOf = (text: string) => {
  const letters = /\p{L}/u.test(text);
  const digits = /\d/.test(text);
  return letters && digits ? 'code' : letters ? 'letters' : digits ? 'number' : 'marks';
};

/**
 * Whether the second reading makes a word of letters a number or a code, or a number a word or a code
 * ("INVOICE" → "INV0ICE", "Bill:" → "Bi11:", "3.60" → "3.5C"): the line network, reading without a
 * language's words, confuses O and 0, l and 1, B and 8 both ways; where the first engine read the word
 * with some confidence, the kind it read is kept.
 */
const changesKind = (first: string, second: string): boolean => {
  const kind = kindOf(first);
  return (kind === 'letters' || kind === 'number') && kindOf(second) !== kind;
};

/** Apostrophes inside a word or after its letters ("dell'Indipendenza", "l'"); a leading one is most often a speck. */
const APOSTROPHE_AT_A_LETTER = /(?<=\p{L})['’‘`]/gu;

/**
 * Whether the second reading adds or drops an apostrophe at a letter ("dell'Indipendenza" → "dellIndipendenza",
 * "Rue" → "Rue'"): the line network reads a narrow mark, or none, where the first engine's language models know the word.
 */
const movesApostrophes = (first: string, second: string): boolean =>
  (first.match(APOSTROPHE_AT_A_LETTER)?.length ?? 0) !== (second.match(APOSTROPHE_AT_A_LETTER)?.length ?? 0);

/** Amounts with their cents: "17.50", "1,42". */
const AMOUNT_WITH_CENTS = /\d[.,]\d{2}(?!\d)/g;

/**
 * Whether the second reading glues amounts the first read apart ("17.50°1.42" → "17.501.42"): a mark the network
 * drops between two amounts leaves one number neither reader printed.
 */
const gluesAmounts = (first: string, second: string): boolean =>
  (second.match(AMOUNT_WITH_CENTS)?.length ?? 0) < (first.match(AMOUNT_WITH_CENTS)?.length ?? 0);

/**
 * Whether the second reading is the first with a mark after it ("x" → "x.", "22%" → "22%:", "e" → "e."): the line
 * network reads a speck or the next word's edge after a word as a mark, which then joins or ends what it should not.
 */
const addsTrailingMark = (first: string, second: string): boolean =>
  second.startsWith(first) && /^[.,:;'’°]+$/u.test(second.slice(first.length));

/** What a word's letters are without the marks around them ("Total:" → "Total"), or null where it holds other characters. */
const lettersOf = (text: string): string | null => {
  const letters = text.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
  return /^\p{L}+$/u.test(letters) ? letters : null;
};

/**
 * Shorter letters are a word of some language too often to tell: "Jun" beside a till's "JLN" (jalan), "Dama" beside
 * "DAMAI" in a Malaysian address.
 */
const MIN_WORD_LETTERS = 5;

/**
 * Whether the second reading makes a word of the documents' languages no word ("Total" → "Tolal", "Anzahl" →
 * "Anzahi", "Receipt" → "Receipi"): the line network reads without a language's words, the first engine with them,
 * and a word it read that is in a dictionary is more likely right than letters that are in none.
 */
const losesAWord = (first: string, second: string, isWord: (letters: string) => boolean): boolean => {
  const [firstLetters, secondLetters] = [lettersOf(first), lettersOf(second)];
  if (firstLetters === null || secondLetters === null || firstLetters.length < MIN_WORD_LETTERS) return false;
  return isWord(firstLetters) && !isWord(secondLetters);
};

/** The letters without their accents: "Müller" → "Muller". */
const withoutAccents = (text: string) => text.normalize('NFD').replace(/\p{Mn}/gu, '');

/** The least a letter or digit of the second reading must be worth to outvote the first engine's reading of a doubtful word. */
const VOTE_FLOOR = 0.7;

const isAlphanumeric = (character: string) => /^[\p{L}\d]$/u.test(character);
const kindOfCharacter = (character: string) =>
  /\d/.test(character) ? 'digit' : character === character.toUpperCase() ? 'capital' : 'small';

/**
 * Whether a letter or digit fits beside the nearest letter or digit on either side of it (none there: it fits):
 * a digit among letters ("AE0N", "B0XS"), a letter among digits ("S19537", "SA037115S1") or a small letter among
 * capitals ("RsP", "ThaNK") is how the line network, reading without a language's words, misreads a character;
 * a digit beside a digit ("B4600" → "84600", "TDO11" → "TD011") or a capital beside a capital is how it reads right.
 */
const fitsBeside = (character: string, before: string, after: string): boolean => {
  const neighbours = [[...before].reverse().find(isAlphanumeric), [...after].find(isAlphanumeric)].filter((near) => near !== undefined);
  return neighbours.length === 0 || neighbours.some((near) => kindOfCharacter(near) === kindOfCharacter(character));
};

const isDigit = (character: string) => /\d/.test(character);

/**
 * Whether a digit read where the first engine read letters, or a letter where it read digits, opens or continues a
 * run of its kind: the next letter or digit of the word is of its kind ("B4600" → "84600", "1J0K" → "IJOK"). At a
 * word's end nothing confirms it ("RM4." → "RMA.").
 */
const changesKindFittingly = (character: string, replaced: string, after: string): boolean => {
  const letters = [...replaced].filter(isAlphanumeric);
  if (letters.length === 0 || letters.some((each) => isDigit(each) === isDigit(character))) return true;
  const next = [...after].find(isAlphanumeric);
  return next !== undefined && isDigit(next) === isDigit(character);
};

/**
 * The word read character by character where the second reader is not sure of all of it: where the two readings
 * disagree, the second reader's characters stand in for the first's if each is more probable than the first engine
 * was sure of the word, a letter or digit at least `VOTE_FLOOR` and fitting beside its neighbours (see `fitsBeside`,
 * `changesKindFittingly`),
 * a mark sure (`SECOND_READING_SURE`: the network reads a speck as one). A letter the second reader leaves out stays
 * (it loses narrow letters, see `dropsCharacters`). Its confidence is the weakest choice made: a character taken, or
 * the first engine's where a disagreement kept its reading.
 */
const characterVote = (word: OcrWord, characters: readonly ReadCharacter[]): { text: string; confidence: number } => {
  const probabilities = characters.flatMap((character) => [...character.text].map(() => character.probability));
  let text = '';
  let confidence = 1;
  let [firstAt, secondAt] = [0, 0];
  let kept = '';
  let offered: { character: string; probability: number }[] = [];
  // The neighbours are the word's around the disagreement: what is read on either side of it.
  const outvotes = ({ character, probability }: { character: string; probability: number }) => {
    if (probability <= word.confidence) return false;
    if (!isAlphanumeric(character)) return probability >= SECOND_READING_SURE;
    // The first engine's language models know a letter's case better ("Überweisen", "l'Intendance").
    if (character.toLowerCase() === kept.toLowerCase()) return false;
    // A character the first engine read nothing for, in a word it read with some confidence, is a narrow letter read twice ("l'IIntendance").
    if (kept === '' && word.confidence >= FIRST_READING_DOUBTFUL && probability < SECOND_READING_SURE) return false;
    const after = word.text.slice(firstAt);
    return probability >= VOTE_FLOOR && fitsBeside(character, text, after) && changesKindFittingly(character, kept, after);
  };
  const settle = () => {
    if (offered.length > 0 && offered.every(outvotes)) {
      text += offered.map(({ character }) => character).join('');
      confidence = Math.min(confidence, ...offered.map(({ probability }) => probability));
    } else {
      text += kept;
      if (offered.length > 0 || kept !== '') confidence = Math.min(confidence, word.confidence);
    }
    [kept, offered] = ['', []];
  };
  for (const change of diffChars(word.text, characters.map((character) => character.text).join(''))) {
    if (change.removed) {
      kept += change.value;
      firstAt += change.value.length;
    } else if (change.added) {
      for (const character of change.value) offered.push({ character, probability: probabilities[secondAt++]! });
    } else {
      settle();
      text += change.value;
      firstAt += change.value.length;
      secondAt += change.value.length;
    }
  }
  settle();
  return { text, confidence };
};

/**
 * The word as the second reader read it, where that reading is taken: it differs, the reader is sure of
 * every character, it uses only characters printed on such documents, it neither drops a letter of a
 * confident first reading (see `dropsCharacters`) nor changes such a word's kind (see `changesKind`), it is
 * more than the first reading without its accents (the first engine reads with the documents' languages'
 * models), it moves no apostrophe, glues no amounts and adds no mark after the word (see `movesApostrophes`,
 * `gluesAmounts`, `addsTrailingMark`), it does not make a dictionary's word letters no dictionary has (see
 * `losesAWord`), and the first engine's word has no character outside the second reader's alphabet (a word with
 * "ß" or "€" stays the first engine's).
 */
export const secondReadingOf = (
  word: OcrWord,
  characters: readonly ReadCharacter[],
  knows: (character: string) => boolean,
  isWord: (letters: string) => boolean,
): OcrWord => {
  const text = characters.map((character) => character.text).join('');
  if (text === '' || text === word.text || !mayTakeSecondReading(word)) return word;
  if (![...word.text].every(knows) || !PRINTED_ON_DOCUMENTS.test(text)) return word;
  const sureness = Math.min(...characters.map((character) => character.probability));
  const byVote = sureness < SECOND_READING_SURE;
  const voted = byVote ? characterVote(word, characters) : { text, confidence: sureness };
  if (voted.text === word.text) return word;
  // A vote keeps what the word is: marks stay marks (the network reads a lone ":" or "!" as "1"), letters letters, a number a number.
  if (byVote && kindOf(voted.text) !== kindOf(word.text) && kindOf(word.text) !== 'code') return word;
  const reading = voted.text;
  if (word.confidence >= FIRST_READING_DOUBTFUL && (dropsCharacters(word.text, reading) || changesKind(word.text, reading))) return word;
  if (withoutAccents(word.text) === reading) return word;
  if (movesApostrophes(word.text, reading) || gluesAmounts(word.text, reading) || addsTrailingMark(word.text, reading)) return word;
  if (losesAWord(word.text, reading, isWord)) return word;
  return { ...word, text: reading, confidence: voted.confidence };
};
