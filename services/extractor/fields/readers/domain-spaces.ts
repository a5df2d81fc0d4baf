import { withoutAccents } from '../layout/labels.js';
import { hasLegalForm } from '../values/postal-address.js';

// German writes its umlauts and ß without them so; a domain, in ASCII, does too ("mueller", "strauss").
const UNACCENTED_SPELLING: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The ways a domain, in ASCII letters, may spell a word: each letter with an accent without it ("é" → "e"), left out
 * ("sntis" for Säntis), or as German writes it without umlauts ("ae", "ss").
 */
const domainSpellings = (word: string): string[] =>
  [...word.toLowerCase()].reduce<string[]>(
    (spellings, letter) => {
      const base = withoutAccents(letter);
      const plain = base === letter && !UNACCENTED_SPELLING[letter];
      const ways = plain ? [letter] : [base, '', UNACCENTED_SPELLING[letter] ?? base].filter((way) => /^[a-z]*$/u.test(way));
      return [...new Set(spellings.flatMap((spelling) => ways.map((way) => spelling + way)))];
    },
    [''],
  );

/**
 * One word of a name: two words OCR read joined by a dot ("Vallée.Bleue") where the owner's domain spells the two as one
 * ("vallebleue", or with a hyphen, which the domain's names leave out): a domain writes a name's space as nothing or a
 * hyphen, never as a dot (a dot parts its names), and a speck between two words of small print is read as a dot.
 * Only where the first word has three letters or more (a dotted legal form's letters stand alone; "St.Gallen" is an
 * abbreviation's dot) and the whole is no legal form.
 */
const wordWithDomainSpace = (word: string, domains: readonly string[]): string => {
  const { first, second } = /^(?<first>\p{L}{3,})\.(?<second>\p{L}{2,})$/u.exec(word)?.groups ?? {};
  if (!first || !second || hasLegalForm(word)) return word;
  const joined = domainSpellings(first).flatMap((head) => domainSpellings(second).map((tail) => head + tail));
  return joined.some((letters) => domains.some((domain) => domain.includes(letters))) ? `${first} ${second}` : word;
};

/**
 * The company's name with a dot OCR read for a space between two of its words given back as the space, where its
 * owner's domains (`domainNamesIn`: folded, letters only) spell the two words as one ("Vallée.Bleue EURL" with
 * "office@vallebleue.fr" → "Vallée Bleue EURL").
 */
export const withDomainSpaces = (name: string, domains: readonly string[]): string =>
  domains.length === 0
    ? name
    : name
        .split(/(\s+)/)
        .map((part) => (/^\s+$/.test(part) ? part : wordWithDomainSpace(part, domains)))
        .join('');
