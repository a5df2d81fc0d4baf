import { hasTotalLabel, isTotalIncludingTax, readAmounts, totalCandidates } from './amounts.js';
import { toCents } from '../values/cents.js';
import { CURRENCY_MARK } from '../values/currency.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { spanOf, type Span } from '../values/finding.js';
import { columnBelow, endsItsSegment, findLabels, ITEM_TABLE_HEADER, labelPattern, type LabelMatch } from '../layout/labels.js';
import { findItemTables, headerColumns, type ItemTable } from '../layout/item-table.js';
import { findDates } from '../values/parse-date.js';
import { findLineNumbers } from '../layout/line-numbers.js';
import type { ItemFinding } from './item-finding.js';
import { itemAmountsAbove, itemSumsByRate, splitAmongRates, sumsByRateOf, taxCodeOf, type RateSums } from './rate-bases.js';
import { termsFor } from '../vocabulary/terms.js';
import { amountUnderLabelRow, isTotalsGrid, TOTALS_HEADER_WORD, totalsGridRows } from './totals-grid.js';
import { MAX_ADJUSTMENT_CENTS } from './receipt-total.js';
import { ROUNDING_LABEL } from '../vocabulary/till-receipt-terms.js';

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

const TAX_WORD = labelPattern(...termsFor('taxWord'));

const NET_LABEL = labelPattern(...termsFor('netLabel'));

const TAX_TOTAL_LABEL = labelPattern(...termsFor('taxTotalLabel'));

// Any label of a totals table: a row of them may head a row of amounts.

/** Rates above this are no VAT rates of the region (the highest, Italy's, is 22 %). */
const MAX_RATE = 30;

/**
 * Tax rounds per line or per rate, so net × rate matches the printed tax within a cent, plus what
 * rounding each line item may add on large invoices.
 */
// A tax is its base at the rate rounded to the cent: at most half a cent off.
const HALF_CENT = 0.501;

const taxMatches = (net: number, rate: number, tax: number): boolean =>
  Math.abs((net * rate) / 100 - tax) <= Math.max(1.1, Math.abs(net) * 0.00005) && Math.sign(net) === Math.sign(tax);

const blankDates = (text: string): string =>
  findDates(text).reduce((masked, date) => masked.slice(0, date.start) + ' '.repeat(date.end - date.start) + masked.slice(date.end), text);

interface LineNumbers {
  rates: { value: number; printed: string; start: number }[];
  /** Two-digit rates as a scan may read "2.6 %" or "8.1 %", its decimal point lost: 2.6 and 8.1. */
  pointless: { value: number; printed: string; start: number }[];
  amounts: Money[];
}

// A tax code glued to its rate ("B10 %", "A8.1%"), as OCR reads receipts: the code is no part of the number.
const GLUED_CODE = /^(\s*)\p{Lu}(?=\d{1,2}(?:[.,]\d{1,3})? ?%)/u;

const numbersOf = (line: TextLine): LineNumbers => {
  const numbers = findLineNumbers(line, blankDates(line.text).replace(GLUED_CODE, '$1 '));
  const percentages = numbers.filter((number) => number.isPercentage);
  // A rate is printed with "%", or, in a table whose header says "%", as a plain small number.
  const rateTokens =
    percentages.length > 0
      ? percentages
      : numbers.filter((number) => !number.hasDecimals || /^\d{1,2}[.,]\d$/.test(line.text.slice(number.start, number.end)));
  const hasCurrency = CURRENCY_MARK.test(line.text);
  return {
    rates: rateTokens
      .filter((number) => Number(number.value) >= 0 && Number(number.value) <= MAX_RATE)
      .map((number) => ({ value: Number(number.value), printed: String(Number(number.value)), start: number.start })),
    pointless: percentages
      .filter((number) => /^[1-9]\d$/.test(number.value) && Number(number.value) / 10 <= MAX_RATE)
      .map((number) => ({ value: Number(number.value) / 10, printed: String(Number(number.value) / 10), start: number.start })),
    amounts: numbers
      .filter((number) => !number.isPercentage && (number.hasDecimals || hasCurrency))
      .map((number) => ({ cents: toCents(number.value), span: spanOf(line, number.start, number.end) })),
  };
};

/** Whether `line` is (a line of) the header of one of the item tables. */
const headsItems = (tables: readonly ItemTable[], line: TextLine): boolean =>
  tables.some((table) => table.page === line.page && line.index >= table.headerStart && line.index <= table.headerEnd);

// A header naming tax heads a tax table, unless it heads a line-item table with a rate column (by its words, or
// as the item table's header by its columns, "Leistung  USt-%  Gesamt"): an item's price and amount may match its
// rate by chance (5 × 7.75 = 38.75, 20 % of which is 7.75), and an item's amount is no tax.
// A header is a tax table's whatever its columns look like where two of its columns name tax ("Base TVA  Montant TVA",
// "MwSt-Basis  MwSt-Betrag"): an item table prints one rate column at most.
// (A tax table's gross column may be headed as an item table's amount is, "MWST  Satz  Total  MWST": with two tax
// columns, only a description or quantity column makes it an item table's header.)
const isHeaderOf = (header: TextLine, tables: readonly ItemTable[]): boolean => {
  // (A tax id under its label, "VAT Number: 220430231", heads nothing.)
  if (numbersOf(header).amounts.length > 0 || !TAX_WORD.test(header.text) || /\d{4}/.test(header.text)) return false;
  const taxColumns = header.segments.filter((segment) => TAX_WORD.test(segment.text)).length;
  if (taxColumns >= 2) return !ITEM_TABLE_HEADER.test(header.text) || !namesItems(tables, header);
  return !ITEM_TABLE_HEADER.test(header.text) && !headsItems(tables, header);
};

/** Whether `line` heads an item table with a description or quantity column, or names one by its words. */
const namesItems = (tables: readonly ItemTable[], line: TextLine): boolean =>
  tables.some(
    (table) =>
      table.page === line.page &&
      line.index >= table.headerStart &&
      line.index <= table.headerEnd &&
      table.columns.some((column) => column.role === 'description' || column.role === 'quantity'),
  ) ||
  (headerColumns(line)?.some((column) => column.role === 'description' || column.role === 'quantity') ?? false);

