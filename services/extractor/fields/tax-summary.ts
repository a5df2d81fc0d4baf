import { readAmounts, totalCandidates } from './amounts.js';
import { CURRENCY_MARK } from './currency.js';
import type { DocumentText, TextLine } from './document-text.js';
import { spanOf, type Span } from './finding.js';
import { columnBelow, endsItsSegment, findLabels, labelPattern, type LabelMatch } from './labels.js';
import { findDates } from './parse-date.js';
import { findNumbers } from './parse-number.js';

/** An amount in cents (exact, unlike binary floats) and where it is printed. */
interface Money {
  cents: number;
  span: Span;
}

/** What one tax rate accounts for: net + tax = gross to the cent. */
export interface RatePart {
  rate: string;
  net: number;
  tax: number;
  /** Where the rate's line is printed. */
  span: Span;
}

/** A total in cents, and where it is printed; null when it is only the sum of the rates. */
export interface SummaryTotal {
  cents: number;
  printed: Span | null;
}

/** The totals of a document by tax, all adding up. */
export interface TaxSummary {
  net: SummaryTotal;
  tax: SummaryTotal;
  gross: SummaryTotal;
  parts: RatePart[];
  /** How sure the summary is: printed totals confirming the rates make it surer. */
  confidence: number;
}

const TAX_WORD = labelPattern(
  String.raw`mwst\.?`,
  String.raw`ust\.?`,
  'umsatzsteuer',
  'mehrwertsteuer',
  // Sales tax only: insurance tax (Versicherungssteuer) and other taxes are not VAT.
  String.raw`(?:umsatz|mehrwert)?steuer(?:betrag|satz|aufschlüsselung)?`,
  'vat',
  'tax',
  'taxes',
  'tva',
  'iva',
  'imposta',
  'gst',
  'btw',
);

const NET_LABEL = labelPattern(
  'netto',
  String.raw`netto-?(?:betrag|summe|gesamt|total)`,
  String.raw`(?:summe|gesamt|total|rechnungssumme|rechnungsbetrag|warenwert) netto`,
  String.raw`(?:rechnungs)?summe (?:ohne|exkl\.?|excl\.?) (?:ust|mwst)\.?`,
  'zwischensumme',
  'subtotal',
  'sub-total',
  'sub total',
  'net amount',
  'net total',
  'total net',
  String.raw`total (?:excl\.?|excluding|before|without) (?:vat|tax)`,
  'amount before tax',
  'untaxed amount',
  'total ht',
  'montant ht',
  'total hors taxes?',
  'sous-total',
  'imponibile',
  'totale imponibile',
  'totale netto',
  'netto totale',
);

const TAX_TOTAL_LABEL = labelPattern(
  String.raw`(?:summe|gesamt|total) (?:der )?(?:mwst|ust|umsatzsteuer|mehrwertsteuer)\.?`,
  String.raw`(?:mwst|ust|umsatzsteuer|mehrwertsteuer)\.?(?:-| )?(?:betrag|gesamt|total|summe)`,
  'steuerbetrag',
  'mwst',
  'ust',
  'umsatzsteuer',
  'mehrwertsteuer',
  'vat',
  'vat amount',
  'total vat',
  'tax',
  'tax amount',
  'total tax',
  'tva',
  'total tva',
  'montant tva',
  'total taxes',
  'iva',
  'totale iva',
  'imposta',
);

// Any label of a totals table: a row of them may head a row of amounts.
const TOTALS_HEADER_WORD = labelPattern(
  String.raw`\p{L}*netto\p{L}*`,
  String.raw`\p{L}*brutto\p{L}*`,
  String.raw`\p{L}*summe`,
  String.raw`\p{L}*betrag`,
  'total',
  'totale',
  'net',
  'gross',
  'ht',
  'ttc',
  String.raw`mwst\.?`,
  String.raw`ust\.?`,
  'vat',
  'tva',
  'iva',
  'tax',
  '%',
);

/** Rates above this are no VAT rates of the region (the highest, Italy's, is 22 %). */
const MAX_RATE = 30;

