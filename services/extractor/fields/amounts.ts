import { CURRENCY_MARK } from './currency.js';
import type { DocumentText, TextLine } from './document-text.js';
import type { Finding } from './finding.js';
import { endsItsSegment, findLabels, labelPattern, segmentBelow, type LabelMatch } from './labels.js';
import { findDates } from './parse-date.js';
import { findNumbers } from './parse-number.js';

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
    pattern: labelPattern(
      'grand total',
      'invoice total',
      'total invoice',
      'total amount incl',
      String.raw`gesamtbetrag`,
      'gesamtsumme',
      String.raw`rechnungs(?:betrag|summe|total)`,
      'endbetrag',
      'endsumme',
      'bruttobetrag',
      String.raw`(?:total|gesamt|summe) brutto`,
      'total ttc',
      'montant ttc',
      'total toutes taxes comprises',
      'montant total',
      'total général',
      'total facture',
      String.raw`totale (?:fattura|documento|complessivo|ivato|generale)`,
      'importo totale',
      'totale iva inclusa',
    ),
    confidence: 0.9,
    readsBelow: true,
  },
  {
    pattern: labelPattern('total', 'totale', 'totaal', 'summe', 'gesamt', 'totalbetrag', 'total amount', 'invoice amount'),
    confidence: 0.8,
    readsBelow: false,
  },
  {
    pattern: labelPattern(
      'amount due',
      'total due',
      'balance due',
      'amount payable',
      'zu zahlen',
      'zahlbetrag',
      'zahlungsbetrag',
      'fälliger betrag',
      'offener betrag',
      'net à payer',
      'somme à payer',
      'montant à payer',
      'total à payer',
      'reste à payer',
      String.raw`(?:importo |totale |netto )?(?:da|a) pagare`,
      'te betalen',
    ),
    confidence: 0.75,
    readsBelow: false,
  },
  { pattern: labelPattern('betrag', 'amount', 'montant', 'importo', 'bedrag'), confidence: 0.6, readsBelow: false },
];