/** Whether a line speaks of tax itself, or sits in a table whose header (the nearest line without amounts above) does. */
const inTaxContext = (document: DocumentText, line: TextLine, tables: readonly ItemTable[]): boolean => {
  if (TAX_WORD.test(line.text)) return true;
  let wrapped = 0;
  let rowsAbove = false;
  for (let index = line.index - 1; index >= 0 && index >= line.index - 8; index--) {
    const above = document.lines[index]!;
    if (above.page !== line.page) return false;
    // A line without a letter or a digit is a rule or specks a scan read: as good as blank.
    const blank = !/[\p{L}\d]/u.test(above.text);
    if (blank || numbersOf(above).amounts.length > 0) {
      rowsAbove ||= !blank;
      continue;
    }
    if (isHeaderOf(above, tables)) return true;
    // "VAT (E)" / "Steuerfreie" right over "380,00  0  0,00": the row's category printed in words, without a figure,
    // on lines of its own above its figures.
    if (rowsAbove || above.segments.length > 1 || /\d/.test(above.text) || ++wrapped > MAX_WRAPPED_CATEGORY) return false;
  }
  return false;
};
const MAX_WRAPPED_CATEGORY = 3;

// An amount whose decimal mark a scan read as a colon ("10,17  1:02  11,19"): a colon between digits is otherwise a time.
const COLON_FOR_DECIMAL_MARK = /(?<![\d:.,])(\d{1,3}):(\d{2})(?![\d:.,])/g;

type RateRow = { rate: string; rateValue: number; tax: Money; net: Money | null; gross: Money | null; line: TextLine };

/**
 * The rate row a line prints, if its amounts make one: a net and a tax that match the rate (with their
 * sum when printed), a gross and the tax it includes, or a lone tax amount whose base is found later.
 */
const rateRowOf = (document: DocumentText, line: TextLine, tables: readonly ItemTable[]): RateRow | null => {
  if (!inTaxContext(document, line, tables)) return null;
  const { rates, pointless, amounts } = numbersOf(line);
  for (const rate of rates) {
    const others = amounts.filter((amount) => amount.span.start !== rate.start);
    const base = { rate: rate.printed, rateValue: rate.value, line };
    if (rate.value === 0) {
      // Exempt or zero-rated: a printed zero tax beside the one amount it applies to.
      const zero = others.find((amount) => amount.cents === 0);
      const taxed = others.filter((amount) => amount.cents !== 0);
      if (zero && taxed.length > 0 && taxed.every((amount) => amount.cents === taxed[0]!.cents))
        return { ...base, net: taxed[0]!, tax: zero, gross: taxed[1] ?? null };
      continue;
    }
    // Without a gross, the net the tax was worked out from: of two bases the tax matches ("-2,90" before its allowance,
    // "-2,82" after it, the tax -0,20 at 7 %), the one it matches closest.
    let pair: RateRow | null = null;
    let pairMiss = Infinity;
    for (const net of others) {
      for (const tax of others) {
        if (net === tax || Math.abs(tax.cents) >= Math.abs(net.cents) || !taxMatches(net.cents, rate.value, tax.cents)) continue;
        const gross = others.find((amount) => amount.cents === net.cents + tax.cents) ?? null;
        if (gross) return { ...base, net, tax, gross };
        const miss = Math.abs((net.cents * rate.value) / 100 - tax.cents);
        if (miss < pairMiss) [pair, pairMiss] = [{ ...base, net, tax, gross: null }, miss];
      }
    }
    // A gross and the tax it includes ("2.6%  14.58  0.37"), where that reading rounds to the cent and a net and its tax
    // do not (0.37 is 2.6 % of 14.21 rounded; 2.6 % of 14.58 rounds to 0.38).
    let included: RateRow | null = null;
    for (const gross of others) {
      const tax = others.find((amount) => amount !== gross && taxMatches(gross.cents - amount.cents, rate.value, amount.cents));
      if (tax) {
        included = { ...base, net: null, tax, gross };
        break;
      }
    }
    const includedMiss = included
      ? Math.abs(((included.gross!.cents - included.tax.cents) * rate.value) / 100 - included.tax.cents)
      : Infinity;
    if (pair && (pairMiss <= HALF_CENT || includedMiss > HALF_CENT)) return pair;
    if (included) return included;
    if (others.length === 1 && rates.length === 1 && !isTotalIncludingTax(line))
      return { ...base, net: null, tax: others[0]!, gross: null };
  }
  // A rate whose decimal point a scan lost, only when net, tax and gross all bear it out.
  for (const rate of pointless) {
    const others = amounts.filter((amount) => amount.span.start !== rate.start);
    for (const net of others) {
      for (const tax of others) {
        if (net === tax || Math.abs(tax.cents) >= Math.abs(net.cents) || !taxMatches(net.cents, rate.value, tax.cents)) continue;
        const gross = others.find((amount) => amount.cents === net.cents + tax.cents);
        if (gross) return { rate: rate.printed, rateValue: rate.value, line, net, tax, gross };
      }
    }
  }
  // A tax whose decimal mark a scan read as a colon, only when net and gross bear it out.
  for (const rate of rates) {
    for (const misread of line.text.matchAll(COLON_FOR_DECIMAL_MARK)) {
      const tax = {
        cents: Number(misread[1]) * 100 + Number(misread[2]),
        span: spanOf(line, misread.index, misread.index + misread[0].length),
      };
      const net = amounts.find((amount) => taxMatches(amount.cents, rate.value, tax.cents));
      const gross = net && amounts.find((amount) => amount.cents === net.cents + tax.cents);
      if (gross) return { rate: rate.printed, rateValue: rate.value, line, net, tax, gross };
    }
  }
  return null;
};

/** Net, tax and gross totals adding up; a gross not printed is the sum a till rounded before printing its total. */
interface Triple {
  net: Money;
  tax: Money;
  gross: { cents: number; span: Span | null };
}

interface Labelled {
  value: Money;
  match: LabelMatch;
}

const allTotalsLabels = (document: DocumentText, line: TextLine): boolean =>
  line.segments.every((segment) => TOTALS_HEADER_WORD.test(segment.text)) || isTotalsGrid(document, line);

