import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '../layout/document-locale.js';
import { withoutAccents } from '../layout/labels.js';

/** The languages whose spelling dictionaries come with the service (npm's dictionary-de, -fr, -it, -en). */
export type DictionaryLanguage = Exclude<Language, 'es'>;
/** The languages whose spelling dictionaries give back accents: German, French and Italian write them. */
export type AccentLanguage = Exclude<DictionaryLanguage, 'en'>;

/**
 * A language's words, from the stems of its Hunspell dictionary (the dictionary-de, -fr, -it packages; English
 * from dictionary-en, which only guards names): every stem in small letters, and the stems with accents by
 * their letters without them ("broschure" → "broschüre", "cafe" → "café").
 */
interface WordIndex {
  words: Set<string>;
  /** The stems written in small letters: common words, no names. */
  common: Set<string>;
  accented: Map<string, Set<string>>;
}

const requireFromHere = createRequire(import.meta.url);

/** A dictionary's stems: the word before the flags of each entry, words of letters only (no "café-au-lait"). */
export const stemsOf = (dic: string): string[] => dic.match(/^\p{L}+(?=[/\s]|$)/gmu) ?? [];

const PLAIN = /^[a-z]*$/i;

export const indexOf = (stems: readonly string[]): WordIndex => {
  const words = new Set<string>();
  const common = new Set<string>();
  const accented = new Map<string, Set<string>>();
  for (const stem of stems) {
    const plain = PLAIN.test(stem);
    const spelled = plain ? stem : stem.normalize('NFC');
    const word = spelled.toLowerCase();
    words.add(word);
    if (word === spelled) common.add(word);
    if (plain) continue;
    const letters = withoutAccents(word);
    // Only spellings whose accents sit on letters of their own (é, ü), so that a word keeps its length.
    if (letters !== word && letters.length === word.length) {
      const spellings = accented.get(letters) ?? new Set<string>();
      accented.set(letters, spellings.add(word));
    }
  }
  return { words, common, accented };
};

const indexes = new Map<DictionaryLanguage, WordIndex>();

/** The language's index, built once per process when first asked for (0.1–0.3 s and 10–13 MB of heap a language). */
const indexFor = (language: DictionaryLanguage): WordIndex => {
  let index = indexes.get(language);
  if (!index) {
    const dic = readFileSync(new URL('index.dic', `file://${requireFromHere.resolve(`dictionary-${language}`)}`), 'utf8');
    index = indexOf(stemsOf(dic));
    indexes.set(language, index);
  }
  return index;
};

/**
 * Endings, shortest first, that an inflected noun or adjective adds to its dictionary stem ("Broschüre" →
 * "Broschüren", "minéral" → "minérales"). No verb endings: German verbs stand as infinitives, and a "t" or "st"
 * would make a noun's letters an adjective's ("Nordlicht" is no "nördlich" + t).
 * Italian accents close a word ("caffè", "città") and its plural keeps them unchanged.
 */
const ENDINGS: Record<AccentLanguage, string[]> = {
  de: ['', 'n', 'e', 's', 'en', 'es', 'er', 'em', 'ern', 'nen'],
  fr: ['', 's', 'x', 'e', 'es'],
  it: [''],
};

/** What letters of a word can be as a word of the language: its spellings in small letters (none when no word). */
type Spellings = Set<string>;

const MIN_STEM = 3;

/** The spellings of a word, stem plus ending, as its longest stem that is a word gives them. */
const inflected = (letters: string, language: AccentLanguage, index: WordIndex): Spellings => {
  for (const ending of ENDINGS[language]) {
    if (!letters.endsWith(ending) || letters.length - ending.length < MIN_STEM) continue;
    const stem = letters.slice(0, letters.length - ending.length);
    const spellings = new Set<string>();
    if (index.words.has(stem)) spellings.add(stem + ending);
    for (const spelling of index.accented.get(stem) ?? []) spellings.add(spelling + ending);
    if (spellings.size > 0) return spellings;
  }
  return new Set();
};

/** German joins a compound's parts with these ("Arbeitsplatz", "Seitenzahl"). */
const LINKS = ['', 's', 'n', 'en', 'es'];

/**
 * The spellings of a German compound of two or three parts ("burodrehstuhl" → "bürodrehstuhl"): a head that is a
 * stem, its link, and a tail that is a word or a compound itself; the accents of each split that reads whole.
 */
const compound = (letters: string, index: WordIndex, parts: number): Spellings => {
  const spellings = new Set<string>();
  if (parts < 2) return spellings;
  for (let cut = MIN_STEM; cut <= letters.length - MIN_STEM; cut++) {
    const head = letters.slice(0, cut);
    const heads = [...(index.words.has(head) ? [head] : []), ...(index.accented.get(head) ?? [])];
    if (heads.length === 0) continue;
    for (const link of LINKS) {
      const rest = letters.slice(cut);
      if (!rest.startsWith(link) || rest.length - link.length < MIN_STEM + 1) continue;
      const tail = rest.slice(link.length);
      const tails = new Set([...inflected(tail, 'de', index), ...compound(tail, index, parts - 1)]);
      for (const first of heads) for (const second of tails) spellings.add(first + link + second);
    }
  }
  return spellings;
};

const MIN_TAIL = 5;

/**
 * The spellings of a German word that reads as no word nor compound by its last part, the longest of five letters
 * or more that is a word: a compound whose head no dictionary holds, a place's name ("Holstenbrucke" →
 * "Holstenbrücke").
 */
