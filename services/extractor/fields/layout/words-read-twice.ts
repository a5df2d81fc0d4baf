import type { RecognizedWord } from '../../../../contracts/events/page-words.js';

/** Two OCR words sharing more than this part of the smaller one's box are one print read twice. */
const READ_TWICE = 0.5;

type Box = RecognizedWord['box'];

const areaOf = ([left, top, right, bottom]: Box): number => Math.max(0, right - left) * Math.max(0, bottom - top);

const sharedArea = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

const widthOf = ([left, , right]: Box): number => right - left;

/**
 * One print read twice: the two boxes share most of the smaller one and stand over the same stretch of the line (more
 * than half the wider one's width). A box OCR drew too wide over a neighbour ("Tél." over "+33 1 41") shares too little of it.
 */
const isReadTwice = (a: RecognizedWord, b: RecognizedWord): boolean =>
  sharedArea(a.box, b.box) > READ_TWICE * Math.min(areaOf(a.box), areaOf(b.box)) &&
  Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]) > READ_TWICE * Math.max(widthOf(a.box), widthOf(b.box)) &&
  lettersAlike(lettersOf(a), lettersOf(b)) >= ALIKE;

// Two readings of one print share their pairs of letters ("rue" and "Tue" share "ue", "Limi" and "Lin" "li"); the parts of
// an e-mail address whose boxes OCR drew over each other ("office" over "garonne.fr") do not.
const ALIKE = 0.3;

const pairsOf = (letters: string): string[] => [...letters].slice(1).map((letter, at) => letters[at]! + letter);

/** The share of letter pairs two readings have in common (Dice's coefficient), 0 to 1. */
const lettersAlike = (a: string, b: string): number => {
  const [aPairs, bPairs] = [pairsOf(a), pairsOf(b)];
  if (aPairs.length + bPairs.length === 0) return a === b ? 1 : 0;
  const unmatched = [...bPairs];
  let shared = 0;
  for (const pair of aPairs) {
    const at = unmatched.indexOf(pair);
    if (at >= 0) {
      shared++;
      unmatched.splice(at, 1);
    }
  }
  return (2 * shared) / (aPairs.length + bPairs.length);
};

const lettersOf = (word: RecognizedWord) => word.text.toLowerCase().replace(/[^\p{L}\d]/gu, '');

/**
 * Of one print read twice, the reading kept: the whole word where the other reading is cut short ("Nationale" over
 * "National"), else the more confident one ("rue" over "Tue"), else the first.
 */
const isPreferred = (a: RecognizedWord, aAt: number, b: RecognizedWord, bAt: number): boolean => {
  const [aLetters, bLetters] = [lettersOf(a), lettersOf(b)];
  if (aLetters !== bLetters && aLetters.startsWith(bLetters)) return true;
  if (aLetters !== bLetters && bLetters.startsWith(aLetters)) return false;
  const [aConfidence, bConfidence] = [a.confidence ?? 1, b.confidence ?? 1];
  return aConfidence !== bConfidence ? aConfidence > bConfidence : aAt < bAt;
};

/**
 * A page's OCR words without the second reading of a print Tesseract read twice: on a blurred or ghosted photo it may find
 * a line twice, a little apart, and its words then stand over one another ("rue" and "Tue", "Limi" and "Lin"), which the
 * layout would glue into one ("rueTue", "LimiLinted"). The reading kept spans both boxes' width (the longer reading may
 * be the one set off to the side). Printed words never share most of their box. Words of a text layer (no confidence) are left as
 * they are.
 */
export const withoutWordsReadTwice = (words: readonly RecognizedWord[]): RecognizedWord[] => {
  const readTwice = (word: RecognizedWord, at: number) =>
    word.confidence === null
      ? []
      : words.filter((other, otherAt) => otherAt !== at && other.confidence !== null && isReadTwice(word, other));
  return words.flatMap((word, at) => {
    const twins = readTwice(word, at);
    if (twins.some((twin) => isPreferred(twin, words.indexOf(twin), word, at))) return [];
    if (twins.length === 0) return [word];
    const boxes = [word.box, ...twins.map((twin) => twin.box)];
    // Across both readings, at the kept one's own height: a taller box would make the word look set in larger type.
    const box: Box = [Math.min(...boxes.map((b) => b[0])), word.box[1], Math.max(...boxes.map((b) => b[2])), word.box[3]];
    return [{ ...word, box }];
  });
};
