import { withoutAccents } from '../layout/labels.js';
import { hasLegalForm } from '../values/postal-address.js';

/**
 * A web or mail domain spells its owner's name in ASCII letters: where the name has a letter with an accent, the domain
 * writes a German umlaut as its two letters ("saentis.ch" for Säntis) or leaves the letter out ("sntis.ch"). So where a
 * word of the company's name that OCR read without accents ("Santis") is, letter for letter, the domain's spelling
 * but for one vowel the domain writes so, the print had that vowel with its accent, which OCR dropped (a name printed
 * once in a small footer, where no second print and no dictionary gives it back).
 *
 * The accent given is the one the vowel most often carries in names of the languages that write accents: the umlaut
 * on a, o and u (German: Säntis, Köln, Müller), the acute on e (French: Léman, Boréal). The domain says that the
 * letter had one, not which: a domain written "ae" says umlaut outright. Likewise a ß OCR read as a capital B between
 * small letters, where the domain writes "ss" ("GroBbau" with "grossbau.de").
 */
const UMLAUT: Readonly<Record<string, string>> = { a: 'ä', o: 'ö', u: 'ü' };
const ACCENTED: Readonly<Record<string, string>> = { ...UMLAUT, e: 'é' };

// Letters of a domain's spelling enough for it not to be another word's by chance.
const MIN_LETTERS = 4;
// The ß of a word OCR read as a capital B between its small letters.
const SHARP_S_READ = /(?<=\p{Ll})B(?=\p{Ll})/gu;

/** The word with the vowel at `at` accented, in the vowel's case. */
const accentedAt = (word: string, at: number): string => {
  const letter = word[at]!;
  const accented = ACCENTED[letter.toLowerCase()]!;
  return word.slice(0, at) + (letter === letter.toLowerCase() ? accented : accented.toUpperCase()) + word.slice(at + 1);
};

/**
 * The places of the word's vowels a domain spells as a letter no domain has: left out, or an umlaut's two letters.
 * Of a doubled vowel ("Vallee", "valle") the first, as French writes "ée".
 */
const placesSpelledAccented = (letters: string, domains: readonly string[]): number[] => {
  const places: number[] = [];
  for (let at = 0; at < letters.length; at++) {
    const vowel = letters[at]!;
    if (!ACCENTED[vowel] || (at > 0 && letters[at - 1] === vowel)) continue;
    const [before, after] = [letters.slice(0, at), letters.slice(at + 1)];
    const spellings = [before + after, ...(UMLAUT[vowel] ? [`${before}${vowel}e${after}`] : [])];
    if (spellings.some((spelling) => spelling.length >= MIN_LETTERS && domains.some((domain) => domain.includes(spelling))))
      places.push(at);
  }
  return places;
};

/** One word of a name: accented where the domain shows it had an accent OCR dropped; as read elsewhere. */
const wordWithDomainAccent = (word: string, domains: readonly string[]): string => {
  // Letters only, none accented (a word OCR read with its accents keeps them), no legal form (its spellings are known).
  if (!/^\p{L}+$/u.test(word) || withoutAccents(word) !== word || hasLegalForm(word)) return word;
  const letters = word.toLowerCase();
  // A domain that spells the word as read says its letters are plain ones.
  if (domains.some((domain) => domain.includes(letters))) return word;
  // A capital B amid small letters is the ß OCR reads so where the domain writes "ss" there ("GroBbau", "grossbau").
  const sharpS = [...word.matchAll(SHARP_S_READ)];
  const at = sharpS.length === 1 ? sharpS[0]!.index : -1;
  if (at > 0 && domains.some((domain) => domain.includes(`${letters.slice(0, at)}ss${letters.slice(at + 1)}`)))
    return `${word.slice(0, at)}ß${word.slice(at + 1)}`;
  const places = placesSpelledAccented(letters, domains);
  return places.length === 1 ? accentedAt(word, places[0]!) : word;
};

/**
 * The company's name with the accents its owner's domains (`domainNamesIn`: folded, letters only) show OCR dropped
 * ("Santis GmbH" with "info@sntis.ch" or "info@saentis.ch" → "Säntis GmbH"). Words the domains do not spell stay.
 */
export const withDomainAccents = (name: string, domains: readonly string[]): string =>
  domains.length === 0
    ? name
    : name
        .split(/(\s+)/)
        .map((part) => (/^\s+$/.test(part) ? part : wordWithDomainAccent(part, domains)))
        .join('');
