import { CURRENCY_MARK } from '../values/currency.js';
import type { DocumentText, LineWord, Segment, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding, type Span } from '../values/finding.js';
import { columnBelow, endsItsSegment, findLabels, labelPattern, type LabelMatch, type Read } from '../layout/labels.js';
import { findDates } from '../values/parse-date.js';
import { findNumbers, withSpacedDecimalsJoined, type DecimalMark } from '../values/parse-number.js';
import { termsFor } from '../vocabulary/terms.js';
import { amountUnderLabelRow, isTotalsGrid } from './totals-grid.js';

export interface TotalFinding extends Finding<string> {
  /** The line the amount was read from: the currency printed there is the total's. */
  line: TextLine;
}

interface Tier {
  pattern: RegExp;
  confidence: number;
  /** Whether the label may head a column with the amount below it (line-item tables head columns "Total"). */
  readsBelow: boolean;
}

/** Gross or final totals first, then plain totals, amounts payable, and bare "amount" words last. */
const TIERS: Tier[] = [
  {
    pattern: labelPattern(...termsFor('grossTotalLabel')),
    confidence: 0.9,
    readsBelow: true,
  },
  {
    pattern: labelPattern(...termsFor('totalLabel')),
    confidence: 0.8,
    readsBelow: false,
  },
  {
    pattern: labelPattern(...termsFor('amountDueLabel')),
    confidence: 0.75,
    readsBelow: false,
  },
  { pattern: labelPattern(...termsFor('amountLabel')), confidence: 0.6, readsBelow: false },
];

