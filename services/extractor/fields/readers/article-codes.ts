import { asClass } from '../values/ocr-confusions.js';
import type { ItemFinding } from './item-finding.js';

// Letters OCR reads for the digits they look like ("ARTS249" for ART5249), read back by `asClass`. Not I or l for 1: a
// grid's rule or a speck before the digits reads as a bar as readily ("ARTI175530-51" for ART175530-51).
const LOOKALIKES = /^[SOBZG]+$/u;

// A code's letters before its first digit, and the rest.
const CODE = /^(\p{L}+)(\d[\p{L}\d._/-]*)$/u;

/**
 * A code whose letters are another code's letters plus letters that look like digits, in front of its digits:
 * those letters are the digits OCR misread ("ARTS249" beside "ART61104" is ART5249; "PS36379-73" beside "P1942" is
 * P536379-73). The document's other codes show the scheme; a code alone, or one whose extra letters look like no
 * digit, stays as read.
 */
export const codeAsPrinted = (code: string, others: readonly string[]): string => {
  const match = CODE.exec(code);
  if (!match) return code;
  const [, letters, rest] = match as unknown as [string, string, string];
  const prefixes = new Set(
    others.flatMap((other) => (other === code ? [] : [CODE.exec(other)?.[1]].filter((found) => found !== undefined))),
  );
  const shared = [...prefixes]
    .filter((prefix) => prefix.length < letters.length && letters.startsWith(prefix))
    .filter((prefix) => LOOKALIKES.test(letters.slice(prefix.length)))
    .sort((a, b) => b.length - a.length)[0];
  if (shared === undefined) return code;
  const digits = [...letters.slice(shared.length)].map((letter) => asClass(letter, 'digit')).join('');
  return `${shared}${digits}${rest}`;
};

/** The article numbers of a table's items OCR read, each set right by the others' scheme (codeAsPrinted). */
export const withArticleCodesAsPrinted = (items: ItemFinding[]): ItemFinding[] => {
  const codes = items.flatMap((item) => (item.value.article_number ? [item.value.article_number] : []));
  return items.map((item) => {
    const code = item.value.article_number;
    if (!code) return item;
    const printed = codeAsPrinted(code, codes);
    if (printed === code) return item;
    const found = item.fields.article_number;
    return {
      value: { ...item.value, article_number: printed },
      fields: { ...item.fields, ...(found ? { article_number: { ...found, value: printed } } : {}) },
    };
  });
};
