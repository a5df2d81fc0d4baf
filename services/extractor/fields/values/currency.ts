import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding, type Span } from './finding.js';
import { findLabels, labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';
import { allMatches } from '../layout/all-matches.js';

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
  { pattern: /(?<!\p{L})INR(?!\p{L})|₹/u, code: 'INR', certain: true },
  // "Rs" is rupees only in front of an amount ("Rs 1939", "Rs. 250.00", "Rs -40.00"), also glued by OCR to
  // the word before it ("Discount ofRs -40.00").
  { pattern: /(?<!\p{Lu})Rs\.?(?= ?-?\d)/u, code: 'INR', certain: true },
  // Ringgit: "RM" only in front of an amount ("RM 13.30", "RM0.80"); elsewhere it abbreviates other words.
  { pattern: /(?<!\p{L})(?:MYR(?!\p{L})|RM(?= ?-?\d))/u, code: 'MYR', certain: true },
  // Rand and real: "R 5 666,05" only in front of an amount with cents, "R$ 1.234,56" before any.
  { pattern: /(?<![\p{L}\d])R(?= ?-?\d{1,3}(?:[ ,.]\d{3})*[.,]\d{2}(?![\d.,]))/u, code: 'ZAR', certain: true },
  { pattern: /(?<!\p{L})(?:BRL(?!\p{L})|R\$)/u, code: 'BRL', certain: true },
  // Other currencies by their ISO code only: their signs are shared or rare in the region.
  ...[
    'JPY',
    'CNY',
    'SEK',
    'NOK',
    'DKK',
    'PLN',
    'CZK',
    'HUF',
    'CAD',
    'AUD',
    'NZD',
    'HKD',
    'SGD',
    'ZAR',
    'MXN',
    'KRW',
    'IDR',
    'THB',
    'AED',
    'RON',
    'ISK',
    'TWD',
    'VND',
  ].map((code) => ({
    pattern: new RegExp(`(?<!\\p{L})${code}(?!\\p{L})`, 'u'),
    code,
    certain: true,
  })),
];

/** Any currency mark, for telling "CHF" or "€" apart from other words next to an amount. */
export const CURRENCY_MARK = new RegExp(MARKS.map((mark) => mark.pattern.source).join('|'), 'u');

interface MarkSeen {
  code: string;
  certain: boolean;
  span: Span;
}

const CURRENCY_LABEL = labelPattern(...termsFor('currencyLabel'));

const marksIn = (line: TextLine, from = 0, to = line.text.length): MarkSeen[] =>
  MARKS.flatMap((mark) =>
    allMatches(line.text.slice(from, to), mark.pattern, 'gu').map((match) => ({
      code: mark.code,
      certain: mark.certain,
      span: spanOf(line, from + match.index, from + match.index + match[0].length),
    })),
  );

/** Certain marks outrank a bare `$` in the same text: "US$ 10 … $ 10" is one currency. */
const bestMark = (marks: MarkSeen[]): MarkSeen | null => marks.find((mark) => mark.certain) ?? marks[0] ?? null;

/** The currency a line names ("Konto EUR: CH56 …"), or null. */
export const currencyOnLine = (line: TextLine): string | null => bestMark(marksIn(line))?.code ?? null;

const labelled = (document: DocumentText): MarkSeen | null => {
  for (const match of findLabels(document, CURRENCY_LABEL)) {
    const firstWord = /^[\s:=]*\S+/.exec(match.after)?.[0] ?? '';
    const mark = bestMark(marksIn(match.line, match.end, match.end + firstWord.length));
    if (mark) return mark;
  }
  return null;
};

/**
 * The currency of the document: the one written on its total's line, or after a "Currency" label;
 * otherwise the one the document writes (clearly) most often, a bare `$` counting half. Two currencies
 * in similar numbers give no answer rather than a guess.
 */
export const findCurrency = (document: DocumentText, totalLine: TextLine | null): Finding<string> | null => {
  const onTotal = totalLine ? bestMark(marksIn(totalLine)) : null;
  if (onTotal) return foundAt(onTotal.code, onTotal.certain ? 0.95 : 0.7, [onTotal.span]);
  const declared = labelled(document);
  if (declared) return foundAt(declared.code, declared.certain ? 0.9 : 0.7, [declared.span]);

  const seen = document.lines.flatMap((line) => marksIn(line));
  // A bare `$` weighs half: it is also OCR's reading of a stray "S" or "5" ("India - $60067").
  const counts = new Map<string, number>();
  for (const mark of seen) counts.set(mark.code, (counts.get(mark.code) ?? 0) + (mark.certain ? 1 : 0.5));
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || (second && first[1] < 2 * second[1])) return null;
  const [code] = first;
  const certain = seen.some((mark) => mark.code === code && mark.certain);
  const confidence = (second ? 0.6 : 0.8) * (certain ? 1 : 0.75);
  return foundAt(code, confidence, [seen.find((mark) => mark.code === code)!.span]);
};
