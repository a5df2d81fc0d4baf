/** Letters OCR reads for digits (O for 0, l and I for 1, S for 5, B for 8, Z for 2). */
const LETTER_AMONG_DIGITS = /\d[OoQDIl|SBZ]\d/;
/** A digit read for the first letter of a word in capitals ("5ETIA", "0FFICE"). */
const DIGIT_BEFORE_CAPITALS = /^\d[A-Z]{3,}$/;
/** A digit between letters of one case ("Stra8e", "T0TAL", "JAL4N"): no word or code is spelt so. */
const DIGIT_AMONG_LETTERS = /[a-z]\d[a-z]|[A-Z]\d[A-Z]/;

/**
 * Whether an OCR'd word shows a character of the wrong class, the mark of a misread that the word's
 * confidence may not show: a letter between digits ("12O.50", read with its separators dropped) or a
 * digit where a word of letters has a letter. Codes that mix the classes by design put letters and
 * digits in runs ("CH93", "ATU12345678", "EH1 1YZ") and are not taken for misreads; nor are short
 * words ("B2B", "H2O").
 */
export const hasMisreadShape = (word: string): boolean => {
  const token = word.replace(/[.,'’:\-/]/g, '');
  if (LETTER_AMONG_DIGITS.test(token) || DIGIT_BEFORE_CAPITALS.test(token)) return true;
  const letters = token.replace(/[^A-Za-z]/g, '').length;
  const digits = token.replace(/\D/g, '').length;
  return digits === 1 && letters >= 4 && DIGIT_AMONG_LETTERS.test(token);
};