const byTail = (letters: string, index: WordIndex): Spellings => {
  for (let cut = MIN_STEM; cut <= letters.length - MIN_TAIL; cut++) {
    const head = letters.slice(0, cut);
    const tail = letters.slice(cut);
    const tails = inflected(tail, 'de', index);
    // A tail that reads as a word's form as printed too ("burger": "Burg" + "er", a place's adjective, "Warburger") is
    // one more spelling: the word is left as read.
    const asRead = ENDINGS.de.some((ending) => ending !== '' && tail.endsWith(ending) && index.words.has(tail.slice(0, -ending.length)));
    if (tails.size > 0) return new Set([...tails, ...(asRead ? [tail] : [])].map((spelling) => head + spelling));
  }
  return new Set();
};

/** A word's spellings: as one word, inflected, and in German as a compound too ("Nordlicht" is "Nord" + "Licht"). */
const spellingsOf = (letters: string, language: AccentLanguage, index: WordIndex): Spellings => {
  const word = inflected(letters, language, index);
  if (language !== 'de' || index.words.has(letters)) return word;
  const spellings = new Set([...word, ...compound(letters, index, 3)]);
  return spellings.size > 0 ? spellings : byTail(letters, index);
};

const hasAccents = (text: string): boolean => withoutAccents(text) !== text;

/** The letters of `spelling` in the case of `word` letter by letter ("BURO" stays capitals, "Buro" → "Büro"). */
const inCaseOf = (word: string, spelling: string): string =>
  [...spelling].map((letter, position) => (word[position] === word[position]!.toUpperCase() ? letter.toUpperCase() : letter)).join('');

const MIN_WORD = 4;

/**
 * Whether a letter read agrees with the spelling's letter: the same, or read without accents, or read with the wrong
 * mark on a letter that has one ("Kônigstraße" for "Königstraße"). The accents OCR did read stand where they are
 * ("Fruhstücksbrotchen" → "Frühstücksbrötchen").
 */
const agrees = (read: string, plain: string, spelled: string): boolean =>
  read === spelled || read === plain || (read !== plain && spelled !== plain);

/**
 * A word OCR read without its accents, or some of them, given them back: a word of four letters or more, no
 * capitals-only code, that is no word of the languages as read ("schon", "ou" stay) and whose letters, in one of the
 * languages and its inflections (German compounds too), are one spelling with accents ("Broschuren" → "Broschüren",
 * "Burodrehstuhl" → "Bürodrehstuhl"). `guard`: languages whose words as read also leave a word alone (English
 * words in a name: "Elite", "Decor"), their stems in small letters only (a name such as "Lumiere" does not guard).
 */
const restoredWord = (
  word: string,
  languages: readonly AccentLanguage[],
  guard: readonly DictionaryLanguage[],
  accentedCapital: boolean,
): string => {
  if (word.length < MIN_WORD || word === word.toUpperCase()) return word;
  const read = word.toLowerCase();
  if (hasAccents(read) && languages.some((language) => indexFor(language).words.has(read))) return word;
  const letters = withoutAccents(read);
  const spellings = new Set<string>();
  for (const language of languages)
    for (const spelling of spellingsOf(letters, language, indexFor(language)))
      if ([...read].every((letter, position) => agrees(letter, letters[position]!, spelling[position]!))) spellings.add(spelling);
  if (spellings.size !== 1 || spellings.has(read)) return word;
  if (guard.some((language) => indexFor(language).common.has(letters))) return word;
  const [spelling] = [...spellings];
  if (spelling!.length !== word.length) return word;
  // French sets capitals without their accents as often as with them ("Etapes", "Ecole"): a capital OCR read plain stays
  // so, unless the print shows the accent over it (`accentedCapital`).
  const capital = languages.includes('fr') && word[0] !== read[0] && !accentedCapital ? read[0]! : spelling![0]!;
  return inCaseOf(word, capital + spelling!.slice(1));
};

/** Whole words of letters, none touching a digit ("A4", "x60" stay; the hyphen of "4-farbig" parts "farbig" from its 4). */
const WORD = /(?<![\p{L}\p{M}\d])[\p{L}\p{M}]+(?![\p{L}\p{M}\d])/gu;

/**
 * Text OCR read, with the accents it dropped given back from the spelling dictionaries of `languages` (see
 * restoredWord). Only for recognized text: a text layer prints its accents as they are. `capitalsAccented`: words (as
 * read) whose first capital the print shows with an accent ("Ecrans" boxed an accent's height above its line).
 */
export const withAccentsRestored = (
  text: string,
  languages: readonly AccentLanguage[],
  guard: readonly DictionaryLanguage[] = [],
  capitalsAccented: ReadonlySet<string> = new Set(),
): string =>
  languages.length === 0 ? text : text.replace(WORD, (word) => restoredWord(word, languages, guard, capitalsAccented.has(word)));

/** The languages whose dictionaries restore a document's text: its own, when it writes accents. */
export const accentLanguagesOf = (language: Language | null): AccentLanguage[] =>
  language === 'de' || language === 'fr' || language === 'it' ? [language] : [];

/** Whether the word, in any case, is a stem of one of the languages' dictionaries. */
export const isDictionaryWord = (word: string, languages: readonly DictionaryLanguage[]): boolean =>
  languages.some((language) => indexFor(language).words.has(word.toLowerCase()));

/** Whether a word, in small letters, is a common word (no name) of one of the languages: "wall", "vis", "cour". */
export const isCommonWord = (word: string, languages: readonly DictionaryLanguage[]): boolean =>
  languages.some((language) => indexFor(language).common.has(word.toLowerCase()));