const toCents = (decimal: string): number => Math.round(Number(decimal) * 100);
export const centsToDecimal = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};

/**
 * Tax rounds per line or per rate, so net × rate matches the printed tax within a cent, plus what
 * rounding each line item may add on large invoices.
 */
const taxMatches = (net: number, rate: number, tax: number): boolean =>
  Math.abs((net * rate) / 100 - tax) <= Math.max(1.1, Math.abs(net) * 0.00005) && Math.sign(net) === Math.sign(tax);

const blankDates = (text: string): string =>
  findDates(text).reduce((masked, date) => masked.slice(0, date.start) + ' '.repeat(date.end - date.start) + masked.slice(date.end), text);

interface LineNumbers {
  rates: { value: number; printed: string; start: number }[];
  amounts: Money[];
}

const numbersOf = (line: TextLine): LineNumbers => {
  const numbers = findNumbers(blankDates(line.text));
  const percentages = numbers.filter((number) => number.isPercentage);
  // A rate is printed with "%", or, in a table whose header says "%", as a plain small number.
  const rateTokens = percentages.length > 0 ? percentages : numbers.filter((number) => !number.hasDecimals || /^\d{1,2}[.,]\d$/.test(line.text.slice(number.start, number.end)));
  const hasCurrency = CURRENCY_MARK.test(line.text);
  return {
    rates: rateTokens
      .filter((number) => Number(number.value) >= 0 && Number(number.value) <= MAX_RATE)
      .map((number) => ({ value: Number(number.value), printed: String(Number(number.value)), start: number.start })),
    amounts: numbers
      .filter((number) => !number.isPercentage && (number.hasDecimals || hasCurrency))
      .map((number) => ({ cents: toCents(number.value), span: spanOf(line, number.start, number.end) })),
  };
};

const isHeaderOf = (header: TextLine): boolean => numbersOf(header).amounts.length === 0 && TAX_WORD.test(header.text);

/** Whether a line speaks of tax itself, or sits in a table whose header (the nearest line without amounts above) does. */
const inTaxContext = (document: DocumentText, line: TextLine): boolean => {
  if (TAX_WORD.test(line.text)) return true;
  for (let index = line.index - 1; index >= 0 && index >= line.index - 8; index--) {
    const above = document.lines[index]!;
    if (above.page !== line.page) return false;
    if (above.text === '' || numbersOf(above).amounts.length > 0) continue;
    return isHeaderOf(above);
  }
  return false;
};

type RateRow = { rate: string; rateValue: number; tax: Money; net: Money | null; gross: Money | null; line: TextLine };

/**
 * The rate row a line prints, if its amounts make one: a net and a tax that match the rate (with their
 * sum when printed), a gross and the tax it includes, or a lone tax amount whose base is found later.
 */
const rateRowOf = (document: DocumentText, line: TextLine): RateRow | null => {
  if (!inTaxContext(document, line)) return null;
  const { rates, amounts } = numbersOf(line);
  for (const rate of rates) {
    const others = amounts.filter((amount) => amount.span.start !== rate.start);
    const base = { rate: rate.printed, rateValue: rate.value, line };
    if (rate.value === 0) {
      // Exempt or zero-rated: a printed zero tax beside the one amount it applies to.
      const zero = others.find((amount) => amount.cents === 0);
      const taxed = others.filter((amount) => amount.cents !== 0);
      if (zero && taxed.length > 0 && taxed.every((amount) => amount.cents === taxed[0]!.cents)) return { ...base, net: taxed[0]!, tax: zero, gross: taxed[1] ?? null };
      continue;
    }
    let pair: RateRow | null = null;
    for (const net of others) {
      for (const tax of others) {
        if (net === tax || Math.abs(tax.cents) >= Math.abs(net.cents) || !taxMatches(net.cents, rate.value, tax.cents)) continue;
        const gross = others.find((amount) => amount.cents === net.cents + tax.cents) ?? null;
        if (gross) return { ...base, net, tax, gross };
        pair ??= { ...base, net, tax, gross: null };
      }
    }
    if (pair) return pair;
    for (const gross of others) {
      const tax = others.find((amount) => amount !== gross && taxMatches(gross.cents - amount.cents, rate.value, amount.cents));
      if (tax) return { ...base, net: null, tax, gross };
    }
    if (others.length === 1 && rates.length === 1) return { ...base, net: null, tax: others[0]!, gross: null };
  }
  return null;
};

