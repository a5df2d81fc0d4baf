import type { FieldEvidence } from '../../../../contracts/events/extracted-data.js';
import { toCents } from '../values/cents.js';
import type { DocumentText } from '../layout/document-text.js';
import { derivedEvidence, textEvidence } from '../values/evidence.js';
import { foundAt, spanOf } from '../values/finding.js';
import { findItemTables, type ItemTable } from '../layout/item-table.js';
import type { ItemFinding } from '../readers/item-finding.js';
import type { TaxSummary } from '../readers/tax-summary.js';

const INCLUDED =
  /(?<!\p{L})(?:preise? (?:sind |verstehen sich )?(?:inkl\.?|inklusive)|prices? (?:are )?(?:incl\.?|including|inclusive of)|prix (?:sont )?(?:ttc|toutes taxes comprises)|prezzi (?:sono )?(?:iva inclusa|comprensivi di iva)|prijzen zijn inclusief)(?!\p{L})/iu;
const EXCLUDED =
  /(?<!\p{L})(?:preise? (?:sind |verstehen sich )?(?:exkl\.?|exklusive|zzgl\.?|zuzüglich|netto|ohne)|prices? (?:are )?(?:excl\.?|excluding|exclusive of|net of)|prix (?:sont )?(?:ht|hors taxes?)|prezzi (?:sono )?(?:iva esclusa|al netto))(?!\p{L})/iu;

// A business that charges no tax says so (a small business's exemption: "Gemäß § 19 UStG wird keine Umsatzsteuer
// berechnet", "Nicht MWST-pflichtig", "TVA non applicable, art. 293 B du CGI", "Operazione in franchigia da IVA", "Not
// registered for VAT"): its items' amounts are net, and the net is all there is.
const NOT_CHARGED =
  /(?<!\p{L})(?:keine (?:umsatzsteuer|mehrwertsteuer|ust\.?|mwst\.?) (?:berechnet|ausgewiesen|erhoben)|§ ?19 (?:abs\. ?1 )?ustg|kleinunternehmer\p{L}*|nicht (?:mwst|mehrwertsteuer)-?pflichtig|tva non applicable|art(?:icle|\.)? ?293 ?b|franchigia (?:da |dall'|dell')?iva|regime forfettario|not (?:registered for|vat[- ]registered)|no vat (?:is )?(?:charged|applicable)|vat not applicable)(?!\p{L})/iu;

// What an amount column's header says about tax: "Zeilenbetrag ohne MwSt.", "Montant HT", "Nettobetrag",
// "Total TTC". "ohne", "incl." and the like count only before a tax word: words stacked over a header
// may say "ohne" of something else.
const TAX = String.raw`(?:mwst|ust|vat|tax|taxes|tva|iva|btw|steuer)`;
const INCLUDED_HEADER = new RegExp(
  String.raw`(?<!\p{L})(?:(?:inkl\.?|incl\.?|inklusive|including|inclusive|mit|with)\s?${TAX}|ttc|brutto\p{L}*|gross|ivato|iva inclusa)(?!\p{L})`,
  'iu',
);
const EXCLUDED_HEADER = new RegExp(
  String.raw`(?<!\p{L})(?:(?:ohne|exkl\.?|excl\.?|exklusive|zzgl\.?|excluding|exclusive|without|w\/o|hors|senza)\s?${TAX}|ht|netto\p{L}*|net|iva esclusa|imponibile)(?!\p{L})`,
  'iu',
);

/** What the headers of the item tables' amount columns declare, when they all declare the same. */
const declaredByHeaders = (document: DocumentText, tables: ItemTable[]): { value: boolean; evidence: FieldEvidence } | null => {
  const declared = tables.flatMap((table) =>
    table.columns
      .filter((column) => column.role === 'amount')
      .map((column) => {
        const value = INCLUDED_HEADER.test(column.header) ? true : EXCLUDED_HEADER.test(column.header) ? false : null;
        return { value, span: spanOf(document.lines[table.headerStart]!, column.start, column.end) };
      }),
  );
  const [first] = declared;
  if (!first || first.value === null || declared.some((column) => column.value !== first.value)) return null;
  return { value: first.value, evidence: textEvidence(foundAt(first.value, 0.8, [first.span])) };
};

/**
 * Whether the item amounts include tax: they add up to the gross total (true) or the net total (false),
 * to the cent per item; otherwise what the amount columns' headers declare ("Betrag ohne MwSt.", "Montant
 * TTC"), then what the document states ("Preise inkl. MwSt.", "prix HT", or that it charges no tax).
 */
export const findIncludingTax = (
  document: DocumentText,
  items: ItemFinding[],
  summary: TaxSummary | null,
  tables: ItemTable[] = findItemTables(document),
): { value: boolean; evidence: FieldEvidence } | null => {
  const amounts = items.map((item) => item.value.amount_total);
  if (summary && amounts.length > 0 && amounts.every((amount) => amount !== null)) {
    const sum = amounts.reduce((total, amount) => total + toCents(amount!), 0);
    const from = ['accounting_document.items'];
    if (summary.net.cents !== summary.gross.cents) {
      if (Math.abs(sum - summary.gross.cents) <= amounts.length)
        return { value: true, evidence: derivedEvidence([...from, 'accounting_document.amount_details.gross_amount_total'], 0.9) };
      if (Math.abs(sum - summary.net.cents) <= amounts.length)
        return { value: false, evidence: derivedEvidence([...from, 'accounting_document.amount_details.net_amount_total'], 0.9) };
    }
  }
  const byHeaders = declaredByHeaders(document, tables);
  if (byHeaders) return byHeaders;
  for (const line of document.lines) {
    for (const [pattern, value] of [
      [INCLUDED, true],
      [EXCLUDED, false],
      [NOT_CHARGED, false],
    ] as const) {
      const match = pattern.exec(line.text);
      if (match) return { value, evidence: textEvidence(foundAt(value, 0.75, [spanOf(line, match.index, match.index + match[0].length)])) };
    }
  }
  return null;
};
