import type { FieldEvidence } from '../../../contracts/events/extracted-data.js';
import type { DocumentText } from './document-text.js';
import { derivedEvidence, textEvidence } from './evidence.js';
import { foundAt, spanOf } from './finding.js';
import type { ItemFinding } from './line-items.js';
import type { TaxSummary } from './tax-summary.js';

const INCLUDED =
  /(?<!\p{L})(?:preise? (?:sind |verstehen sich )?(?:inkl\.?|inklusive)|prices? (?:are )?(?:incl\.?|including|inclusive of)|prix (?:sont )?(?:ttc|toutes taxes comprises)|prezzi (?:sono )?(?:iva inclusa|comprensivi di iva)|prijzen zijn inclusief)(?!\p{L})/iu;
const EXCLUDED =
  /(?<!\p{L})(?:preise? (?:sind |verstehen sich )?(?:exkl\.?|exklusive|zzgl\.?|zuzüglich|netto|ohne)|prices? (?:are )?(?:excl\.?|excluding|exclusive of|net of)|prix (?:sont )?(?:ht|hors taxes?)|prezzi (?:sono )?(?:iva esclusa|al netto))(?!\p{L})/iu;

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * Whether the item amounts include tax: they add up to the gross total (true) or the net total (false),
 * to the cent per item; otherwise what the document states ("Preise inkl. MwSt.", "prix HT").
 */
export const findIncludingTax = (document: DocumentText, items: ItemFinding[], summary: TaxSummary | null): { value: boolean; evidence: FieldEvidence } | null => {
  const amounts = items.map((item) => item.value.amount_total);
  if (summary && amounts.length > 0 && amounts.every((amount) => amount !== null)) {
    const sum = amounts.reduce((total, amount) => total + cents(amount!), 0);
    const from = ['accounting_document.items'];
    if (summary.net.cents !== summary.gross.cents) {
      if (Math.abs(sum - summary.gross.cents) <= amounts.length) return { value: true, evidence: derivedEvidence([...from, 'accounting_document.amount_details.gross_amount_total'], 0.9) };
      if (Math.abs(sum - summary.net.cents) <= amounts.length) return { value: false, evidence: derivedEvidence([...from, 'accounting_document.amount_details.net_amount_total'], 0.9) };
    }
  }
  for (const line of document.lines) {
    for (const [pattern, value] of [
      [INCLUDED, true],
      [EXCLUDED, false],
    ] as const) {
      const match = pattern.exec(line.text);
      if (match) return { value, evidence: textEvidence(foundAt(value, 0.75, [spanOf(line, match.index, match.index + match[0].length)])) };
    }
  }
  return null;
};