/** "inkl. 8.1% MwSt", "TTC", "IVA inclusa": the total includes tax, which is what is wanted. */
const TAX_INCLUDED =
  /(?<!\p{L})(?:(?:inkl\.?|incl\.?|inklusive|inclusive|including|includes|included|inclus[ea]?|compris[e]?|compres[ao]) ?(?:der |de la |la |l'|of )?(?:\d+(?:[.,]\d+)? ?% ?)?(?:mwst\.?|ust\.?|vat|tax(?:es)?|gst|tva|iva|steuern?)(?: ?@ ?\d+(?:[.,]\d+)? ?%)?|ttc|iva inclusa)(?!\p{L})/giu;

// TAX_INCLUDED without the global flag, for a test that keeps no lastIndex between lines.
const SAYS_TAX_INCLUDED = new RegExp(TAX_INCLUDED.source, 'iu');
const GROSS_OR_TOTAL_FIRST = new RegExp(`^\\s*(?:${TIERS[0]!.pattern.source}|${TIERS[1]!.pattern.source})`, 'iu');

/** A line that opens with a total label and says the tax is included ("Total incl. GST @6%  RM 12.30"): its amount is a gross. */
export const isTotalIncludingTax = (line: TextLine): boolean => GROSS_OR_TOTAL_FIRST.test(line.text) && SAYS_TAX_INCLUDED.test(line.text);

/** Words that make a labelled amount something other than the document's total. */
const NOT_THE_TOTAL = labelPattern(...termsFor('notTheTotal'));

const LEADING_PUNCTUATION = /^[:=]*(?:-(?=\s|$))?\s*/;
const CURRENCY_MARKS = new RegExp(CURRENCY_MARK, 'gu');

const hasWords = (text: string): boolean => /\p{L}/u.test(text.replace(CURRENCY_MARKS, ''));

/**
 * The money in one column piece: every amount when the piece holds only numbers and currency marks,
 * else the amount it starts with ("CHF 1'234.50 inkl. MwSt"). Integers count only beside a currency
 * mark, so quantities, years and ids are not amounts. Positions are the piece's.
 */
const readPiece = (piece: string, decimalMark: DecimalMark): { amounts: Read<string>[]; isNumeric: boolean } => {
  const numbers = findNumbers(piece, decimalMark).filter((number) => !number.isPercentage);
  const hasCurrency = CURRENCY_MARK.test(piece);
  const money = numbers.filter((number) => number.hasDecimals || hasCurrency).map(({ value, start, end }) => ({ value, start, end }));
  // Currency marks blanked while the amounts they stand before are still there ("Rs 1939").
  const unmarked = piece.replace(CURRENCY_MARKS, (mark) => ' '.repeat(mark.length));
  const words = numbers.reduceRight((text, number) => text.slice(0, number.start) + text.slice(number.end), unmarked);
  if (!hasWords(words)) return { amounts: money, isNumeric: true };
  const [lead] = numbers;
  const startsWithMoney =
    lead !== undefined && money.some((amount) => amount.start === lead.start) && !hasWords(unmarked.slice(0, lead.start));
  if (startsWithMoney) return { amounts: [{ value: lead.value, start: lead.start, end: lead.end }], isNumeric: false };
  // "inkl. USt: 571,04 €", "SUMME EUR = 27,42": words up to a colon or an equals sign, then the amount they label.
  const last = money.at(-1);
  const labelled =
    last !== undefined && /[:=]\s*$/.test(piece.slice(0, last.start).replace(CURRENCY_MARKS, '')) && !hasWords(piece.slice(last.end));
  return { amounts: labelled ? [last] : [], isNumeric: false };
};

const blankDates = (text: string): string =>
  findDates(text).reduce((masked, date) => masked.slice(0, date.start) + ' '.repeat(date.end - date.start) + masked.slice(date.end), text);

interface AmountsRead {
  /** Positions in the text read. */
  amounts: Read<string>[];
  /** Words passed over between the label and the amounts ("for this invoice"). */
  passedOver: string;
}

/**
 * The amounts printed after a label, column piece by column piece: at most two pieces of words may come
 * first ("for this invoice", a date); a piece of words after the amounts ends them. Colons, equal signs
 * and a dash standing alone right after the label are punctuation, not words or a minus sign.
 */
export const readAmounts = (text: string, decimalMark: DecimalMark): AmountsRead | null => {
  const amounts: Read<string>[] = [];
  const passedOver: string[] = [];
  for (const [index, match] of [...blankDates(text).matchAll(/\S+(?: \S+)*/g)].entries()) {
    const piece = index === 0 ? match[0].replace(LEADING_PUNCTUATION, '') : match[0];
    if (piece === '') continue;
    const offset = match.index + match[0].length - piece.length;
    const read = readPiece(withSpacedDecimalsJoined(piece), decimalMark);
    amounts.push(...read.amounts.map((amount) => ({ ...amount, start: amount.start + offset, end: amount.end + offset })));
    if (read.isNumeric) continue;
    if (amounts.length > 0 || passedOver.length === 2) break;
    passedOver.push(piece);
  }
  return amounts.length > 0 ? { amounts, passedOver: passedOver.join(' ') } : null;
};

export interface Candidate {
  value: string;
  confidence: number;
  span: Span;
}

const isTheTotal = (match: LabelMatch, passedOver: string): boolean => {
  const segment = match.line.text.slice(match.segment.start, match.segment.end);
  const aroundLabel = segment.slice(0, match.start - match.segment.start) + ' ' + segment.slice(match.end - match.segment.start);
  return !NOT_THE_TOTAL.test(`${aroundLabel} ${passedOver}`.replace(TAX_INCLUDED, ' '));
};

// Amounts under a total label: one per tax rate and their sum. A longer column is a line-item table.
const MAX_COLUMN = 4;

// How much of the label's height an amount's words share where OCR laid them out a line apart from it.
const SHARED_HEIGHT = 0.5;

/**
 * The amount printed beside a label that OCR laid out on the line right above or below it ("€88 697,84" in taller
 * type, its box starting higher than "Montant TTC"'s; a till's double-height "SUMME EUR" whose amount went to the line
 * of "Posten: 11" above): nothing after the label on its line but a currency, and on the other line the words sharing
 * most of the label's height (the label's row) one amount right of the label, with no words beside it. The other
 * line's words outside the label's height stand on a row of their own.
 */
const amountOnSplitLine = (document: DocumentText, match: LabelMatch): { value: string; span: Span } | null => {
  const label = match.line.words.filter((word) => word.start < match.end && match.start < word.end);
  if (label.length === 0 || !/^[\s:.=]*$/u.test(match.after.replace(CURRENCY_MARKS, ''))) return null;
  const top = Math.min(...label.map((word) => word.box[1]));
  const bottom = Math.max(...label.map((word) => word.box[3]));
  const right = Math.max(...label.map((word) => word.box[2]));
  const inLabelRow = (word: LineWord) => Math.min(bottom, word.box[3]) - Math.max(top, word.box[1]) >= SHARED_HEIGHT * (bottom - top);
  for (const offset of [-1, 1]) {
    const line = document.lines[match.line.index + offset];
    const row = line?.page === match.line.page ? line.words.filter(inLabelRow) : [];
    if (!line || row.length === 0 || row.some((word) => word.box[0] <= right)) continue;
    const start = row[0]!.start;
    const read = readAmounts(line.text.slice(start, row.at(-1)!.end), document.decimalMark);
    if (!read || read.amounts.length !== 1 || /\p{L}{2}/u.test(read.passedOver)) continue;
    const amount = read.amounts[0]!;
    return { value: amount.value, span: spanOf(line, start + amount.start, start + amount.end) };
  }
  return null;
};

const candidateAt = (document: DocumentText, match: LabelMatch, tier: Tier): Candidate | null => {
  const sameLine = readAmounts(match.after, document.decimalMark);
  if (sameLine) {
    if (!isTheTotal(match, sameLine.passedOver)) return null;
    const last = sameLine.amounts.at(-1)!;
    return {
      value: last.value,
      confidence: tier.confidence - (sameLine.amounts.length > 1 ? 0.1 : 0),
      span: spanOf(match.line, match.end + last.start, match.end + last.end),
    };
  }
  const split = isTheTotal(match, '') ? amountOnSplitLine(document, match) : null;
  if (split) return { ...split, confidence: tier.confidence - 0.1 };
  const underRow = endsItsSegment(match) && isTheTotal(match, '') ? amountUnderLabelRow(document, match) : undefined;
  const rowAmount = underRow && readAmounts(underRow.segment.text, document.decimalMark)?.amounts.at(-1);
  if (underRow && rowAmount)
    return {
      value: rowAmount.value,
      confidence: tier.confidence - 0.05,
      span: spanOf(underRow.line, underRow.segment.start + rowAmount.start, underRow.segment.start + rowAmount.end),
    };
  const readsBelow = endsItsSegment(match) && (tier.readsBelow || match.line.segments.length === 1 || isTotalsGrid(document, match.line));
  if (!readsBelow || !isTheTotal(match, '')) return null;
  const column: { line: TextLine; segment: Segment; amounts: Read<string>[] }[] = [];
  for (const { line, segment } of columnBelow(document, match, MAX_COLUMN + 1)) {
    const read = readAmounts(segment.text, document.decimalMark);
    if (!read || read.passedOver !== '') break;
    column.push({ line, segment, amounts: read.amounts });
  }
  const last = column.at(-1);
  if (!last || column.length > MAX_COLUMN) return null;
  const amount = last.amounts.at(-1)!;
  return {
    value: amount.value,
    confidence: tier.confidence - 0.05 - (column.length > 1 ? 0.1 : 0),
    span: spanOf(last.line, last.segment.start + amount.start, last.segment.start + amount.end),
  };
};

/**
 * Whether the document prints a total label (of the telling tiers, not a bare "amount"), whether or not
 * an amount could be read after it: a total is printed, if perhaps illegibly.
 */
export const hasTotalLabel = (document: DocumentText): boolean =>
  TIERS.slice(0, 3).some((tier) => findLabels(document, tier.pattern).some((match) => isTheTotal(match, '')));

/** Every amount a total label introduces, tier by tier (most telling first), in reading order within a tier. */
export const totalCandidates = (document: DocumentText): (Candidate & { tier: number })[] =>
  TIERS.flatMap((tier, index) =>
    findLabels(document, tier.pattern).flatMap((match) => {
      const candidate = candidateAt(document, match, tier);
      return candidate ? [{ ...candidate, tier: index }] : [];
    }),
  );

/**
 * The document's total: the amount after the most telling total label. Within that kind of label the
 * last one printed wins (running totals come before the final one); disagreement lowers confidence.
 */
export const findTotalAmount = (document: DocumentText): TotalFinding | null => {
  const candidates = totalCandidates(document);
  const tier = candidates[0]?.tier;
  const ofTier = candidates.filter((candidate) => candidate.tier === tier);
  const chosen = ofTier.at(-1);
  if (!chosen) return null;
  const agreed = ofTier.every((candidate) => candidate.value === chosen.value);
  return { ...foundAt(chosen.value, chosen.confidence - (agreed ? 0 : 0.15), [chosen.span]), line: chosen.span.line };
};
