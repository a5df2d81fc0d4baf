/** Upper case, letters and digits kept, each run of spaces one boundary ("|"), other characters dropped. */
const normalized = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .split(/\s+/)
    .join('|');

/** Shorter values ("CHF", "10.00") are printed twice by chance and say nothing of how they were read. */
const MIN_LENGTH = 5;

/**
 * Whether a text value is printed at least twice in the document, each time as whole words (so "8100"
 * does not count inside "181.00" or "8100 Winterthur"), spelt the same once case, spacing and punctuation
 * are set aside. On an OCR'd page the two copies are read separately: the same spelling twice is a second
 * reading that agrees.
 */
export const printedTwice = (documentText: string, value: unknown): boolean => {
  if (typeof value !== 'string') return false;
  const wanted = normalized(value);
  if (wanted.replace(/\|/g, '').length < MIN_LENGTH) return false;
  let count = 0;
  for (const line of documentText.split('\n')) {
    const bounded = `|${normalized(line)}|`;
    for (let at = bounded.indexOf(`|${wanted}|`); at >= 0; at = bounded.indexOf(`|${wanted}|`, at + wanted.length + 1)) count++;
    if (count >= 2) return true;
  }
  return false;
};
