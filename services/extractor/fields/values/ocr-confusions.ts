/** Letters OCR reads where a digit is printed, and the digit each stands for. */
const DIGIT_FOR: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', G: '6', B: '8' };
/** Digits OCR reads where a capital letter is printed, and the letter each stands for. */
const LETTER_FOR: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '7': 'T', '8': 'B' };

export type CharacterClass = 'digit' | 'letter' | 'any';

/** The character as the class its position demands, where OCR is known to confuse the two ("S" for "5"). */
export const asClass = (character: string, wanted: CharacterClass): string =>
  wanted === 'digit' ? (DIGIT_FOR[character] ?? character) : wanted === 'letter' ? (LETTER_FOR[character] ?? character) : character;

/** A code read with each position as the class it demands: `classes[i]` for its i-th character. */
export const asClasses = (code: string, classes: readonly CharacterClass[]): string =>
  [...code].map((character, index) => asClass(character, classes[index] ?? 'any')).join('');

/** Digits a letter read in a digit's place stands for less often than `DIGIT_FOR`'s ("S" for "8"). */
const OTHER_DIGITS_FOR: Record<string, string> = { S: '8', B: '3', Z: '7' };

/**
 * Every reading of `code` with each position as the class it demands, where a letter read in a digit's place
 * may stand for more than one digit ("ATSS" as AT55, AT58, AT85, AT88): for a code whose check digits pick the
 * one printed. The first reading is `asClasses`'s.
 */
export const classReadings = (code: string, classes: readonly CharacterClass[]): string[] =>
  [...code].reduce<string[]>(
    (readings, character, index) => {
      const wanted = classes[index] ?? 'any';
      const alternatives = wanted === 'digit' ? [...(OTHER_DIGITS_FOR[character] ?? '')] : [];
      const characters = [asClass(character, wanted), ...alternatives];
      return readings.flatMap((reading) => characters.map((each) => reading + each));
    },
    [''],
  );

/** Two readings of one printed figure: as many characters, one or two of them different ("23/04" and "23/08", "25.40" and "35.40"). */
export const oneOrTwoApart = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false;
  let differences = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) differences++;
  return differences > 0 && differences <= 2;
};
