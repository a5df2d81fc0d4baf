import type { DocumentText, TextLine } from '../layout/document-text.js';

/**
 * A till's label whose amount is set on the line below ("TOTAL SALES (INCLUSIVE OF GST) :" over "32.70", "CHANGE :" over
 * "7.30"): the amount printed lower than its label, or a long label that pushed it down, puts it on a line of its own. Read
 * as one line, the label's, with the amount after it; the amount's own line left blank, so no line is read twice and every
 * line keeps its index.
 */

// A label that ends in a colon, with letters and no amount: "TOTAL SALES (INCLUSIVE OF GST) :", "CHANGE :".
const LABEL_ENDING_IN_COLON = /^(?=.*\p{L}{2})(?!.*\d[.,]\d{2}).*:\s*$/u;
// A line of nothing but an amount, its currency before it: "32.70", "RM 7.30".
const AMOUNT_ALONE = /^\s*(?:RM\s*)?-?\d{1,6}[.,]\d{2}\s*$/u;

const joined = (label: TextLine, amount: TextLine): TextLine => {
  const text = `${label.text.trimEnd()} `;
  const shift = text.length - (amount.text.length - amount.text.trimStart().length);
  return {
    ...label,
    text: text + amount.text.trim(),
    segments: [
      ...label.segments,
      ...amount.segments.map((segment) => ({ ...segment, start: segment.start + shift, end: segment.end + shift })),
    ],
    words: [...label.words, ...amount.words.map((word) => ({ ...word, start: word.start + shift, end: word.end + shift }))],
  };
};

const blank = (line: TextLine): TextLine => ({ ...line, text: '', segments: [], words: [] });

export const withAmountsBelowLabels = (document: DocumentText): DocumentText => {
  const lines = [...document.lines];
  for (let at = 0; at + 1 < lines.length; at++) {
    const [label, amount] = [lines[at]!, lines[at + 1]!];
    if (label.page !== amount.page || !LABEL_ENDING_IN_COLON.test(label.text) || !AMOUNT_ALONE.test(amount.text)) continue;
    lines[at] = joined(label, amount);
    lines[at + 1] = blank(amount);
  }
  return { ...document, lines };
};
