import { allMatches } from '../../layout/all-matches.js';
import { COMPANY_FORM, LEGAL_FORM } from '../../vocabulary/till-receipt-terms.js';
import { lettersIn } from './print.js';
import { CAMEL_CASE } from './line-kinds.js';

// A legal form ends the name: what follows it with digits is the register number ("S/B 273500-U (KSB)", "SDN BHD (819%)").
export const withoutRegisterAfterForm = (name: string): string => {
  const last = allMatches(name, LEGAL_FORM, 'giu').at(-1);
  if (!last) return name;
  const end = last.index + last[0].length;
  return /\d/.test(name.slice(end)) ? name.slice(0, end) : name;
};

// An initialism's letters as OCR reads them as digits: "MR D.1.Y." is "MR D.I.Y." (1 for I, 0 for O), where
// every other character is a capital ("0.7.Y." is left: no letter reads as 7).
const INITIALISM = /(?<![\p{L}\d])(?:[\p{Lu}\d]\. ?){2,}/gu;
export const initialismLetters = (name: string): string =>
  name.replace(INITIALISM, (initials) =>
    /\p{Lu}/u.test(initials) && /^[\p{Lu}01. ]+$/u.test(initials) ? initials.replace(/1/g, 'I').replace(/0/g, 'O') : initials,
  );

// "S/B" (Sendirian Berhad) as OCR misreads it: "5/8", "S/8", "5/B", at the name's end or before the register number that
// follows the legal form ("99 SPEED MART 5/8 4519537-X)", its opening bracket lost): no name prints a fraction there.
export const MISREAD_S_B = /(?<![\p{L}\d])(?:5\/[B80]|S\/[80])(?=$|\s*\(?\d{4,})/u;

/**
 * "&" between two words of a name as OCR reads it: a lone 6 ("TEO HENG STATIONERY 6 BOOKS"), also glued to the word before
 * where OCR lost the space ("STATIONERY6 BOOKS"). A name numbers nothing between words of letters, but for the number of a
 * floor, a phase, a block or a street ("LEVEL 6 FOOD COURT").
 */
const SIX_BETWEEN_WORDS = /(?<![\p{L}\d])(\p{L}{2,}) ?6 (?=\p{L}{2,}(?![\p{L}\d]))/gu;
const NUMBERED_WORD =
  /^(?:level|lvl|floor|flr|tingkat|aras|phase|fasa|block|blk|unit|lot|no|jalan|jln|lorong|seksyen|section|zone|stall|gate)$/iu;
export const ampersandsInName = (name: string): string =>
  name.replace(SIX_BETWEEN_WORDS, (found, word: string) => (NUMBERED_WORD.test(word) ? found : `${word} & `));

/** SDN BHD in the case, point and spacing printed. */
export const sdnBhd = (misread: string): string => {
  const [dot, space] = [misread.includes('.') ? '.' : '', /\s/.test(misread) ? ' ' : ''];
  return /\p{Ll}/u.test(misread) ? `Sdn${dot}${space}Bhd` : `SDN${dot}${space}BHD`;
};

/**
 * Marks of a misread in a name, which no till prints: a word mixing letters and digits ("3RÜAED", "{JAN"),
 * an initialism with digits ("0.7.Y."), a symbol of no name, words glued to a legal form ("SDNBOOKBHD").
 */
const MISREAD_MARK =
  /(?<![\p{L}\d])(?=[\p{L}\d]*\p{L})(?=[\p{L}\d]*\d)[\p{L}\d]{2,}(?![\p{L}\d-])|(?<![\p{L}\d])(?:[\p{L}\d]\.){2,}(?<=\d\.(?:[\p{L}\d]\.)*)|[{}[\]|\\<>~^_=+*#$%]|\p{Lu}{2,}S[DO0]N\p{Lu}|S[DO0]N\p{Lu}{2,}/u;

/**
 * A name printed in capitals with a word in small letters ("RESTORAN WAN spd", "TIMES BO Toes"): a word OCR made of
 * a smudge or of a word it could not read; a legal form in small letters ("BAIFU (M) Sdn Bhd") is printed so.
 */
const hasWordOutOfCase = (name: string): boolean => {
  const words = name.split(/[\s,.()]+/u).filter((word) => lettersIn(word) >= 2);
  const capitals = words.filter((word) => !/\p{Ll}/u.test(word)).length;
  return capitals >= 2 && words.some((word) => /\p{Ll}/u.test(word) && !CAMEL_CASE.test(word) && !COMPANY_FORM.test(word));
};

/**
 * A name that opens with "&" lost the word before it ("& BEST RESTAURANT"); a lone character after a name of several
 * words is a speck or a torn word ("PERNIAGAAN RIANG RIA 4").
 */
const LOST_OR_TORN = /^&|(?<=\p{L}{2,}\s+\S+\s+)[\p{L}\d]$/u;

export const hasMisreadMark = (name: string): boolean => MISREAD_MARK.test(name) || LOST_OR_TORN.test(name) || hasWordOutOfCase(name);