interface Triple {
  net: Money;
  tax: Money;
  gross: Money;
}

interface Labelled {
  value: Money;
  match: LabelMatch;
}

const allTotalsLabels = (line: TextLine): boolean => line.segments.every((segment) => TOTALS_HEADER_WORD.test(segment.text));

/** The amount a totals label introduces: the last on its line, or the one below it in a row of totals labels. */
// "Summe ohne USt.", "Total inkl. MwSt", "Umsatzsteuerbefreit": a tax word that labels some other amount.
const NOT_A_TAX_AMOUNT = /(?<!\p{L})(?:ohne|exkl\.?|excl\.?|excluding|without|before|hors|senza|inkl\.?|incl\.?|including|inclusive|inklusive|y compris|compris|comprese?|netto|brutto|net|gross)(?!\p{L})[^\d]*$/iu;

const labelledAmounts = (document: DocumentText, pattern: RegExp, excluded: RegExp | null = null): Labelled[] =>
  findLabels(document, pattern).flatMap((match) => {
    if (excluded?.test(match.line.text.slice(match.segment.start, match.end))) return [];
    const sameLine = readAmounts(match.after);
    if (sameLine) {
      const last = sameLine.amounts.at(-1)!;
      return [{ value: { cents: toCents(last.value), span: spanOf(match.line, match.end + last.start, match.end + last.end) }, match }];
    }
    if (!endsItsSegment(match) || !allTotalsLabels(match.line)) return [];
    const [below] = columnBelow(document, match, 1);
    const read = below ? readAmounts(below.segment.text) : null;
    const amount = read?.amounts.at(-1);
    if (!below || !amount) return [];
    return [{ value: { cents: toCents(amount.value), span: spanOf(below.line, below.segment.start + amount.start, below.segment.start + amount.end) }, match }];
  });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The same rate row printed twice (a summary repeated on every page) counts once. */
