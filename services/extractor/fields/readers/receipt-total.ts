import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf } from '../values/finding.js';
import {
  CASH_LABEL,
  CHANGE_LABEL,
  FINAL_TOTAL_LABEL,
  NOT_PAID_TOTAL,
  ROUNDING_LABEL,
  TOTAL_LABEL,
} from '../vocabulary/till-receipt-terms.js';
import type { TotalFinding } from './amounts.js';

/**
 * What a till receipt's customer paid. Tills print several totals (before and after the rounding
 * adjustment, with and without tax, the sum tendered and the change); the one paid is confirmed by the
 * till's own arithmetic: cash tendered − change given, or the plain total + the rounding adjustment.
 * Without a confirmation the most final label wins (rounded, nett and grand totals over a plain total),
 * the last printed among equals.
 */

interface LabelledAmount {
  cents: number;
  line: TextLine;
  start: number;
  end: number;
}

// "RM 33.90", "-RM0.02", "1,234.50", "12,50": an amount with two decimals, its sign, the last on the line.
const AMOUNT = /(?<sign>-)?\s*(?:RM|S\$|\$|€|£|CHF|EUR|USD|MYR)?\s*(?<units>\d{1,3}(?:[,.' ]\d{3})+|\d+)[.,](?<cents>\d{2})(?!\d)/giu;
const TAX_INCLUDED = /incl\p{L}*\.?\s*(?:of\s*)?(?:gst|sst|vat|tax)/giu;

const lastAmount = (line: TextLine): LabelledAmount | null => {
  const match = [...line.text.matchAll(AMOUNT)].at(-1);
  if (!match) return null;
  const cents = Number(match.groups!.units!.replace(/\D/g, '')) * 100 + Number(match.groups!.cents);
  return { cents: match.groups!.sign ? -cents : cents, line, start: match.index, end: match.index + match[0].length };
};

/** The text before a line's amount: where its label is. */
const labelOf = (amount: LabelledAmount): string => amount.line.text.slice(0, amount.start);

const amountsLabelled = (document: DocumentText, label: RegExp): LabelledAmount[] =>
  document.lines.flatMap((line) => {
    const amount = lastAmount(line);
    return amount && label.test(labelOf(amount)) ? [amount] : [];
  });

interface Candidate extends LabelledAmount {
  final: boolean;
}

const totalCandidates = (document: DocumentText): Candidate[] =>
  document.lines.flatMap((line) => {
    const amount = lastAmount(line);
    if (!amount || amount.cents <= 0) return [];
    const label = labelOf(amount).replace(TAX_INCLUDED, ' ');
    const final = FINAL_TOTAL_LABEL.test(label);
    if (!final && !TOTAL_LABEL.test(label)) return [];
    if (!final && NOT_PAID_TOTAL.test(label)) return [];
    return [{ ...amount, final }];
  });

interface Tender {
  /** The sum paid by what was tendered: cash − change. */
  cents: number;
  /** The tender's first line: the total is printed above it, a tax summary below. */
  line: TextLine;
}

/** Cash tendered − change given, where the till prints both (or the cash alone when nothing came back). */
const tenderOf = (document: DocumentText): Tender | null => {
  const change = amountsLabelled(document, CHANGE_LABEL).at(-1);
  const cash = amountsLabelled(document, CASH_LABEL).filter(
    (amount) => !CHANGE_LABEL.test(labelOf(amount)) && !TOTAL_LABEL.test(labelOf(amount)),
  );
  const tendered = change ? cash.filter((amount) => amount.line.index < change.line.index).at(-1) : cash.at(-1);
  if (!tendered) return null;
  // Some tills print the tender as a deduction ("Cash -73.30").
  const cents = Math.abs(tendered.cents) - (change?.cents ?? 0);
  return cents > 0 ? { cents, line: tendered.line } : null;
};

// A rounding adjustment brings a total to the coins in use: a few cents (Malaysia 0.01–0.02, Switzerland up to 0.02).
export const MAX_ADJUSTMENT_CENTS = 10;

const roundingAdjustments = (document: DocumentText): LabelledAmount[] =>
  amountsLabelled(document, ROUNDING_LABEL).filter(
    (amount) => !TOTAL_LABEL.test(labelOf(amount)) && Math.abs(amount.cents) <= MAX_ADJUSTMENT_CENTS,
  );

/**
 * A line labelled as the rounding whose amount is a total within an adjustment of one printed above it ("Rounding RM
 * 45.35" under "Total Sales 45.34" and "Rounding Adjustment 0.01"): the rounded total, however OCR read the adjustment.
 */
const roundedTotalsLabelledRounding = (document: DocumentText, totals: Candidate[]): Candidate[] =>
  amountsLabelled(document, ROUNDING_LABEL)
    .filter(
      (amount) =>
        !TOTAL_LABEL.test(labelOf(amount)) &&
        totals.some(
          (total) =>
            total.line.index < amount.line.index &&
            total.cents !== amount.cents &&
            Math.abs(total.cents - amount.cents) <= MAX_ADJUSTMENT_CENTS,
        ),
    )
    .map((amount) => ({ ...amount, final: true }));

/**
 * Each total printed above a rounding adjustment, adjusted: the payable sum the till printed below it, with the lines of
 * the totals it was made from.
 */
const roundedSums = (document: DocumentText, candidates: Candidate[]): Map<number, TextLine[]> => {
  const sums = new Map<number, TextLine[]>();
  for (const adjustment of roundingAdjustments(document))
    for (const total of candidates.filter((candidate) => candidate.line.index < adjustment.line.index))
      sums.set(total.cents + adjustment.cents, [...(sums.get(total.cents + adjustment.cents) ?? []), total.line]);
  return sums;
};

/**
 * The tender's sum where it is a total plus the rounding adjustment, whichever is printed first ("Rounding -0.01"
 * above "Total 101.76", cash 101.75) and whether or not the till printed the rounded total: what was paid.
 */
const tenderedRounded = (document: DocumentText, candidates: Candidate[], tender: Tender | null): LabelledAmount | null => {
  if (!tender) return null;
  const adjusted = roundingAdjustments(document).some(
    (adjustment) => adjustment.cents !== 0 && candidates.some((candidate) => candidate.cents + adjustment.cents === tender.cents),
  );
  return adjusted ? lastAmount(tender.line) : null;
};

// The tax alone ("Total GST : 2.40"), not a sum including it ("Total Sales (Inclusive of GST)"): never what was paid.
const namesTaxAlone = (label: string): boolean => /(?<!\p{L})(?:gst|sst|vat|tax)(?!\p{L})/iu.test(label.replace(TAX_INCLUDED, ' '));

/** A total line whose label OCR garbled ("T»tal Sales"), found by the tender's sum above the tender. */
const printedSum = (document: DocumentText, tender: Tender): LabelledAmount | null =>
  document.lines
    .filter((line) => line.index < tender.line.index)
    .map(lastAmount)
    .filter(
      (amount): amount is LabelledAmount =>
        amount !== null && amount.cents === tender.cents && !CASH_LABEL.test(labelOf(amount)) && !namesTaxAlone(labelOf(amount)),
    )
    .at(-1) ?? null;

const decimal = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * A till receipt's total, whether the till's arithmetic confirms it, and whether the till printed a rounding
 * adjustment: a confirmed total is then what was paid, where a tax summary's gross is the sum before rounding (however
 * OCR read the adjustment).
 */
export type ReceiptTotal = TotalFinding & {
  confirmed: boolean;
  rounded: boolean;
  /** The till printed a rounding line and this total is a few cents off a total printed before it: the sum after rounding. */
  afterRounding: boolean;
};

export const findReceiptTotal = (document: DocumentText): ReceiptTotal | null => {
  const tender = tenderOf(document);
  // A "TOTAL" printed after the tender heads the tax summary's columns, not the sum paid.
  const labelled = totalCandidates(document);
  const candidates = [...labelled, ...roundedTotalsLabelledRounding(document, labelled)]
    .filter((candidate) => !tender || candidate.line.index < tender.line.index)
    .sort((a, b) => a.line.index - b.line.index);
  const sums = roundedSums(document, candidates);
  const ranked = (among: Candidate[]) => among.filter((candidate) => candidate.final).at(-1) ?? among.at(-1);
  const agreeing =
    ranked(candidates.filter((candidate) => candidate.cents === tender?.cents)) ??
    ranked(candidates.filter((candidate) => sums.has(candidate.cents)));
  // An adjustment of 0.00 keeps the total as it is: it confirms a total only where another line prints the same sum
  // ("Total 9.00", "Rounding Adjustment 0.00", "Rounded Total 9.60": one of the two is misread, the arithmetic cannot tell which).
  const confirmedBySum = (candidate: Candidate) => (sums.get(candidate.cents) ?? []).some((line) => line !== candidate.line);
  const rounded = agreeing ? null : tenderedRounded(document, candidates, tender);
  const garbled = agreeing || rounded || !tender ? null : printedSum(document, tender);
  const chosen = agreeing ?? rounded ?? garbled ?? ranked(candidates);
  if (!chosen) return null;
  const isConfirmed =
    chosen === rounded || chosen === garbled || (chosen === agreeing && (agreeing.cents === tender?.cents || confirmedBySum(agreeing)));
  const confidence = isConfirmed ? 0.9 : 'final' in chosen && chosen.final ? 0.75 : 0.65;
  return {
    ...foundAt(decimal(chosen.cents), confidence, [spanOf(chosen.line, chosen.start, chosen.end)]),
    line: chosen.line,
    confirmed: isConfirmed,
    rounded: isConfirmed && roundingAdjustments(document).length > 0,
    afterRounding:
      amountsLabelled(document, ROUNDING_LABEL).length > 0 &&
      candidates.some(
        (candidate) =>
          candidate.line.index < chosen.line.index &&
          candidate.cents !== chosen.cents &&
          Math.abs(candidate.cents - chosen.cents) <= MAX_ADJUSTMENT_CENTS,
      ),
  };
};