// "Summe ohne USt.", "Total inkl. MwSt", "Umsatzsteuerbefreit": a tax word that labels some other amount.
const NOT_A_TAX_AMOUNT =
  /(?<!\p{L})(?:ohne|exkl\.?|excl\.?|excluding|without|before|hors|senza|inkl\.?|incl\.?|including|inclusive|inklusive|y compris|compris|comprese?|netto|brutto|net|gross)(?!\p{L})[^\d]*$/iu;

/**
 * The amount a totals label introduces: the last on its line, or the one below it in a row of totals labels or a totals grid,
 * or under it in a row of totals labels set beside another column's text.
 */
const labelledAmounts = (document: DocumentText, pattern: RegExp, excluded: RegExp | null = null): Labelled[] =>
  findLabels(document, pattern).flatMap((match) => {
    if (excluded?.test(match.line.text.slice(match.segment.start, match.end))) return [];
    const sameLine = readAmounts(match.after, document.decimalMark);
    if (sameLine) {
      const last = sameLine.amounts.at(-1)!;
      return [{ value: { cents: toCents(last.value), span: spanOf(match.line, match.end + last.start, match.end + last.end) }, match }];
    }
    if (!endsItsSegment(match)) return [];
    const [below] = allTotalsLabels(document, match.line) ? columnBelow(document, match, 1) : [amountUnderLabelRow(document, match)];
    const read = below ? readAmounts(below.segment.text, document.decimalMark) : null;
    const amount = read?.amounts.at(-1);
    if (!below || !amount) return [];
    return [
      {
        value: {
          cents: toCents(amount.value),
          span: spanOf(below.line, below.segment.start + amount.start, below.segment.start + amount.end),
        },
        match,
      },
    ];
  });

// A rate of zero printed on the line ("Allowance (Tax: 0.00%): Discount - €10.00").
const ZERO_RATE = /(?<![\d.,])0(?:[.,]0+)? ?%/;

/** A tax amount other than zero on a line printing a rate of 0 %: no tax (nothing is 0 % of anything but zero), another amount. */
const taxOfZeroRate = (labelled: Labelled): boolean => labelled.value.cents !== 0 && ZERO_RATE.test(labelled.match.line.text);

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The same rate row printed twice (a summary repeated on every page) counts once; a lone tax and a row with its gross
 * are two, as are two taxes of one rate named apart ("CGST @ 9%" and "SGST @ 9%").
 */