const distinctRows = (rows: RateRow[]): RateRow[] => {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = `${row.rate}/${row.net?.cents}/${row.tax.cents}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** Subsets of the rows, largest first: a row that is no rate row but matched by chance must not spoil the sum. */
const subsetsOf = <T>(items: T[]): T[][] => {
  const subsets: T[][] = [];
  for (let mask = (1 << items.length) - 1; mask > 0; mask--) subsets.push(items.filter((_, index) => mask & (1 << index)));
  return subsets.sort((a, b) => b.length - a.length);
};

const MAX_ROWS = 8;

const findOne = (candidates: Money[], cents: number) => candidates.find((candidate) => candidate.cents === cents);

/**
 * The document's net, tax and gross totals and what each tax rate accounts for, only when they add up to
 * the cent: net + tax = gross for every rate and in total, the rates summing to the totals. Among the
 * amounts printed the combination that adds up is chosen; when none does, there is no summary.
 */
export const findTaxSummary = (document: DocumentText): TaxSummary | null => {
  const nets = labelledAmounts(document, NET_LABEL).map((labelled) => labelled.value);
  const taxes = labelledAmounts(document, TAX_TOTAL_LABEL, NOT_A_TAX_AMOUNT).map((labelled) => labelled.value);
  const grosses = totalCandidates(document).map((candidate) => ({ cents: toCents(candidate.value), span: candidate.span }));
  const rows = distinctRows(document.lines.flatMap((line) => rateRowOf(document, line) ?? []));

  const complete = rows
    .map((row) => {
      if (row.net) return { ...row, net: row.net };
      // A lone tax (or a gross with its tax) whose base is the net total, or the gross total less the tax.
      const net =
        (row.gross ? { cents: row.gross.cents - row.tax.cents, span: row.gross.span } : undefined) ??
        (rows.length === 1 ? nets.find((candidate) => taxMatches(candidate.cents, row.rateValue, row.tax.cents)) : undefined) ??
        (rows.length === 1
          ? grosses
              .map((gross) => ({ cents: gross.cents - row.tax.cents, span: gross.span }))
              .find((candidate) => taxMatches(candidate.cents, row.rateValue, row.tax.cents))
          : undefined);
      return net ? { ...row, net } : null;
    })
    .filter((row) => row !== null)
    .slice(0, MAX_ROWS);

  const partsOf = (chosen: typeof complete): RatePart[] =>
    chosen.map((row) => ({ rate: row.rate, net: row.net.cents, tax: row.tax.cents, span: spanOf(row.line, 0, row.line.text.length) }));
  const printedSummary = (triple: Triple, parts: RatePart[], confidence: number): TaxSummary => ({
    net: { cents: triple.net.cents, printed: triple.net.span },
    tax: { cents: triple.tax.cents, printed: triple.tax.span },
    gross: { cents: triple.gross.cents, printed: triple.gross.span },
    parts,
    confidence,
  });

  // Printed totals that add up, net + tax = gross on three lines, the most final gross first.
  const triples: Triple[] = [...grosses].reverse().flatMap((gross) =>
    nets.flatMap((net) =>
      taxes
        .filter((tax) => new Set([net.span.line, tax.span.line, gross.span.line]).size === 3 && net.cents + tax.cents === gross.cents)
        .map((tax) => ({ net, tax, gross })),
    ),
  );
  const subsets = subsetsOf(complete);
  const totalsOf = (chosen: typeof complete) => ({ net: sum(chosen.map((row) => row.net.cents)), tax: sum(chosen.map((row) => row.tax.cents)) });

  // The rates add up to printed totals.
  for (const subset of subsets) {
    const { net, tax } = totalsOf(subset);
    const triple = triples.find((candidate) => candidate.net.cents === net && candidate.tax.cents === tax);
    if (triple) return printedSummary(triple, partsOf(subset), 0.95);
  }
  // The rates account for all the tax of printed totals: the rest of the net bears none (exempt or zero-rated).
  for (const subset of subsets) {
    const { net, tax } = totalsOf(subset);
    const triple = triples.find((candidate) => candidate.tax.cents === tax && Math.abs(candidate.net.cents) > Math.abs(net) && Math.sign(candidate.net.cents) === Math.sign(net));
    if (triple) {
      const untaxed: RatePart = { rate: '0', net: triple.net.cents - net, tax: 0, span: triple.net.span };
      return printedSummary(triple, [...partsOf(subset), untaxed], 0.85);
    }
  }
  // Printed totals alone, when the rates printed (if any) do not contradict them: a single rate must explain
  // the tax, several must sum to it.
  const unexplained = triples.find((triple) =>
    rows.length === 0 ? true : rows.length === 1 ? taxMatches(triple.net.cents, rows[0]!.rateValue, triple.tax.cents) : sum(rows.map((row) => row.tax.cents)) === triple.tax.cents,
  );
  if (unexplained) return printedSummary(unexplained, [], 0.8);
  if (complete.length === 0) return null;

  // No printed totals add up: the rates alone, when a printed total confirms them or none is printed.
  for (const subset of subsets) {
    const { net: netCents, tax: taxCents } = totalsOf(subset);
    const gross = findOne(grosses, netCents + taxCents);
    const net = findOne(nets, netCents);
    const tax = findOne(taxes, taxCents);
    if (grosses.length > 0 ? !gross : !net && !tax && subset.length < complete.length) continue;
    return {
      net: { cents: netCents, printed: net?.span ?? null },
      tax: { cents: taxCents, printed: tax?.span ?? null },
      gross: { cents: netCents + taxCents, printed: gross?.span ?? null },
      parts: partsOf(subset),
      confidence: 0.8 + 0.05 * [net, tax, gross].filter(Boolean).length,
    };
  }
  return null;
};