/** "inkl. 8.1% MwSt", "TTC", "IVA inclusa": the total includes tax, which is what is wanted. */
const TAX_INCLUDED =
  /(?<!\p{L})(?:(?:inkl\.?|incl\.?|inklusive|inclusive|including|inclus[ea]?|compris[e]?|compres[ao]) ?(?:der |de la |la |l')?(?:\d+(?:[.,]\d+)? ?% ?)?(?:mwst\.?|ust\.?|vat|tax(?:es)?|tva|iva|steuern?)|ttc|iva inclusa)(?!\p{L})/giu;

/** Words that make a labelled amount something other than the document's total. */
const NOT_THE_TOTAL = labelPattern(
  'sub',
  'subtotal',
  'zwischen\\p{L}*',
  'sous-total',
  'subtotale',
  'netto',
  'net',
  'nett',
  'ht',
  'hors',
  'excl',
  'exkl',
  'exclusive',
  'excluding',
  'ohne',
  'zzgl',
  'mwst',
  'ust',
  'vat',
  'tva',
  'iva',
  'btw',
  'tax',
  'taxes',
  'steuer\\p{L}*',
  'imposta',
  'imponibile',
  'rabatt',
  'discount',
  'remise',
  'sconto',
  'skonto',
  'escompte',
  'versand',
  'shipping',
  'porto',
  'frais',
  'spese',
  'übertrag',
  'report',
  'vortrag',
  'paid',
  'bezahlt',
  'payé',
  'pagato',
  'anzahlung',
  'acompte',
  'deposit',
  'credits?',
  'received',
  'erhalten',
  'page',
  'seite',
  'pages?',
  'items?',
  'artikel',
  'articles?',
  'positionen',
  'quantity',
  'menge',
  'qty',
  'hours',
  'stunden',
);

const LEADING_PUNCTUATION = /^[\s:=]*(?:-(?=\s))?\s*/;

interface AmountsRead {
  amounts: string[];
  /** Words passed over between the label and the amounts ("for this invoice"). */
  passedOver: string;
}

/**
 * The amounts printed after a label: column pieces holding only numbers and currency marks, after at most
 * two pieces of words; a piece of words after the amounts ends them. Integers count only beside a
 * currency mark, so quantities, years and ids are not amounts.
 */
const readAmounts = (text: string): AmountsRead | null => {
  let masked = text;
  for (const date of findDates(text)) masked = masked.slice(0, date.start) + ' '.repeat(date.end - date.start) + masked.slice(date.end);
  const amounts: string[] = [];
  const passedOver: string[] = [];
  for (const piece of masked.replace(LEADING_PUNCTUATION, '').split(/ {2,}/).filter((part) => part.trim() !== '')) {
    const numbers = findNumbers(piece).filter((number) => !number.isPercentage);
    const hasCurrency = CURRENCY_MARK.test(piece);
    const money = numbers.filter((number) => number.hasDecimals || hasCurrency).map((number) => number.value);
    let words = piece;
    for (const number of [...numbers].reverse()) words = words.slice(0, number.start) + words.slice(number.end);
    const isNumeric = !/\p{L}/u.test(words.replace(new RegExp(CURRENCY_MARK, 'gu'), ''));
    if (isNumeric) {
      amounts.push(...money);
      continue;
    }
    const lead = numbers[0];
    const startsWithAmount = lead !== undefined && !/\p{L}/u.test(piece.slice(0, lead.start).replace(new RegExp(CURRENCY_MARK, 'gu'), ''));
    if (startsWithAmount && (lead.hasDecimals || hasCurrency)) amounts.push(lead.value);
    if (amounts.length > 0 || passedOver.length === 2) break;
    passedOver.push(piece);
  }
  return amounts.length > 0 ? { amounts, passedOver: passedOver.join(' ') } : null;
};

interface Candidate {
  value: string;
  confidence: number;
  line: TextLine;
}

const isTheTotal = (match: LabelMatch, passedOver: string): boolean => {
  const segment = match.line.text.slice(match.segment.start, match.segment.end);
  const aroundLabel = segment.slice(0, match.start - match.segment.start) + ' ' + segment.slice(match.end - match.segment.start);
  return !NOT_THE_TOTAL.test(`${aroundLabel} ${passedOver}`.replace(TAX_INCLUDED, ' '));
};

const candidateAt = (document: DocumentText, match: LabelMatch, tier: Tier): Candidate | null => {
  const sameLine = readAmounts(match.after);
  const aloneOnLine = match.line.segments.length === 1;
  const below = !sameLine && endsItsSegment(match) && (tier.readsBelow || aloneOnLine) ? segmentBelow(document, match) : null;
  const read = sameLine ?? (below ? readAmounts(below.segment.text) : null);
  if (!read || !isTheTotal(match, read.passedOver)) return null;
  const confidence = tier.confidence - (read.amounts.length > 1 ? 0.1 : 0) - (below ? 0.05 : 0);
  return { value: read.amounts.at(-1)!, confidence, line: below?.line ?? match.line };
};

/**
 * The document's total: the amount after the most telling total label. Within that kind of label the
 * last one printed wins (running totals come before the final one); disagreement lowers confidence.
 */
export const findTotalAmount = (document: DocumentText): TotalFinding | null => {
  for (const tier of TIERS) {
    const candidates = findLabels(document, tier.pattern).flatMap((match) => candidateAt(document, match, tier) ?? []);
    const chosen = candidates.at(-1);
    if (!chosen) continue;
    const agreed = candidates.every((candidate) => candidate.value === chosen.value);
    return { value: chosen.value, confidence: chosen.confidence - (agreed ? 0 : 0.15), page: chosen.line.page, line: chosen.line };
  }
  return null;
};
