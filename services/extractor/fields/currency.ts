import type { DocumentText, TextLine } from './document-text.js';
import type { Finding } from './finding.js';

interface CurrencyMark {
  pattern: RegExp;
  code: string;
  /** `$` is also the sign of other dollars; a bare dollar is read as USD with less certainty. */
  certain: boolean;
}

const MARKS: CurrencyMark[] = [
  { pattern: /(?<!\p{L})(?:CHF|SFr\.)(?!\p{L})/u, code: 'CHF', certain: true },
  // "Fr." alone also abbreviates "Frau"; it means francs only in front of an amount.
  { pattern: /(?<!\p{L})Fr\.(?= ?\d)/u, code: 'CHF', certain: true },
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

const marksIn = (line: TextLine): MarkSeen[] =>
  MARKS.flatMap((mark) =>
    [...line.text.matchAll(new RegExp(mark.pattern, 'gu'))].map(() => ({ code: mark.code, certain: mark.certain, page: line.page })),
  );

/** Certain marks outrank a bare `$` on the same line: "US$ 10 … $ 10" is one currency. */
const bestOnLine = (line: TextLine): MarkSeen | null => {
  const marks = marksIn(line);
  return marks.find((mark) => mark.certain) ?? marks[0] ?? null;
};

/**
 * The currency of the document: the one written on its total's line; otherwise the one the document
 * writes (clearly) most often. Two currencies in similar numbers give no answer rather than a guess.
 */
export const findCurrency = (document: DocumentText, totalLine: TextLine | null): Finding<string> | null => {
  const onTotal = totalLine ? bestOnLine(totalLine) : null;
  if (onTotal) return { value: onTotal.code, confidence: onTotal.certain ? 0.95 : 0.7, page: onTotal.page };

  const seen = document.lines.flatMap(marksIn);
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
