import type { Box, DocumentText } from '../layout/document-text.js';
import type { Finding } from '../values/finding.js';
import { withStreetKind } from '../values/postal-address.js';
import { withAccentsRestored, type AccentLanguage } from '../values/spelling-accents.js';
import { withDomainAccents } from './domain-accents.js';
import { withDomainSpaces } from './domain-spaces.js';
import type { Party } from './parties.js';

/**
 * The fields of a party made of words of a language, so that OCR's dropped accents can be given back. Not the
 * contact person: given names are spelled by their bearer, and one language's "Éline" is another's "Eline".
 */
const NAMED_FIELDS = ['company_name', 'street'] as const;

/**
 * Names cross languages (a "Léman GmbH" in a German letter, a French street in a Dutch one): every language that
 * writes accents may give a name's word its accents, and only where none of them, nor English, has the word as read
 * ("Elite", "Decor" stay).
 */
const NAME_LANGUAGES: AccentLanguage[] = ['de', 'fr', 'it'];

/**
 * Countries whose addresses are written in English, without accents: a party addressed there keeps its names' words as
 * read ("Deco Addict" in California, "Linne Road"), whatever the document's language; accents would make them French or
 * Swedish. (Canada writes French too.)
 */
const ENGLISH_ADDRESSES = new Set(['US', 'GB', 'IE', 'AU', 'NZ']);

const overlaps = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Whether OCR read the value (a text layer's words carry no confidence and print their accents): a word under its
 * box carries a confidence. A text-layer page with a picture OCR read (a logo) keeps its printed names as they are.
 * Without a box, whether OCR read anything on its page.
 */
const readByOcr = (document: DocumentText, { page, box }: Finding<string>): boolean =>
  document.lines.some(
    (line) => line.page === page && line.words.some((word) => word.confidence !== null && (box === null || overlaps(word.box, box))),
  );

/**
 * The party with the accents OCR dropped from its company name and street given back
 * ("Atelier Lumiere EURL" → "Atelier Lumière EURL", "allée Jean Jaures" → "allée Jean Jaurès"): the words that no
 * dictionary has as read and one has with accents; and its street's kind where OCR misread a letter of it. `ownDomains`,
 * the web and mail domains of the party's own (the sender's, which prints them), give back an accent no dictionary knows
 * in the company's name ("Santis GmbH" with "info@sntis.ch": `withDomainAccents`) and a space OCR read as a dot
 * ("Vallée.Bleue EURL" with "office@vallebleue.fr": `withDomainSpaces`, before the dictionaries see its words).
 */
export const withNameAccents = (party: Party | null, document: DocumentText, ownDomains: readonly string[] = []): Party | null => {
  if (!party) return null;
  const address = { ...party.address };
  const evidence = { ...party.evidence };
  const languages = ENGLISH_ADDRESSES.has(address.country_code ?? '') ? [] : NAME_LANGUAGES;
  for (const field of NAMED_FIELDS) {
    const found = party.evidence[field];
    const value = address[field];
    if (!value || !found || 'derivedFrom' in found || !readByOcr(document, found)) continue;
    // A street's kind OCR misread a letter of ("Mill Lape") is one of few words: read as the kind.
    const words = field === 'street' ? withStreetKind(value) : withDomainSpaces(value, ownDomains);
    const dictionary = withAccentsRestored(words, languages, ['en']);
    const restored = field === 'company_name' ? withDomainAccents(dictionary, ownDomains) : dictionary;
    if (restored === value) continue;
    address[field] = restored;
    evidence[field] = { ...found, value: restored } satisfies Finding<string>;
  }
  return { ...party, address, evidence };
};
