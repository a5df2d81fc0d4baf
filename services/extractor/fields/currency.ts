import type { DocumentText, TextLine } from './document-text.js';
import type { Finding } from './finding.js';
import { findLabels, labelPattern } from './labels.js';

interface CurrencyMark {
  pattern: RegExp;
  code: string;
  /** `$` is also the sign of other dollars; a bare dollar is read as USD with less certainty. */
  certain: boolean;
}

const MARKS: CurrencyMark[] = [
  { pattern: /(?<!\p{L})(?:CHF|SFr\.)(?!\p{L})/u, code: 'CHF', certain: true },
  // "Fr." alone also abbreviates "Frau" and "Freitag" ("Mo.-Fr."); it means francs only in front of an amount.
  { pattern: /(?<![\p{L}.-])Fr\.(?= ?\d)/u, code: 'CHF', certain: true },
  { pattern: /(?<!\p{L})(?:EUR|[Ee]uros?|EURO)(?!\p{L})|€/u, code: 'EUR', certain: true },
  { pattern: /(?<!\p{L})(?:USD|US\$)(?!\p{L})/u, code: 'USD', certain: true },
  { pattern: /(?<![\p{L}$])\$/u, code: 'USD', certain: false },
  { pattern: /(?<!\p{L})GBP(?!\p{L})|£/u, code: 'GBP', certain: true },
];

/** Any currency mark, for telling "CHF" or "€" apart from other words next to an amount. */
export const CURRENCY_MARK = new RegExp(MARKS.map((mark) => mark.pattern.source).join('|'), 'u');

interface MarkSeen {
  code: string;
  certain: boolean;
  page: number;
}

const CURRENCY_LABEL = labelPattern('currency', 'währung', 'devise', 'valuta', 'divisa');

const marksIn = (text: string, page: number): MarkSeen[] =>
  MARKS.flatMap((mark) => [...text.matchAll(new RegExp(mark.pattern, 'gu'))].map(() => ({ code: mark.code, certain: mark.certain, page })));

/** Certain marks outrank a bare `$` in the same text: "US$ 10 … $ 10" is one currency. */
const bestMark = (text: string, page: number): MarkSeen | null => {
  const marks = marksIn(text, page);
  return marks.find((mark) => mark.certain) ?? marks[0] ?? null;
};

const labelled = (document: DocumentText): MarkSeen | null => {
  for (const match of findLabels(document, CURRENCY_LABEL)) {
    const mark = bestMark(/^[\s:=]*\S+/.exec(match.after)?.[0] ?? '', match.line.page);
    if (mark) return mark;
  }
  return null;
};

/**
 * The currency of the document: the one written on its total's line, or after a "Currency" label;
 * otherwise the one the document writes (clearly) most often. Two currencies in similar numbers give
 * no answer rather than a guess.
 */
export const findCurrency = (document: DocumentText, totalLine: TextLine | null): Finding<string> | null => {
  const onTotal = totalLine ? bestMark(totalLine.text, totalLine.page) : null;
  if (onTotal) return { value: onTotal.code, confidence: onTotal.certain ? 0.95 : 0.7, page: onTotal.page };
  const declared = labelled(document);
  if (declared) return { value: declared.code, confidence: declared.certain ? 0.9 : 0.7, page: declared.page };

  const seen = document.lines.flatMap((line) => marksIn(line.text, line.page));
  const counts = new Map<string, number>();
  for (const mark of seen) counts.set(mark.code, (counts.get(mark.code) ?? 0) + 1);
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || (second && first[1] < 2 * second[1])) return null;
  const [code] = first;
  const certain = seen.some((mark) => mark.code === code && mark.certain);
  const page = seen.find((mark) => mark.code === code)!.page;
  const confidence = (second ? 0.6 : 0.8) * (certain ? 1 : 0.75);
  return { value: code, confidence, page };
};