const distinctRows = (rows: RateRow[]): RateRow[] => {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const name = row.line.text.replace(/[^\p{L}]/gu, '').toLowerCase();
    const key = `${name}/${row.rate}/${row.net?.cents}/${row.tax.cents}/${row.gross?.cents}`;
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
 * The bases a tax amount can have at its rate: every base whose tax rounds to it, [low, high] in cents.
 * On a gross basis the base includes the tax.
 */
const basesOf = (rate: number, tax: number, gross: boolean): [number, number] => {
  const perCent = (gross ? 100 + rate : 100) / rate;
  return [Math.ceil((tax - 0.5) * perCent), Math.floor((tax + 0.5) * perCent)];
};

/**
 * Lone tax amounts of several rates ("di cui IVA 8.1%  2.21", "MwSt 7%  33.40") whose bases are nowhere
 * printed: the tax total is their sum, and a printed total they can be part of gives the rest, when the
 * total lies within the sum of what each tax's base can be. A rate's base is known only when the other
 * rates' bases leave one cent for it; otherwise the rates stay unsaid.
 */
const fromLoneTaxes = (document: DocumentText, rows: RateRow[], nets: Money[], grosses: Money[]): TaxSummary | null => {
  if (
    rows.length < 2 ||
    rows.some((row) => row.net || row.gross || row.rateValue <= 0) ||
    new Set(rows.map((row) => row.rateValue)).size < rows.length
  )
    return null;
  const tax = sum(rows.map((row) => row.tax.cents));
  if (rows.some((row) => row.tax.cents <= 0)) return null;
  for (const [candidates, gross] of [
    [[...grosses].reverse(), true],
    [nets, false],
  ] as const) {
    for (const total of candidates) {
      const ranges = rows.map((row) => basesOf(row.rateValue, row.tax.cents, gross));
      if (total.cents < sum(ranges.map(([low]) => low)) || total.cents > sum(ranges.map(([, high]) => high))) continue;
      const net = gross ? total.cents - tax : total.cents;
      const partOf = (row: RateRow, base: number): RatePart => ({
        rate: row.rate,
        net: gross ? base - row.tax.cents : base,
        tax: row.tax.cents,
        span: spanOf(row.line, 0, row.line.text.length),
      });
      // Each base is what the total leaves after the others' widest and narrowest bases: one cent, or unknown.
      const bases = rows.map((_, index) => {
        const others = ranges.filter((__, other) => other !== index);
        const low = Math.max(ranges[index]![0], total.cents - sum(others.map(([, high]) => high)));
        const high = Math.min(ranges[index]![1], total.cents - sum(others.map(([lowest]) => lowest)));
        return low === high ? low : null;
      });
      // Else the items above the total, split among the rates the one way their taxes allow.
      const known = bases.every((base) => base !== null)
        ? bases
        : splitAmongRates(
            itemAmountsAbove(document, total.span.line),
            rows.map((row) => ({ rate: row.rateValue, tax: row.tax.cents })),
            total.cents,
            gross,
          );
      const parts = known ? rows.map((row, index) => partOf(row, known[index]!)) : [];
      const printedGross = gross ? total.span : (grosses.find((candidate) => candidate.cents === net + tax)?.span ?? null);
      if (!gross && !printedGross) continue;
      return {
        net: { cents: net, printed: gross ? (nets.find((candidate) => candidate.cents === net)?.span ?? null) : total.span },
        tax: { cents: tax, printed: null },
        gross: { cents: net + tax, printed: printedGross },
        parts,
        confidence: 0.75,
      };
    }
  }
  return null;
};

/**
 * Taxes levied together on one base (India's CGST and SGST, Canada's GST and PST or QST): each lone tax is its rate of
 * one net, printed or the gross less them all, and the net with them all is a printed gross. The base is taxed once,
 * at their combined rate: one part.
 */
const stackedOnOneBase = (rows: RateRow[], nets: Money[], taxes: Money[], grosses: Money[]): TaxSummary | null => {
  if (rows.length < 2 || rows.some((row) => row.net || row.gross || row.tax.cents <= 0)) return null;
  const tax = sum(rows.map((row) => row.tax.cents));
  for (const gross of [...grosses].reverse()) {
    const net = nets.find((candidate) => candidate.cents === gross.cents - tax) ?? { cents: gross.cents - tax, span: null };
    if (!rows.every((row) => taxMatches(net.cents, row.rateValue, row.tax.cents))) continue;
    const rate = Number(sum(rows.map((row) => row.rateValue)).toFixed(3));
    return {
      net: { cents: net.cents, printed: net.span },
      tax: { cents: tax, printed: taxes.find((candidate) => candidate.cents === tax)?.span ?? null },
      gross: { cents: gross.cents, printed: gross.span },
      parts: [{ rate: String(rate), net: net.cents, tax, span: spanOf(rows[0]!.line, 0, rows[0]!.line.text.length) }],
      confidence: net.span ? 0.9 : 0.85,
    };
  }
  return null;
};

/**
 * The rates a line prints with a percent sign in tax context, read or not with an amount ("IVA 10%" whose
 * amount a scan lost): plain numbers under a tax word may be a phone number below a VAT id.
 */
const ratesNamedIn = (document: DocumentText, line: TextLine, tables: readonly ItemTable[]): number[] =>
  inTaxContext(document, line, tables)
    ? findLineNumbers(line, blankDates(line.text))
        .filter((number) => number.isPercentage && Number(number.value) > 0 && Number(number.value) <= MAX_RATE)
        .map((number) => Number(number.value))
    : [];

/** The one rate an item line prints in its rate column, when it ends in an amount ("Kabelkanal  6.5  9.26  8.1%  60.19"). */
const itemRateOf = (line: TextLine): number | null => {
  const numbers = findLineNumbers(line, blankDates(line.text));
  const rates = [...new Set(numbers.filter((number) => number.isPercentage).map((number) => Number(number.value)))];
  const last = numbers.at(-1);
  return rates.length === 1 && rates[0]! > 0 && rates[0]! <= MAX_RATE && last && !last.isPercentage && last.hasDecimals ? rates[0]! : null;
};

const itemCents = (item: ItemFinding): number => toCents(item.value.amount_total!);

/** An item's rate as a number; none printed is 0. */
const rateOfItem = (item: ItemFinding): number => (item.value.tax_rate === null ? 0 : Number(item.value.tax_rate));

/** The one rate every item prints, each with its amount; null where an item prints none, or another. */
const itemsOneRate = (items: readonly ItemFinding[]): string | null => {
  const rates = new Set(items.map((item) => item.value.tax_rate));
  const [rate] = rates;
  if (items.length === 0 || rates.size !== 1 || rate === null || rate === undefined) return null;
  return items.some((item) => item.value.amount_total === null) ? null : rate;
};

/**
 * The one rate every line item prints, where the totals print none ("Consumer unit  2  86.40  20.00  172.80" under a "VAT %"
 * column, over "Total VAT Amount  70.56"): the totals' one part, where the items add up to the net to the cent and the
 * rate explains the tax.
 */
const itemsOneRatePart = (items: readonly ItemFinding[], triple: Triple): RatePart[] => {
  const rate = itemsOneRate(items);
  if (rate === null) return [];
  const itemsSum = sum(items.map(itemCents));
  return itemsSum === triple.net.cents && taxMatches(triple.net.cents, Number(rate), triple.tax.cents)
    ? [{ rate, net: triple.net.cents, tax: triple.tax.cents, span: triple.net.span }]
    : [];
};

/**
 * A tax printed only as what the gross includes ("TOTALE COMPLESSIVO 7,50" / "di cui IVA 0,68"), on items that all print
 * one rate and add up to the gross: the net is the gross less the tax, where the rate explains the tax on it.
 */
const taxIncludedAtItemsRate = (items: readonly ItemFinding[], taxes: readonly Money[], grosses: readonly Money[]): TaxSummary | null => {
  const rate = itemsOneRate(items);
  if (rate === null) return null;
  const itemsSum = sum(items.map(itemCents));
  for (const gross of grosses.filter((candidate) => candidate.cents === itemsSum)) {
    const tax = taxes.find((candidate) => taxMatches(gross.cents - candidate.cents, Number(rate), candidate.cents));
    if (!tax) continue;
    const net = gross.cents - tax.cents;
    return {
      net: { cents: net, printed: null },
      tax: { cents: tax.cents, printed: tax.span },
      gross: { cents: gross.cents, printed: gross.span },
      parts: [{ rate, net, tax: tax.cents, span: tax.span }],
      confidence: 0.8,
    };
  }
  return null;
};

/**
 * One rate's tax on some items only (a till taxing the items it marks, not the food beside them: "TAX 7.75%  1.07" under
 * "SUBTOTAL 25.01"): the items read at that rate add up to a base the rate explains, all the items to the printed net, and
 * no item is at another rate; the rest of the net bears none. One reading (its parts), or none.
 */
const partlyTaxedParts = (items: readonly ItemFinding[], row: RateRow, triple: Triple): RatePart[][] => {
  if (row.tax.cents !== triple.tax.cents || items.length === 0 || items.some((item) => item.value.amount_total === null)) return [];
  if (items.some((item) => rateOfItem(item) !== 0 && rateOfItem(item) !== row.rateValue)) return [];
  const all = sum(items.map(itemCents));
  const taxed = sum(items.filter((item) => rateOfItem(item) === row.rateValue).map(itemCents));
  if (all !== triple.net.cents || taxed === 0 || taxed === all || !taxMatches(taxed, row.rateValue, row.tax.cents)) return [];
  const rated: RatePart = { rate: row.rate, net: taxed, tax: row.tax.cents, span: spanOf(row.line, 0, row.line.text.length) };
  return [[rated, { rate: '0', net: all - taxed, tax: 0, span: triple.net.span }]];
};

/**
 * Printed net and gross totals whose difference the rates account for, when a rate's tax amount could not be
 * read (a scan lost the amount of "IVA 10%", or a whole rate line): one rate must explain all the tax; several
 * take their bases from the items of each rate, which must add up to the net to the cent, and each rate's
 * tax is the one printed for it where that matches its base, else its base at the rate rounded to the cent;
 * the taxes must add up to gross less net to the cent. Nothing is taken from totals that do not add up so.
 */
const fromTotalsAndRates = (
  document: DocumentText,
  rows: RateRow[],
  nets: Money[],
  grosses: Money[],
  tables: readonly ItemTable[],
): TaxSummary | null => {
  const rowLines = new Set(rows.map((row) => row.line));
  for (const gross of [...grosses].reverse()) {
    for (const net of nets) {
      const tax = gross.cents - net.cents;
      if (net.cents <= 0 || tax <= 0 || net.span.line === gross.span.line) continue;
      const above = document.lines.filter((line) => line.index < net.span.line.index && !rowLines.has(line));
      const rates = [
        ...new Set([
          ...document.lines.flatMap((line) => ratesNamedIn(document, line, tables)),
          ...above.flatMap((line) => itemRateOf(line) ?? []),
        ]),
      ].filter((rate) => rate > 0);
      if (rates.length === 0) continue;
      const bases =
        rates.length === 1
          ? new Map([[rates[0]!, net.cents]])
          : itemSumsByRate(
              document,
              rates.map((rate) => ({ rate, code: null })),
              net.span.line,
              rowLines,
            );
      if (!bases || sum([...bases.values()]) !== net.cents) continue;
      const taxes = rates.map((rate) => {
        const base = bases.get(rate)!;
        const printed = rows.find((row) => row.rateValue === rate && taxMatches(base, rate, row.tax.cents));
        if (printed) return printed.tax.cents;
        return rates.length === 1 && taxMatches(base, rate, tax) ? tax : Math.round((base * rate) / 100);
      });
      if (sum(taxes) !== tax) continue;
      const span = (rate: number) => rows.find((row) => row.rateValue === rate)?.line ?? net.span.line;
      return {
        net: { cents: net.cents, printed: net.span },
        tax: { cents: tax, printed: null },
        gross: { cents: gross.cents, printed: gross.span },
        parts: rates.map((rate, index) => ({
          rate: String(rate),
          net: bases.get(rate)!,
          tax: taxes[index]!,
          span: spanOf(span(rate), 0, span(rate).text.length),
        })),
        confidence: 0.8,
      };
    }
  }
  return null;
};

/** A zero tax printed with a rate of 0 % ("Umsatzsteuer 0 %  0,00", a reverse charge): the whole net a part at that rate. */
const zeroRatePart = (tax: Money, net: number): RatePart[] =>
  tax.cents === 0 && ZERO_RATE.test(tax.span.line.text)
    ? [{ rate: '0', net, tax: 0, span: spanOf(tax.span.line, 0, tax.span.line.text.length) }]
    : [];

/**
 * A document that prints its tax as zero and no net total ("Charges $4.11 · Tax $0.00 · Total $4.11"):
 * the net is the gross. Only when every tax printed is zero, no rate row bears tax and one total is
 * printed (a second one would leave open which the net is).
 */
const untaxedTotal = (rows: RateRow[], taxes: Money[], grosses: Money[]): TaxSummary | null => {
  const totals = new Set(grosses.map((gross) => gross.cents));
  if (taxes.length === 0 || taxes.some((tax) => tax.cents !== 0) || rows.some((row) => row.tax.cents !== 0) || totals.size !== 1)
    return null;
  const [gross] = grosses;
  return {
    net: { cents: gross!.cents, printed: null },
    tax: { cents: 0, printed: taxes[0]!.span },
    gross: { cents: gross!.cents, printed: gross!.span },
    parts: taxes.flatMap((tax) => zeroRatePart(tax, gross!.cents)).slice(0, 1),
    confidence: 0.8,
  };
};

/**
 * A document printing a net total and, below it, a gross total of the same amount, and no tax but zero (no rate row
 * bearing tax): no tax is charged ("Gesamtbetrag Netto 14,90 € · Gesamtbetrag Brutto 14,90 €" under a small business's
 * exemption), the whole net at a rate of zero. Only when every net printed is that one amount.
 */
const netEqualsGross = (rows: RateRow[], nets: Money[], taxes: Money[], grosses: Money[]): TaxSummary | null => {
  if (taxes.some((tax) => tax.cents !== 0) || rows.some((row) => row.tax.cents !== 0) || new Set(nets.map((net) => net.cents)).size !== 1)
    return null;
  const net = nets[0]!;
  const gross = grosses.find((candidate) => candidate.cents === net.cents && lineOf(candidate) > lineOf(net));
  if (!gross || net.cents <= 0) return null;
  return {
    net: { cents: net.cents, printed: net.span },
    tax: { cents: 0, printed: taxes[0]?.span ?? null },
    gross: { cents: gross.cents, printed: gross.span },
    parts: [{ rate: '0', net: net.cents, tax: 0, span: net.span }],
    confidence: 0.8,
  };
};

/** A line of an item table's header or stacked on it ("Ohne" over "MwSt."): a tax word there names a column. */
const inItemHeader = (tables: readonly ItemTable[], line: TextLine): boolean =>
  tables.some((table) => table.page === line.page && line.index >= table.headerStart - 2 && line.index <= table.headerEnd + 2);

/**
 * Whether the document prints a tax amount other than zero: a labelled tax total (not a column of an
 * item table, "Betrag ohne MwSt.") or a rate row bearing tax.
 */
export const printsTaxCharged = (document: DocumentText, tables: readonly ItemTable[] = findItemTables(document)): boolean =>
  labelledAmounts(document, TAX_TOTAL_LABEL, NOT_A_TAX_AMOUNT).some(
    (labelled) => labelled.value.cents !== 0 && !inItemHeader(tables, labelled.match.line),
  ) || document.lines.some((line) => (rateRowOf(document, line, tables)?.tax.cents ?? 0) !== 0);

const lineOf = (money: Money): number => money.span.line.index;

/**
 * A till rounds what net and tax add up to to the coins in use and prints the adjustment ("Sub Total 106.10 ·
 * Total GST 6.37 · Rounding -0.02 · Total 112.45"): the gross is that sum, printed nowhere, when an adjustment
 * printed below the net and the tax and above a total makes up the difference to it.
 */
const roundedTriples = (document: DocumentText, nets: Money[], taxes: Money[], totals: Money[]): Triple[] =>
  adjustedTriples(
    nets,
    taxes,
    totals,
    labelledAmounts(document, ROUNDING_LABEL)
      .map((labelled) => labelled.value)
      .filter((adjustment) => adjustment.cents !== 0 && Math.abs(adjustment.cents) <= MAX_ADJUSTMENT_CENTS),
  );

const WITHHOLDING_LABEL = labelPattern(...termsFor('withholdingLabel'));

/**
 * The income tax a client withholds from a self-employed supplier's invoice ("Retención IRPF 15%  -175,50", "Ritenuta
 * d'acconto 20%"), printed below net and tax and above the total left to pay: the gross is net + tax, printed nowhere.
 */
const withheldTriples = (document: DocumentText, nets: Money[], taxes: Money[], totals: Money[]): Triple[] =>
  adjustedTriples(
    nets,
    taxes,
    totals,
    labelledAmounts(document, WITHHOLDING_LABEL)
      .map((labelled) => ({ ...labelled.value, cents: -Math.abs(labelled.value.cents) }))
      .filter((withheld) => withheld.cents !== 0),
  );

/** Net and tax whose sum an adjustment printed below them and above a total makes up to that total. */
const adjustedTriples = (nets: Money[], taxes: Money[], totals: Money[], adjustments: Money[]): Triple[] =>
  [...totals]
    .reverse()
    .flatMap((total) =>
      adjustments
        .filter((adjustment) => lineOf(adjustment) < lineOf(total))
        .flatMap((adjustment) =>
          nets.flatMap((net) =>
            taxes
              .filter(
                (tax) =>
                  new Set([lineOf(net), lineOf(tax), lineOf(adjustment)]).size === 3 &&
                  Math.max(lineOf(net), lineOf(tax)) < lineOf(adjustment) &&
                  net.cents + tax.cents + adjustment.cents === total.cents,
              )
              .map((tax) => ({ net, tax, gross: { cents: net.cents + tax.cents, span: null } })),
          ),
        ),
    );

/**
 * The document's net, tax and gross totals and what each tax rate accounts for, only when they add up to
 * the cent: net + tax = gross for every rate and in total, the rates summing to the totals. Among the
 * amounts printed the combination that adds up is chosen; when none does, there is no summary. `items` are the line
 * items read, whose sums per rate may be the bases of lone taxes; `tables` the item tables, whose rows are no rate rows.
 */
export const findTaxSummary = (
  document: DocumentText,
  items: readonly ItemFinding[] = [],
  tables: readonly ItemTable[] = findItemTables(document),
): TaxSummary | null => {
  const nets = labelledAmounts(document, NET_LABEL).map((labelled) => labelled.value);
  const taxes = labelledAmounts(document, TAX_TOTAL_LABEL, NOT_A_TAX_AMOUNT)
    .filter((labelled) => !taxOfZeroRate(labelled))
    .map((labelled) => labelled.value);
  const grosses = totalCandidates(document).flatMap((candidate) => {
    const read = { cents: toCents(candidate.value), span: candidate.span };
    // A bold total whose decimal mark a scan lost ("EUR 153541"): the amount with its last two digits as cents
    // is a candidate too, which only amounts adding up to it can confirm.
    return /^\d{3,}$/.test(candidate.value) ? [read, { cents: Number(candidate.value), span: candidate.span }] : [read];
  });
  const rows = distinctRows(document.lines.flatMap((line) => rateRowOf(document, line, tables) ?? []));
  const stacked = stackedOnOneBase(rows, nets, taxes, grosses);
  if (stacked) return stacked;

  // Lone tax amounts of several rates: their bases are what the items of each rate add up to, summed from the item
  // lines' text, else from the line items read (whose amounts the item table's arithmetic may have set right).
  const baseless = rows.filter((row) => !row.net && !row.gross);
  // The items' sums are gross (receipts) when they add up to a printed gross total, each rate's tax
  // included; net when they add up to a printed net total, or with the taxes to a printed gross.
  const basisOf = (sums: RateSums): 'net' | 'gross' | null => {
    const summed = baseless.map((row) => ({ row, cents: sums.get(row.rateValue)! }));
    const total = sum(summed.map(({ cents }) => cents));
    const taxTotal = sum(summed.map(({ row }) => row.tax.cents));
    const printed = (candidates: Money[], cents: number) => candidates.some((candidate) => candidate.cents === cents);
    if (summed.every(({ row, cents }) => taxMatches(cents - row.tax.cents, row.rateValue, row.tax.cents)) && printed(grosses, total))
      return 'gross';
    if (
      summed.every(({ row, cents }) => taxMatches(cents, row.rateValue, row.tax.cents)) &&
      (printed(nets, total) || printed(grosses, total + taxTotal))
    )
      return 'net';
    return null;
  };
  const fitting = (candidates: readonly (RateSums | null)[]) =>
    candidates.flatMap((sums) => {
      const basis = sums && basisOf(sums);
      return sums && basis ? [{ sums, basis }] : [];
    });
  const fromText =
    rows.length > 1 && baseless.length > 0
      ? fitting([
          itemSumsByRate(
            document,
            baseless.map((row) => ({ rate: row.rateValue, code: taxCodeOf(row.line) })),
            baseless[0]!.line,
            new Set(rows.map((row) => row.line)),
          ),
        ])
      : [];
  const fromFindings =
    rows.length > 1 && baseless.length > 0 && fromText.length === 0
      ? fitting(
          sumsByRateOf(
            items,
            baseless.map((row) => row.rateValue),
          ),
        )
      : [];
  // From the items read, only the one way of splitting them among the rates that matches the taxes.
  const summedItems = fromText[0] ?? (fromFindings.length === 1 ? fromFindings[0] : undefined);
  const itemSums = summedItems?.sums;
  const itemsBasis = summedItems?.basis ?? null;
  /** The net of a rate from its items' sum: the sum is the net, or the gross the tax is included in. */
  const netFromItems = (row: RateRow): Money | undefined => {
    const cents = itemSums?.get(row.rateValue);
    if (cents === undefined || itemsBasis === null) return undefined;
    return { cents: itemsBasis === 'net' ? cents : cents - row.tax.cents, span: row.tax.span };
  };

  const complete = rows
    .map((row) => {
      if (row.net) return { ...row, net: row.net, fromItems: false };
      // A lone tax (or a gross with its tax) whose base is the net total, or the gross total less the tax.
      const net =
        (row.gross ? { cents: row.gross.cents - row.tax.cents, span: row.gross.span } : undefined) ??
        (rows.length === 1 ? nets.find((candidate) => taxMatches(candidate.cents, row.rateValue, row.tax.cents)) : undefined) ??
        (rows.length === 1
          ? grosses
              .map((gross) => ({ cents: gross.cents - row.tax.cents, span: gross.span }))
              .find((candidate) => taxMatches(candidate.cents, row.rateValue, row.tax.cents))
          : undefined) ??
        undefined;
      if (net) return { ...row, net, fromItems: false };
      const summed = netFromItems(row);
      return summed ? { ...row, net: summed, fromItems: true } : null;
    })
    .filter((row) => row !== null)
    // A row of a rate with nothing on it (an item of that rate at 0,00 read as a rate row), where another row prints
    // the same rate with its amounts: that row is the rate's part.
    .filter(
      (row, _, all) =>
        row.net.cents !== 0 || row.tax.cents !== 0 || !all.some((other) => other.rateValue === row.rateValue && other.net.cents !== 0),
    )
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

  // Printed totals that add up, net + tax = gross on three lines (or in three cells of a totals grid's row of values),
  // the most final gross first.
  const gridRows = totalsGridRows(document);
  const apartOrInGrid = (net: Money, tax: Money, gross: Money) =>
    new Set([net.span.line, tax.span.line, gross.span.line]).size === 3 ||
    (gridRows.has(net.span.line) &&
      net.span.line === tax.span.line &&
      tax.span.line === gross.span.line &&
      new Set([net.span.start, tax.span.start, gross.span.start]).size === 3);
  const printedTriples: Triple[] = [...grosses]
    .reverse()
    .flatMap((gross) =>
      nets.flatMap((net) =>
        taxes.filter((tax) => apartOrInGrid(net, tax, gross) && net.cents + tax.cents === gross.cents).map((tax) => ({ net, tax, gross })),
      ),
    );
  const triples =
    printedTriples.length > 0
      ? printedTriples
      : [...roundedTriples(document, nets, taxes, grosses), ...withheldTriples(document, nets, taxes, grosses)];
  const subsets = subsetsOf(complete);
  const totalsOf = (chosen: typeof complete) => ({
    net: sum(chosen.map((row) => row.net.cents)),
    tax: sum(chosen.map((row) => row.tax.cents)),
  });

  // The rates add up to printed totals.
  for (const subset of subsets) {
    const { net, tax } = totalsOf(subset);
    const triple = triples.find((candidate) => candidate.net.cents === net && candidate.tax.cents === tax);
    if (triple) return printedSummary(triple, partsOf(subset), 0.95);
  }
  // The rates account for all the tax of printed totals: the rest of the net bears none (exempt or zero-rated).
  for (const subset of subsets.filter((rows) => !rows.some((row) => row.fromItems))) {
    const { net, tax } = totalsOf(subset);
    const triple = triples.find(
      (candidate) =>
        candidate.tax.cents === tax && Math.abs(candidate.net.cents) > Math.abs(net) && Math.sign(candidate.net.cents) === Math.sign(net),
    );
    if (triple) {
      const untaxed: RatePart = { rate: '0', net: triple.net.cents - net, tax: 0, span: triple.net.span };
      return printedSummary(triple, [...partsOf(subset), untaxed], 0.85);
    }
  }
  // Printed totals alone, when the rates printed (if any) do not contradict them: a single rate must explain
  // the tax, several must sum to it.
  const unexplained = triples.find((triple) =>
    rows.length === 0
      ? true
      : rows.length === 1
        ? taxMatches(triple.net.cents, rows[0]!.rateValue, triple.tax.cents)
        : sum(rows.map((row) => row.tax.cents)) === triple.tax.cents,
  );
  if (unexplained) {
    const parts = rows.length === 0 ? itemsOneRatePart(items, unexplained) : [];
    return printedSummary(unexplained, parts.length > 0 ? parts : zeroRatePart(unexplained.tax, unexplained.net.cents), 0.8);
  }
  const partlyTaxed =
    rows.length === 1
      ? triples.flatMap((triple) => partlyTaxedParts(items, rows[0]!, triple).map((parts) => ({ triple, parts })))[0]
      : undefined;
  if (partlyTaxed) return printedSummary(partlyTaxed.triple, partlyTaxed.parts, 0.8);
  const included = rows.length === 0 && triples.length === 0 ? taxIncludedAtItemsRate(items, taxes, grosses) : null;
  if (included) return included;
  const untaxed = untaxedTotal(rows, taxes, grosses) ?? netEqualsGross(rows, nets, taxes, grosses);
  if (untaxed) return untaxed;
  if (complete.length === 0)
    return (
      loneTaxOverItems(rows, items, grosses) ??
      fromLoneTaxes(document, rows, nets, grosses) ??
      fromTotalsAndRates(document, rows, nets, grosses, tables)
    );

  // No printed totals add up: the rates alone, when a printed total confirms them or none is printed:
  // not when a total label's amount could not be read, nor when a line among the rates prints a rate
  // it could not be read with (a rate row misread, so the rates read are not all).
  const rowLines = new Set(rows.map((row) => row.line));
  const first = Math.min(...rows.map((row) => row.line.index));
  const last = Math.max(...rows.map((row) => row.line.index));
  const unreadRate = document.lines
    .slice(Math.max(0, first - 1), last + 3)
    .some(
      (line) =>
        !rowLines.has(line) &&
        numbersOf(line).amounts.length > 0 &&
        findLineNumbers(line).some((number) => number.isPercentage && Number(number.value) <= MAX_RATE),
    );
  const ratesAlone = !unreadRate && !hasTotalLabel(document);
  const apart = (total: Money) => !rowLines.has(total.span.line);
  for (const subset of subsets) {
    const { net: netCents, tax: taxCents } = totalsOf(subset);
    // A total confirms the rates only when printed apart from them, not as a cell of a rate row.
    const gross = findOne(grosses, netCents + taxCents);
    const net = findOne(nets.filter(apart), netCents);
    const tax = findOne(taxes.filter(apart), taxCents);
    if (grosses.length > 0 ? !gross : !net && !tax && (subset.length < complete.length || !ratesAlone)) continue;
    // Bases summed from the items hold only when a printed net or gross total confirms them.
    if (subset.some((row) => row.fromItems) && !gross && !net) continue;
    return {
      net: { cents: netCents, printed: net?.span ?? null },
      tax: { cents: taxCents, printed: tax?.span ?? null },
      gross: { cents: netCents + taxCents, printed: gross?.span ?? null },
      parts: partsOf(subset),
      confidence: 0.8 + 0.05 * [net, tax, gross].filter(Boolean).length,
    };
  }
  const withUntaxed = ratesWithUntaxedLine(document, complete, grosses) ?? ratesWithUntaxedItems(complete, items, grosses);
  if (withUntaxed) return { ...withUntaxed, parts: [...partsOf(complete), withUntaxed.untaxed] };
  return fromLoneTaxes(document, rows, nets, grosses) ?? fromTotalsAndRates(document, rows, nets, grosses, tables);
};

/**
 * Every rate's row, and the items the till prints without a rate (zero-rated food beside "Washing Up Liquid  1.20 A" over
 * "A  20%  1.00  0.20"): the items at the rows' rates add up to the rows' gross (or net, items priced without tax), and
 * the printed gross is the rows' and the unrated items' to the cent. The unrated items are the untaxed part of the net.
 */
const ratesWithUntaxedItems = (
  rows: readonly (RateRow & { net: Money })[],
  items: readonly ItemFinding[],
  grosses: readonly Money[],
): (Omit<TaxSummary, 'parts'> & { untaxed: RatePart }) | null => {
  if (rows.length === 0 || items.length === 0 || items.some((item) => item.value.amount_total === null)) return null;
  const rates = new Set(rows.map((row) => row.rateValue));
  if (items.some((item) => rateOfItem(item) !== 0 && !rates.has(rateOfItem(item)))) return null;
  const rated = sum(items.filter((item) => rateOfItem(item) !== 0).map(itemCents));
  const unrated = sum(items.filter((item) => rateOfItem(item) === 0).map(itemCents));
  const netCents = sum(rows.map((row) => row.net.cents));
  const taxCents = sum(rows.map((row) => row.tax.cents));
  if (unrated === 0 || (rated !== netCents + taxCents && rated !== netCents)) return null;
  const gross = grosses.find((candidate) => candidate.cents === netCents + taxCents + unrated);
  if (!gross) return null;
  return {
    net: { cents: netCents + unrated, printed: null },
    tax: { cents: taxCents, printed: null },
    gross: { cents: gross.cents, printed: gross.span },
    untaxed: { rate: '0', net: unrated, tax: 0, span: gross.span },
    confidence: 0.8,
  };
};

/**
 * A till's one tax amount by its code ("A  20%  £0.20"), the items it marks priced with it ("WASHING UP LIQUID  £1.20 A"):
 * their sum is the rate's gross where the tax is the rate of it less the tax, and the items without the code are
 * untaxed, when all of them add up to a printed total.
 */
const loneTaxOverItems = (rows: readonly RateRow[], items: readonly ItemFinding[], grosses: readonly Money[]): TaxSummary | null => {
  const [row] = rows;
  if (rows.length !== 1 || row!.net || row!.gross || items.length === 0 || items.some((item) => item.value.amount_total === null))
    return null;
  const rated = sum(items.filter((item) => rateOfItem(item) === row!.rateValue).map(itemCents));
  const untaxed = sum(items.filter((item) => rateOfItem(item) === 0).map(itemCents));
  if (items.some((item) => rateOfItem(item) !== 0 && rateOfItem(item) !== row!.rateValue)) return null;
  const net = rated - row!.tax.cents;
  const gross = grosses.find((candidate) => candidate.cents === rated + untaxed);
  if (rated === 0 || !gross || !taxMatches(net, row!.rateValue, row!.tax.cents)) return null;
  const span = spanOf(row!.line, 0, row!.line.text.length);
  return {
    net: { cents: net + untaxed, printed: null },
    tax: { cents: row!.tax.cents, printed: row!.tax.span },
    gross: { cents: gross.cents, printed: gross.span },
    parts: [
      { rate: row!.rate, net, tax: row!.tax.cents, span },
      ...(untaxed !== 0 ? [{ rate: '0', net: untaxed, tax: 0, span: gross.span }] : []),
    ],
    confidence: 0.8,
  };
};

// How many lines around the rate rows an amount without tax is printed among them.
const UNTAXED_LINE_REACH = 2;

/**
 * Every rate's row, and an amount without tax printed on a line among them ("Kurtaxe (ohne MWST)  21.00" under a hotel's
 * "MWST 3.8% auf 720.00  26.36"), when the printed gross is both to the cent and nothing else confirms the rates: the
 * amount is the untaxed part of the net.
 */
const ratesWithUntaxedLine = (
  document: DocumentText,
  rows: readonly (RateRow & { net: Money })[],
  grosses: readonly Money[],
): (Omit<TaxSummary, 'parts'> & { untaxed: RatePart }) | null => {
  if (rows.length === 0) return null;
  const rowLines = new Set<TextLine>(rows.map((row) => row.line));
  const netCents = sum(rows.map((row) => row.net.cents));
  const taxCents = sum(rows.map((row) => row.tax.cents));
  const first = Math.min(...rows.map((row) => row.line.index));
  const last = Math.max(...rows.map((row) => row.line.index));
  const around = document.lines.slice(Math.max(0, first - UNTAXED_LINE_REACH), last + 1 + UNTAXED_LINE_REACH);
  for (const line of around.filter((candidate) => !rowLines.has(candidate) && candidate.page === rows[0]!.line.page)) {
    // One amount alone: a line printing a rate or several amounts is a rate's row OCR garbled, not an untaxed amount.
    const { amounts } = numbersOf(line);
    const [amount] = amounts;
    if (amounts.length !== 1 || amount!.cents <= 0 || findLineNumbers(line).some((number) => number.isPercentage)) continue;
    const gross = grosses.find((candidate) => candidate.cents === netCents + taxCents + amount!.cents && candidate.span.line !== line);
    if (!gross) continue;
    return {
      net: { cents: netCents + amount!.cents, printed: null },
      tax: { cents: taxCents, printed: null },
      gross: { cents: gross.cents, printed: gross.span },
      untaxed: { rate: '0', net: amount!.cents, tax: 0, span: amount!.span },
      confidence: 0.8,
    };
  }
  return null;
};
