/** Upper case, letters and digits kept, each run of spaces one boundary ("|"), other characters dropped. */
const normalized = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .split(/\s+/)
    .join('|');

/** Upper case without accents, spaces or punctuation: how OCR's commonest slips (a dropped accent, a lost or added space) leave a text. */
const folded = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Shorter values ("CHF", "10.00") are printed twice by chance and say nothing of how they were read. */
const MIN_LENGTH = 5;

const occurrences = (text: string, wanted: string, step: number) => {
  let count = 0;
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + step)) count++;
  return count;
};

/** What the document's other printings of a value say of how it was read. */
export interface SecondReadings {
  /** Printed at least twice spelt the same: a second, separate reading agrees. */
  printedTwice: boolean;
  /** Printed elsewhere with other accents or spacing ("Sàrl" for "Sarl", "Menuiserie Favre" for "MenuiserieFavre"): one reading slipped. */
  spelledOtherwise: boolean;
}

/**
 * A text value's other printings in the document. Spelt the same means as whole words (so "8100" does not
 * count inside "181.00" or "8100 Winterthur"), case, spacing and punctuation set aside; on an OCR'd page
 * each copy is read separately, so two copies spelt the same are two readings that agree, and a copy
 * that differs only in accents or spaces shows that one of them slipped (only for values with letters:
 * numbers run together without their spaces).
 */
export const secondReadings = (documentText: string, value: unknown): SecondReadings => {
  const none = { printedTwice: false, spelledOtherwise: false };
  if (typeof value !== 'string') return none;
  const wanted = normalized(value);
  if (wanted.replace(/\|/g, '').length < MIN_LENGTH) return none;
  const lines = documentText.split('\n');
  const same = lines.reduce((count, line) => count + occurrences(`|${normalized(line)}|`, `|${wanted}|`, wanted.length + 1), 0);
  if (!/\p{L}/u.test(value)) return { printedTwice: same >= 2, spelledOtherwise: false };
  const loosely = lines.reduce((count, line) => count + occurrences(folded(line), folded(value), folded(value).length), 0);
  return { printedTwice: same >= 2, spelledOtherwise: loosely > same };
};
