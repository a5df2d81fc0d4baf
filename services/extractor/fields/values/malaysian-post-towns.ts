import { distance as editDistance } from 'fastest-levenshtein';
import postTowns from './malaysian-post-towns.json' with { type: 'json' };
import { ADDRESS_WORDS, ADDRESS_WORDS_NEAR } from '../vocabulary/till-receipt-terms.js';

/** Malaysia's post towns by postcode (`npm run build:malaysian-post-towns`), in capitals: a code may serve more than one. */
const townsByCode = new Map<string, string[]>();
for (const [town, codes] of Object.entries(postTowns as Record<string, string[]>))
  for (const code of codes) townsByCode.set(code, [...(townsByCode.get(code) ?? []), town.toUpperCase()]);

/** Words a Malaysian place is spelled with: every post town's, and the address words of a till's header. */
const PLACE_SPELLINGS: ReadonlySet<string> = new Set([
  ...[...townsByCode.values()].flat().flatMap((town) => town.split(' ')),
  ...ADDRESS_WORDS,
  ...ADDRESS_WORDS_NEAR,
]);

const firstPart = (place: string): string => (place.split(',')[0] ?? '').trim().toUpperCase().replace(/\s+/g, ' ');

/** Whether a place (its first part, before a comma) is a post town the postcode serves ("KLANG, SELANGOR" under 41150). */
export const namesPostTown = (place: string, postcode: string): boolean => (townsByCode.get(postcode) ?? []).includes(firstPart(place));

// A letter or two off in a town's name, at most one in five of its characters: what OCR misreads of a word it read.
const misreadOf = (read: string, town: string): boolean => {
  const distance = editDistance(read, town);
  return distance > 0 && distance <= Math.max(1, Math.floor(town.length / 5));
};

/**
 * The place after a Malaysian postcode, its town read through the code: a till prints the code and the town it serves
 * together, so a town a letter or two off the code's post town ("43300 SERI K-M3ANGAN") is that town as OCR misread it,
 * in the case printed. A place whose every word is a place's word stays ("KELANG", "JOHOR BAHARU": other spellings;
 * "CHERAS" under a Kuala Lumpur code: a district), and so does a place near none or more than one of the code's towns.
 */
export const withPostTown = (place: string, postcode: string): string => {
  const [first = '', ...rest] = place.split(',');
  const read = firstPart(first);
  const words = read.split(' ');
  if (words.every((word) => PLACE_SPELLINGS.has(word))) return place;
  const near = (townsByCode.get(postcode) ?? []).filter((town) => misreadOf(read, town));
  if (near.length !== 1) return place;
  const town = near[0]!;
  const printed = first.trim() === first.trim().toUpperCase() ? town : town.replace(/\B\p{L}+/gu, (tail) => tail.toLowerCase());
  return [first.replace(first.trim(), printed), ...rest].join(',');
};

/**
 * A Malaysian postcode no town has (a digit OCR misread: few five-digit numbers are codes), read with the town after it:
 * the one code a digit off that serves the town named ("41159 KLANG" → 41150); where none or more than one does, the code
 * as read. A code some town has stays as read: a shop may print a place beside its post town ("53100 SETAPAK", Kuala
 * Lumpur's code, not Setapak's 53300).
 */
export const postcodeOfTown = (postcode: string, place: string): string => {
  if (!/^\d{5}$/.test(postcode) || townsByCode.has(postcode)) return postcode;
  const read = firstPart(place);
  const oneDigitOff = [...postcode].flatMap((printed, at) =>
    [...'0123456789'].filter((digit) => digit !== printed).map((digit) => postcode.slice(0, at) + digit + postcode.slice(at + 1)),
  );
  const serving = oneDigitOff.filter((code) => (townsByCode.get(code) ?? []).includes(read));
  return serving.length === 1 ? serving[0]! : postcode;
};
