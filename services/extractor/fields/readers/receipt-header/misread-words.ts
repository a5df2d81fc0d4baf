import {
  COMPANY_FORM,
  MISREAD_STREET_WORDS,
  ADDRESS_WORDS,
  ADDRESS_WORDS_NEAR,
  SHOP_WORDS,
  SHOP_WORDS_NEAR,
} from '../../vocabulary/till-receipt-terms.js';
import { trimPunctuation } from './print.js';

export const EXCLAMATION_FOR_I = /(?<=\p{Lu})!(?=[\s,.]|$)/gu;
// An address part's full stop ends the address ("JOHOR."), it is no part of the place.
export const addressPart = (value: string): string => trimPunctuation(value.replace(EXCLAMATION_FOR_I, 'I')).replace(/\.+$/u, '');

/** A street word OCR misread one letter off ("Jajan", "JUN JEJAKA", "TANAN"), written as printed: in the misread's case. */
const inCaseOf = (misread: string, word: string): string =>
  misread === misread.toUpperCase()
    ? word.toUpperCase()
    : misread[0] === misread[0]!.toUpperCase()
      ? word[0]!.toUpperCase() + word.slice(1)
      : word;
/**
 * A word one character off a word of the vocabulary, and none itself nor one of the words printed that near to it
 * ("SHAH ALAN", "SARAKAK", "SE_ANGOR", "Shah 4lam"; "ENTFRPRISE"): that word. Only where one word is that near, and a
 * word of five characters or more, or of four whose odd character is no letter.
 */
const nearestWord = (token: string, vocabulary: ReadonlySet<string>, printedNear: ReadonlySet<string>): string | null => {
  const upper = token.toUpperCase();
  const odd = [...upper].filter((character) => !/\p{Lu}/u.test(character)).length;
  if (upper.length < 4 || odd > 1 || vocabulary.has(upper) || printedNear.has(upper) || (upper.length === 4 && odd === 0)) return null;
  const near = [...vocabulary].filter((word) => {
    if (word.length !== upper.length) return false;
    const differ = [...word].filter((character, index) => character !== upper[index]);
    return differ.length === 1 && (odd === 0 || !/\p{Lu}/u.test(upper[[...word].findIndex((c, index) => c !== upper[index])]!));
  });
  return near.length === 1 ? near[0]! : null;
};
/** An address word one character off a word of Malaysian addresses: that word, in the misread's case. */
const nearestAddressWord = (token: string): string | null => nearestWord(token, ADDRESS_WORDS, ADDRESS_WORDS_NEAR);
const addressWords = (value: string): string =>
  value.replace(/(?<![\p{L}\d_-])[\p{L}\d_-]+(?![\p{L}\d_-])/gu, (token) => {
    const word = nearestAddressWord(token);
    return word === null ? token : inCaseOf(token, word.toLowerCase());
  });

/**
 * "&" between a block's unit numbers as OCR reads it, an 8 that glues the next unit number of the same block to this one
 * ("NO 19-G819-1819-2" is "19-G&19-1&19-2"): no print runs two house numbers together.
 */
const UNIT_AND_UNIT = /(?<![\p{L}\d])((\d+)-[\p{L}\d]+)8(?=\2-)/u;
const unitsJoined = (value: string): string => {
  let joined = value;
  while (UNIT_AND_UNIT.test(joined)) joined = joined.replace(UNIT_AND_UNIT, '$1&');
  return joined;
};

// A speck read as a mark glued before the house number ("Multergasse .105", "Rue de Bourg :35"): no street writes one there.
const SPECK_BEFORE_NUMBER = /(?<=\p{L} )[.:;](?=\d)/gu;
// A colon between a word and a capital is a hyphen OCR misread ("Boulevard Carl:Vogt"): no street writes one there.
const COLON_FOR_HYPHEN = /(?<=\p{L}):(?=\p{Lu})/gu;

export const streetPart = (value: string): string =>
  unitsJoined(
    addressWords(
      MISREAD_STREET_WORDS.reduce(
        (repaired, [misread, word]) => repaired.replace(misread, (found) => inCaseOf(found, word)),
        addressPart(value).replace(SPECK_BEFORE_NUMBER, '').replace(COLON_FOR_HYPHEN, '-'),
      ),
    ),
  );
export const cityPart = (value: string): string => addressWords(addressPart(value));

/**
 * A trade word OCR split with a space after a letter or two of large type spaced wide ("ST ATIONERY", "BAKER Y"): the
 * word, where one half is of three letters at most, the halves joined are a word shops name their trade with or one
 * character off one, and the longer half alone is none ("SUPER MART" stays: MART is one).
 */
const shopWordsSplit = (name: string): string => {
  const words = name.split(' ');
  for (let at = 0; at + 1 < words.length; at++) {
    const [first, second] = [words[at]!, words[at + 1]!];
    const [shorter, longer] = first.length <= second.length ? [first, second] : [second, first];
    if (!/^\p{L}+$/u.test(first + second) || shorter.length > 3 || longer.length < 3) continue;
    if (SHOP_WORDS.has(longer.toUpperCase()) || COMPANY_FORM.test(longer)) continue;
    const joined = (first + second).toUpperCase();
    const word = SHOP_WORDS.has(joined) ? joined : nearestWord(joined, SHOP_WORDS, SHOP_WORDS_NEAR);
    if (word !== null) words.splice(at, 2, inCaseOf(first + second, word.toLowerCase()));
  }
  return words.join(' ');
};

/** A word of a shop's name one character off a word shops name their trade with ("ENTFRPRISE", "BAKFRIES"): that word, in the misread's case. */
export const shopWords = (name: string): string =>
  shopWordsSplit(name).replace(/(?<![\p{L}\d_-])[\p{L}\d_-]+(?![\p{L}\d_-])/gu, (token) => {
    const word = nearestWord(token, SHOP_WORDS, SHOP_WORDS_NEAR);
    return word === null ? token : inCaseOf(token, word.toLowerCase());
  });
