import type { DocumentText, TextLine } from '../layout/document-text.js';
import { foundAt, spanOf } from '../values/finding.js';
import {
  CARD_LABEL,
  CASH_LABEL,
  CHANGE_LABEL,
  FINAL_TOTAL_LABEL,
  NOT_PAID_TOTAL,
  ROUNDING_LABEL,
  TOTAL_LABEL,
} from '../vocabulary/till-receipt-terms.js';
import type { TotalFinding } from './amounts.js';
import { withAmountsBelowLabels } from './amount-below-label.js';
import { oneOrTwoApart } from '../values/ocr-confusions.js';

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

// "RM 33.90", "-RM0.02", "1,234.50", "12,50": an amount with two decimals, its sign, the last on the line; OCR may put a
// space after the decimal mark ("49. 39").
const AMOUNT = /(?<sign>-)?\s*(?:RM|S\$|\$|€|£|CHF|EUR|USD|MYR)?\s*(?<units>\d{1,3}(?:[,.' ]\d{3})+|\d+)[.,] ?(?<cents>\d{2})(?!\d)/giu;
// "Incl. GST", "Inclusive of GST", also as OCR misreads the word ("Inc! of GST", "Inc] GST", "Inn of GST").
const TAX_INCLUDED = /(?<!\p{L})in[cn]?[\p{L}!\]|]*\.?\s*(?:of\s*)?(?:gst|sst|vat|tax)/giu;

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

// "Due" alone labels the sum due ("Change Due" is the change: not alone).
const DUE_ALONE = /^[\s|]*due\s*:?\s*$/iu;

// A line wholly in brackets is a note on the sum, not the sum: "(Total Included GST @ 6% : 1.42)".
const NOTE = /^[\s|]*\(.*\)[\s|]*$/u;

const totalCandidates = (document: DocumentText): Candidate[] =>
  document.lines.flatMap((line) => {
    const amount = lastAmount(line);
    if (!amount || amount.cents <= 0 || NOTE.test(line.text)) return [];
    const label = labelOf(amount).replace(TAX_INCLUDED, ' ');
    const final = FINAL_TOTAL_LABEL.test(label) || DUE_ALONE.test(label);
    if (!final && !TOTAL_LABEL.test(label)) return [];
    if (!final && NOT_PAID_TOTAL.test(label)) return [];
    return [{ ...amount, final }];
  });

interface Tender {
  /** The sum paid by what was tendered: cash − change. */
  cents: number;
  /** The tender's first line: the total is printed above it, a tax summary below. */
  line: TextLine;
  /** The sum is what was paid: the till printed the change, or a card was charged (cash alone may be a note handed over). */
  exact: boolean;
}

/** Cash tendered − change given, where the till prints both (or the cash alone when nothing came back). */
const tenderOf = (document: DocumentText): Tender | null => {
  const change = amountsLabelled(document, CHANGE_LABEL).at(-1);
  const cash = amountsLabelled(document, CASH_LABEL).filter(
    (amount) => !CHANGE_LABEL.test(labelOf(amount)) && !TOTAL_LABEL.test(labelOf(amount)),
  );
  const tendered = change ? cash.filter((amount) => amount.line.index < change.line.index).at(-1) : cash.at(-1);
  if (!tendered) return null;
  // Some tills print the tender as a deduction ("Cash -73.30"), others the change ("Rückgeld -0,42").
  const cents = Math.abs(tendered.cents) - Math.abs(change?.cents ?? 0);
  return cents > 0 ? { cents, line: tendered.line, exact: change !== undefined || CARD_LABEL.test(labelOf(tendered)) } : null;
};

// The lines under a total that may hold the tender and the change.
const TENDER_LINES = 4;

/**
 * The tender under a labelled total where the till's arithmetic of cash given back shows, whatever OCR made of the
 * tender's and the change's labels ("SUMME 16,62", "Bar 20,00", "ROCKGELD 3,38"): two lines right after one another,
 * the first more than the total, the second the first less the total. What was paid is the total.
 */
const tenderWithChangeUnder = (document: DocumentText, total: Candidate): Tender | null => {
  const below = document.lines
    .slice(total.line.index + 1, total.line.index + 1 + TENDER_LINES)
    .map((line) => ({ line, amount: lastAmount(line) }));
  const tendered = below.find(
    ({ line, amount }, index) =>
      amount !== null &&
      amount.cents > total.cents &&
      below[index + 1]?.line.index === line.index + 1 &&
      Math.abs(below[index + 1]?.amount?.cents ?? 0) === amount.cents - total.cents,
  );
  return tendered ? { cents: total.cents, line: tendered.line, exact: true } : null;
};

/** Whether a till's arithmetic of cash given back shows under a labelled total: only tills give change. */
export const printsChangeGiven = (document: DocumentText): boolean =>
  totalCandidates(document).some((total) => tenderWithChangeUnder(document, total) !== null);

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
  // The sum paid, cash − change: not the cash handed over, where change came back.
  return adjusted ? { ...lastAmount(tender.line)!, cents: tender.cents } : null;
};

// The tax alone ("Total GST : 2.40"), not a sum including it ("Total Sales (Inclusive of GST)"): never what was paid.
const namesTaxAlone = (label: string): boolean => /(?<!\p{L})(?:gst|sst|vat|tax)(?!\p{L})/iu.test(label.replace(TAX_INCLUDED, ' '));

// The last amount on a line whose decimal mark OCR lost or read as a space ("9280", "88 17"); a longer run of digits is a
// number, no amount ("GST : 002008047616").
const MARK_LOST = /(?<!\d)(?<units>\d{1,6})(?:\s|[.,]\s+)?(?<cents>\d{2})(?!\d)(?<tail>\D*)$/u;

/**
 * A total line whose amount OCR read without its decimal mark ("Grand Total  9280", "Total RM  88 17") where its
 * digits are the tender's sum: the total, read as the tender says.
 */
const totalPrintedAs = (line: TextLine, cents: number): LabelledAmount | null => {
  const amount = lastAmount(line) === null ? partAmount(line) : null;
  if (!amount || amount.cents !== cents) return null;
  const label = labelOf(amount);
  if (!TOTAL_LABEL.test(label) || NOT_PAID_TOTAL.test(label.replace(TAX_INCLUDED, ' ')) || CASH_LABEL.test(label)) return null;
  return amount;
};

/**
 * A total line whose label OCR garbled ("T»tal Sales"), found by the tender's sum above the tender; or a total line
 * whose decimal mark OCR lost, found by its digits.
 */
const printedSum = (document: DocumentText, tender: Tender): LabelledAmount | null => {
  const above = document.lines.filter((line) => line.index < tender.line.index);
  return (
    above
      .map(lastAmount)
      .filter(
        (amount): amount is LabelledAmount =>
          amount !== null && amount.cents === tender.cents && !CASH_LABEL.test(labelOf(amount)) && !namesTaxAlone(labelOf(amount)),
      )
      .at(-1) ??
    above.flatMap((line) => [totalPrintedAs(line, tender.cents)].filter((found) => found !== null)).at(-1) ??
    null
  );
};

// The parts a till adds up under its items, in the order it prints them: the subtotal before tax, a discount or a
// service charge, the tax, the rounding adjustment. A subtotal's label names the tax it excludes: not the tax.
const SUBTOTAL_LABEL = /(?<!\p{L})(?:sub[\s-]?total|excl\p{L}*|exclusive|before (?:gst|sst|tax))(?!\p{L})/iu;
const SERVICE_CHARGE_LABEL = /(?<!\p{L})(?:service charge|serv(?:ice)?\.? ?chg|svc\.? ?(?:chg|charge)?)(?!\p{L})/iu;
const DISCOUNT_LABEL = /(?<!\p{L})(?:disc\p{L}*|voucher|coupon|less)(?!\p{L})/iu;
const INCLUDED = new RegExp(TAX_INCLUDED.source, 'iu');
const RATE = /(?<!\d)(?<rate>\d{1,2})(?:[.,]0+)?\s*%/u;
// The sales and service tax rates of the tills read (Malaysia's GST and service tax 6 %, sales tax 10 %), where the tax
// line prints none.
const USUAL_RATES = [6, 10];

/** The till's sum by its parts: subtotal − discount + service charge + tax + rounding, the tax the rate of the rest. */
interface TillSum {
  cents: number;
  parts: LabelledAmount[];
  /** The line of the last part: the total is printed below it. */
  end: number;
}

/**
 * A part's amount, also where OCR lost its decimal mark or read it as a space ("Total GST  308", "Sales (Excluding GST)
 * 19 34"): the tax's rate checks the parts, so a misreading cannot pass for one.
 */
const partAmount = (line: TextLine): LabelledAmount | null => {
  const amount = lastAmount(line);
  if (amount) return amount;
  const match = MARK_LOST.exec(line.text);
  if (!match) return null;
  const cents = Number(match.groups!.units) * 100 + Number(match.groups!.cents);
  return { cents, line, start: match.index, end: match.index + match[0].length - match.groups!.tail!.length };
};

type Part = 'discount' | 'service' | 'tax' | 'rounding';

const partOf = (amount: LabelledAmount): Part | null => {
  const label = labelOf(amount);
  if (ROUNDING_LABEL.test(label) && !TOTAL_LABEL.test(label) && Math.abs(amount.cents) <= MAX_ADJUSTMENT_CENTS) return 'rounding';
  if (SERVICE_CHARGE_LABEL.test(label)) return 'service';
  if (DISCOUNT_LABEL.test(label)) return 'discount';
  if (namesTaxAlone(label) && !INCLUDED.test(label) && !SUBTOTAL_LABEL.test(label)) return 'tax';
  return null;
};

/** The rate a tax line prints, else the usual ones. */
const ratesOf = (tax: LabelledAmount): number[] => {
  const printed = RATE.exec(labelOf(tax))?.groups?.rate;
  return printed ? [Number(printed)] : USUAL_RATES;
};

const taxCharged = (base: number, tax: LabelledAmount): boolean =>
  tax.cents > 0 && ratesOf(tax).some((rate) => Math.abs((base * rate) / 100 - tax.cents) <= 1.1);

/** Whether a tax is the share its rate (printed, else a usual one) makes of a sum that includes it: 1.62 of 28.70 at 6 %. */
const taxIncludedIn = (gross: number, tax: LabelledAmount): boolean =>
  tax.cents > 0 && ratesOf(tax).some((rate) => Math.abs((gross * rate) / (100 + rate) - tax.cents) <= 1.1);

/** The lines with an amount, above or below a line, nearest first, past lines without one. */
const amountsFrom = (document: DocumentText, from: TextLine, step: -1 | 1): LabelledAmount[] => {
  const amounts: LabelledAmount[] = [];
  for (let index = from.index + step; index >= 0 && index < document.lines.length; index += step) {
    const line = document.lines[index]!;
    const amount = partAmount(line);
    if (amount) amounts.push(amount);
    // Below the tax, a total or tender whose amount is unreadable ends the parts.
    else if (step === 1 && (TOTAL_LABEL.test(line.text) || CASH_LABEL.test(line.text) || CHANGE_LABEL.test(line.text))) break;
  }
  return amounts;
};

/**
 * The till's sum around one tax line: above it a discount or service charge and, above those, the subtotal (whatever
 * OCR made of its label); below it the rounding adjustment. Null unless the tax is the rate of the sum it is charged on.
 */
const sumAround = (document: DocumentText, tax: LabelledAmount): TillSum | null => {
  const added: LabelledAmount[] = [];
  let subtotal: LabelledAmount | null = null;
  for (const amount of amountsFrom(document, tax.line, -1)) {
    const part = partOf(amount);
    if ((part === 'discount' || part === 'service') && !added.some((other) => partOf(other) === part)) {
      added.push(amount);
      continue;
    }
    // The subtotal's label may name the tax it excludes ("Total Sales (Excluding GST)", however OCR read the word).
    const label = labelOf(amount);
    if (part !== 'rounding' && amount.cents > 0 && !CASH_LABEL.test(label) && !CHANGE_LABEL.test(label) && !INCLUDED.test(label))
      subtotal = amount;
    break;
  }
  if (!subtotal) return null;
  const discount = added.find((amount) => partOf(amount) === 'discount')?.cents ?? 0;
  const service = added.find((amount) => partOf(amount) === 'service')?.cents ?? 0;
  const base = subtotal.cents - Math.abs(discount) + service;
  if (!taxCharged(base, tax)) return null;
  const next = amountsFrom(document, tax.line, 1)[0];
  const rounding = next && partOf(next) === 'rounding' ? next : null;
  const cents = base + tax.cents + (rounding?.cents ?? 0);
  // A rounding adjustment brings the sum to the smallest coin (5 cents).
  if (rounding && rounding.cents !== 0 && cents % 5 !== 0) return null;
  return { cents, parts: [subtotal, ...added.reverse(), tax, ...(rounding ? [rounding] : [])], end: (rounding ?? tax).line.index };
};

/**
 * What the till's arithmetic makes the total (subtotal, discount, service charge, tax, rounding), where the tax it prints
 * is the rate of the sum it is charged on: the check that its parts are read right.
 */
const tillSum = (document: DocumentText): TillSum | null => {
  for (const line of document.lines) {
    const amount = partAmount(line);
    if (!amount || partOf(amount) !== 'tax') continue;
    const sum = sumAround(document, amount);
    if (sum) return sum;
  }
  return null;
};

/**
 * The total the till's arithmetic gives where no tender or rounding confirms a printed one: the line below its parts
 * that prints the sum (however labelled: "Sub Total" on a till that names its gross so), else the sum itself, over a
 * total printed right below the parts that OCR misread ("163.35" for 153.35) or none readable. A total printed further
 * down, after lines the parts do not hold (a voucher), stays.
 */
const byArithmetic = (
  document: DocumentText,
  printed: LabelledAmount | null,
  tender: Tender | null,
): { amount: LabelledAmount; spans: ReturnType<typeof spanOf>[]; printed: boolean } | null => {
  const sum = tillSum(document);
  if (!sum) return null;
  const below = document.lines
    .filter((line) => line.index > sum.end && (!tender || line.index <= tender.line.index))
    .map(lastAmount)
    .filter((amount): amount is LabelledAmount => amount !== null);
  const printing = below.find((amount) => amount.cents === sum.cents && !namesTaxAlone(labelOf(amount)));
  // A rounding or discount line below the sum printed makes a total further down the one paid (rounded, less a voucher).
  const adjustedLater =
    printing &&
    printed &&
    printed.line.index > printing.line.index &&
    document.lines.some(
      (line) =>
        line.index > printing.line.index &&
        line.index < printed.line.index &&
        (ROUNDING_LABEL.test(line.text) || DISCOUNT_LABEL.test(line.text)),
    );
  if (adjustedLater) return null;
  if (printing) return { amount: printing, spans: [spanOf(printing.line, printing.start, printing.end)], printed: true };
  if (printed && (printed.line.index < sum.end || below[0]?.line !== printed.line)) return null;
  const last = sum.parts.at(-1)!;
  return {
    amount: { cents: sum.cents, line: printed?.line ?? last.line, start: printed?.start ?? last.start, end: printed?.end ?? last.end },
    spans: sum.parts.map((part) => spanOf(part.line, part.start, part.end)),
    printed: false,
  };
};

/**
 * Where no total is readable, what was tendered (cash − change, or the card charged): confirmed where another line
 * prints the same sum ("Cash 8.60" above "Tendered 9.00" and "Change 0.40").
 */
const tendered = (document: DocumentText, tender: Tender): { amount: LabelledAmount; confirmed: boolean } | null => {
  const same = document.lines
    .filter((line) => line.index !== tender.line.index)
    .map(lastAmount)
    .find(
      (amount) =>
        amount !== null && amount.cents === tender.cents && !namesTaxAlone(labelOf(amount)) && !CHANGE_LABEL.test(labelOf(amount)),
    );
  if (same) return { amount: same, confirmed: true };
  const line = lastAmount(tender.line)!;
  return { amount: { ...line, cents: tender.cents }, confirmed: false };
};

// Malaysia's smallest coin is 5 sen: a rounding adjustment brings 88.97 to 88.95, 31.03 to 31.05.
const toCoins = (cents: number): number => Math.round(cents / 5) * 5;

/**
 * Where no total, tender or arithmetic is readable: the last subtotal above the tender, with nothing taxed on top of it
 * (no tax line below it), to the smallest coin where the till prints a rounding line. A guess, and scored as one.
 */
const subtotalAlone = (document: DocumentText, tender: Tender | null): LabelledAmount | null => {
  const before = document.lines.filter((line) => !tender || line.index < tender.line.index);
  const subtotal = before
    .map(lastAmount)
    .filter(
      (amount): amount is LabelledAmount =>
        amount !== null && amount.cents > 0 && /(?<!\p{L})sub[\s-]?total(?!\p{L})/iu.test(labelOf(amount)),
    )
    .at(-1);
  if (!subtotal) return null;
  // A tax that is the share a rate makes of the subtotal ("INC 6% GST 1.62" under 28.70) is included in it, not charged on top.
  const taxedAfter = before.some((line) => {
    const amount = line.index > subtotal.line.index ? partAmount(line) : null;
    return amount !== null && amount.cents !== 0 && partOf(amount) === 'tax' && !taxIncludedIn(subtotal.cents, amount);
  });
  if (taxedAfter) return null;
  const rounds = document.lines.some((line) => ROUNDING_LABEL.test(line.text));
  return { ...subtotal, cents: rounds ? toCoins(subtotal.cents) : subtotal.cents };
};

/** Cash − change a few cents off the total is the rounding; further off, one of them is misread. */
const disagrees = (a: number, b: number): boolean => Math.abs(a - b) > MAX_ADJUSTMENT_CENTS;

/** A total the receipt prints again on another total's line, read the same: a share of its doubt goes. */
const COPY_CONFIRMS = 0.3;
/** What was tendered, less the change, is another sum than the total: either is misread. */
const TENDER_DOUBT = 0.6;
/** Another final total ("Grand Total", "Nett") printed with another sum: the one taken may be the misread one. */
const RIVAL_DOUBT = 0.8;

/**
 * An unconfirmed total scored by what the rest of the receipt says of it (issue 13: a confident value must be right):
 * lower where cash − change, the till printing the change, gives another sum, or where another final total prints another
 * sum; higher where another total line prints the same sum.
 */
const unconfirmedTotalScore = (
  confidence: number,
  chosen: LabelledAmount,
  candidates: readonly Candidate[],
  tender: Tender | null,
): number => {
  const others = candidates.filter((candidate) => candidate.line !== chosen.line);
  const contradicted = tender !== null && tender.exact && disagrees(tender.cents, chosen.cents);
  const rivalled = others.some((candidate) => candidate.final && disagrees(candidate.cents, chosen.cents));
  const copied = others.some((candidate) => candidate.cents === chosen.cents);
  let score = confidence;
  if (contradicted) score *= TENDER_DOUBT;
  if (rivalled) score *= RIVAL_DOUBT;
  if (copied && !contradicted && !rivalled) score += (1 - score) * COPY_CONFIRMS;
  return score;
};

/** The gross of a till's tax summary row whose tax is the rate of its net: the check that both are read right. */
interface CheckedGross {
  cents: number;
  /** The summary row. */
  line: TextLine;
  /** The row prints the gross too, net + tax, after them ("SR 6 7,395.09 443.71 7,838.80"). */
  printed: boolean;
}

const allAmounts = (line: TextLine): LabelledAmount[] =>
  [...line.text.matchAll(AMOUNT)].map((match) => {
    const cents = Number(match.groups!.units!.replace(/\D/g, '')) * 100 + Number(match.groups!.cents);
    return { cents: match.groups!.sign ? -cents : cents, line, start: match.index, end: match.index + match[0].length };
  });

// A row's rate printed on it or on the summary's heading just above ("GST (6.000%)" over "33.40  2.00").
const RATE_LINES_ABOVE = 2;

/**
 * The tax summary a till prints below its total, read row by row: a row whose last amounts are a net and its tax at the
 * rate printed on the row or just above it (else 6 or 10 %), perhaps followed by their sum. Only where exactly one gross
 * is read so (several rates, or a summary OCR garbled into several, give none).
 */
const checkedGross = (document: DocumentText, below: TextLine | null): CheckedGross | null => {
  const rows = document.lines
    .filter((line) => line.index > (below?.index ?? -1) && !/[@x×*]\s*(?:RM\s*)?\d+[.,]\d{2}/iu.test(line.text))
    .flatMap((line): CheckedGross[] => {
      const amounts = allAmounts(line);
      const printed = amounts.length >= 3 && amounts.at(-1)!.cents === amounts.at(-3)!.cents + amounts.at(-2)!.cents;
      const [first, second] = printed ? amounts.slice(-3, -1) : amounts.slice(-2);
      // Net then tax, or, before a gross that adds them up, either way round ("7,0 %  0,36  5,11  5,47": tax, net, gross).
      const [net, tax] = printed && first && second && first.cents < second.cents ? [second, first] : [first, second];
      if (!net || !tax || net.cents <= 0 || tax.cents < 0) return [];
      const rateAt = [line, ...document.lines.slice(Math.max(0, line.index - RATE_LINES_ABOVE), line.index)]
        .map((candidate) => RATE.exec(candidate.text.slice(0, candidate === line ? net.start : undefined))?.groups?.rate)
        .find((rate) => rate !== undefined);
      // A zero-rated row with goods on it ("Z = 0%  3.78  0.00") is a row of the summary too: the other row's gross is no total.
      if (tax.cents === 0 && Number(rateAt) !== 0) return [];
      const rates = rateAt ? [Number(rateAt)] : USUAL_RATES;
      if (!rates.some((rate) => Math.abs((net.cents * rate) / 100 - tax.cents) <= 1.1)) return [];
      return [{ cents: net.cents + tax.cents, line, printed }];
    });
  return new Set(rows.map((row) => row.cents)).size === 1 ? rows[0]! : null;
};

/** Two readings of one amount in cents: as many digits, one or two of them different ("62.88" and "62.00"). */
const digitsApart = (a: number, b: number): boolean => oneOrTwoApart(String(Math.abs(a)), String(Math.abs(b)));

/**
 * The tax summary's checked gross in place of the total read, where another reading of the receipt bears it out and the
 * total does not: cash − change gives it, the summary row prints it as net + tax, or a line above the tender prints it
 * one or two digits off the total read (the subtotal of a till that prints the total including tax as its subtotal; 62.00
 * read 62.88 on the total and the card alike), the only reading that overrules a total the tender confirms. Where no
 * total is read, a line printing it anywhere above does.
 */
const grossOverTotal = (
  document: DocumentText,
  chosen: LabelledAmount | null,
  confirmed: boolean,
  tender: Tender | null,
): { amount: LabelledAmount; spans: ReturnType<typeof spanOf>[] } | null => {
  const gross = checkedGross(document, chosen?.line ?? null);
  if (!gross || (chosen && !disagrees(gross.cents, chosen.cents))) return null;
  const printing = document.lines
    .filter((line) => line.index < (tender?.line.index ?? gross.line.index) && line !== chosen?.line)
    .map(lastAmount)
    .filter((amount): amount is LabelledAmount => amount !== null)
    .find((amount) => amount.cents === gross.cents && !CHANGE_LABEL.test(labelOf(amount)));
  const byTender = tender?.exact === true && tender.cents === gross.cents;
  // A line printing the gross is another reading of the total only where it is a digit or two off the one read and no
  // discount, voucher or service charge stands between them (a subtotal before a voucher is another sum).
  const adjustedBetween =
    printing !== undefined &&
    chosen !== null &&
    document.lines.some(
      (line) =>
        line.index > Math.min(printing.line.index, chosen.line.index) &&
        line.index < Math.max(printing.line.index, chosen.line.index) &&
        (DISCOUNT_LABEL.test(line.text) || SERVICE_CHARGE_LABEL.test(line.text)),
    );
  const misreadElsewhere = printing !== undefined && (chosen === null || (digitsApart(gross.cents, chosen.cents) && !adjustedBetween));
  if (confirmed ? !misreadElsewhere : !(misreadElsewhere || byTender || gross.printed)) return null;
  const row = allAmounts(gross.line);
  const amount = printing ?? { cents: gross.cents, line: gross.line, start: row.at(gross.printed ? -3 : -2)!.start, end: row.at(-1)!.end };
  return { amount, spans: [spanOf(amount.line, amount.start, amount.end)] };
};

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

export const findReceiptTotal = (recognized: DocumentText): ReceiptTotal | null => {
  // A label whose amount is set on the line below ("CHANGE :" over "7.30") is read with it.
  const document = withAmountsBelowLabels(recognized);
  const labelled = totalCandidates(document);
  // A tender whose change the labels do not show is confirmed by the arithmetic of the change under a total.
  const tenderLabelled = tenderOf(document);
  const tender = tenderLabelled?.exact
    ? tenderLabelled
    : (labelled.map((total) => tenderWithChangeUnder(document, total)).find((found) => found !== null) ?? tenderLabelled);
  // A "TOTAL" printed after the tender heads the tax summary's columns, not the sum paid.
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
  const printed = agreeing ?? rounded ?? garbled ?? ranked(candidates) ?? null;
  const printedConfirmed =
    printed !== null &&
    (printed === rounded ||
      printed === garbled ||
      (printed === agreeing && (agreeing.cents === tender?.cents || confirmedBySum(agreeing))));
  const computed = printedConfirmed ? null : byArithmetic(document, printed, tender);
  const paid = printed || computed || !tender?.exact ? null : tendered(document, tender);
  const sub = printed || computed || paid ? null : subtotalAlone(document, tender);
  const read = computed?.amount ?? printed ?? paid?.amount ?? sub;
  const readConfirmed = printedConfirmed || computed !== null || paid?.confirmed === true;
  // The tax summary's arithmetic, checked by its rate, against the total read: a gross the receipt bears out elsewhere
  // replaces a total a digit off, or stands where no total is readable; the same sum confirms the total read.
  const summary = grossOverTotal(document, read, readConfirmed, tender);
  const chosen = summary?.amount ?? read;
  if (!chosen) return null;
  const isConfirmed = readConfirmed || summary !== null || (read !== null && checkedGross(document, read.line)?.cents === read.cents);
  const confidence = summary
    ? read
      ? 0.85
      : 0.8
    : sub
      ? 0.5
      : paid && !paid.confirmed
        ? 0.6
        : computed?.printed === false
          ? 0.8
          : isConfirmed
            ? 0.9
            : 'final' in chosen && chosen.final
              ? 0.75
              : 0.65;
  const testified = isConfirmed || sub ? confidence : unconfirmedTotalScore(confidence, chosen, candidates, tender);
  return {
    ...foundAt(decimal(chosen.cents), testified, summary?.spans ?? computed?.spans ?? [spanOf(chosen.line, chosen.start, chosen.end)]),
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
