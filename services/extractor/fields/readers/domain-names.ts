import type { DocumentText } from '../layout/document-text.js';

/**
 * A mail address or web address as a line prints it, and as OCR reads one printed small: the "@" read apart from its
 * words ("office @ weser.de", "factuur@ ashdown.co.uk"), as "©" or as an "a" between spaces ("billing a sntis. ch"), a
 * space read after the dot before its ending ("sntis. ch"). The host is the words after the "@" or "www.", joined by dots.
 */
const ADDRESS = /(?:[\w.-]+(?<at>@| ?[@©] ?| a )|[Ww]{3}\. ?)(?<host>[A-Za-z\d][\w-]*(?:\.(?: (?=[a-z]{2,3}(?!\w)))?[\w-]+)*)/gu;

/**
 * Whether the match is an address, not a sentence's "a" or a price's "@": an "@" glued to its two words is one
 * ("info@polderkracht nt", the dot of its ending lost); an "@" read apart or misread, and "www.", only before a dot and
 * an ending of letters (".ch", ". de", ".co.uk"), for the "a" all in small letters as hosts are printed.
 */
const isAddress = (at: string | undefined, labels: readonly string[]): boolean =>
  at === '@' ||
  (labels.length > 1 &&
    /^[a-z]{2,}$/iu.test(labels.at(-1)!) &&
    (at?.trim() !== 'a' || labels.every((label) => /^[a-z\d-]+$/u.test(label))));

/**
 * The names of the web and mail domains a document prints ("billing@rhein-sarl.ch", "www.rhein.ch" → "rheinsarl",
 * "rhein"), folded as a name's words are (small letters, no hyphens): each a print of a company's name, as its owner
 * chose to spell it. The ending (".ch") and "www" are no names, nor are hosts of fewer than four letters.
 */
export const domainNamesIn = (document: DocumentText): string[] =>
  document.lines.flatMap((line) =>
    [...line.text.matchAll(ADDRESS)].flatMap((match) => {
      const labels = match.groups!.host!.split(/\. ?/u);
      if (!isAddress(match.groups!.at, labels)) return [];
      return (labels.length > 1 ? labels.slice(0, -1) : labels)
        .map((label) => label.toLowerCase().replace(/[^a-z\d]/gu, ''))
        .filter((name) => name.length >= 4 && /[a-z]/u.test(name) && name !== 'www');
    }),
  );
