import type { DocumentType } from '../../../../contracts/events/common.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { boxOf, foundAt, spanOf, type Finding, type Span } from '../values/finding.js';
import { labelPattern } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';
import { isTillReceipt } from './till-receipt.js';

type ClassifiedType = Exclude<DocumentType, 'other'>;

const KEYWORDS: Record<ClassifiedType, RegExp> = {
  credit_note: labelPattern(...termsFor('creditNoteTitle')),
  reminder: labelPattern(...termsFor('reminderTitle')),
  // Invoices cite their delivery notes ("Lieferschein-Nr.: 4711"), so a delivery-note word followed by a
  // number or date label is a reference, not a title.
  delivery_note: labelPattern(...termsFor('deliveryNoteTitle')),
  receipt: labelPattern(...termsFor('receiptTitle')),
  invoice: labelPattern(...termsFor('invoiceTitle')),
};

// "Proforma-Rechnung", "Pro Forma Invoice", "Facture pro forma", "Fattura proforma".
const PRO_FORMA = /(?<!\p{L})pro[ -]?forma(?!\p{L})/iu;

// The title area: what a reader sees first on the first page, before addresses give way to content.
const TITLE_LINES = 20;

interface KeywordSeen {
  type: ClassifiedType;
  span: Span;
  /** Height of the printed keyword as a fraction of the page; 0 without word boxes. */
  height: number;
}

// "Gutschrift (Selbst ausgestellte Rechnung)", "Credit note (self-billed invoice)": a credit note its remark calls an
// invoice is a self-billed invoice, the buyer's invoice for what it received.
const CALLED_AN_INVOICE = /^\s*\([^)]*(?<!\p{L})(?:\p{L}*rechnung|invoice|facture|fattura)(?!\p{L})[^)]*\)/iu;

/**
 * A title in capitals a scan split into pieces ("FATT UR A") or printed letter-spaced ("R E C H N U N G"): the letters
 * of a segment of short runs of capitals, joined; a title's large type is where OCR sees gaps between letters.
 */
const SPLIT_CAPITALS = /^\p{Lu}{1,5}(?: \p{Lu}{1,5}){1,11}$/u;
const joinedTitle = (line: TextLine): { text: string; start: number; end: number } | null => {
  const segment = line.segments.find((candidate) => SPLIT_CAPITALS.test(candidate.text));
  return segment ? { text: segment.text.replace(/ /g, ''), start: segment.start, end: segment.end } : null;
};

const keywordsIn = (line: TextLine): KeywordSeen[] =>
  (Object.entries(KEYWORDS) as [ClassifiedType, RegExp][]).flatMap(([type, pattern]) => {
    const match = pattern.exec(line.text);
    const joined = match ? null : joinedTitle(line);
    const whole = joined && pattern.exec(joined.text)?.[0] === joined.text ? joined : null;
    if (!match && !whole) return [];
    const span = match ? spanOf(line, match.index, match.index + match[0].length) : spanOf(line, whole!.start, whole!.end);
    const box = boxOf([span]);
    const selfBilled = type === 'credit_note' && CALLED_AN_INVOICE.test(line.text.slice(span.end));
    return [{ type: selfBilled ? 'invoice' : type, span, height: box ? box[3] - box[1] : 0 }];
  });

const readingOrder = (a: KeywordSeen, b: KeywordSeen) => a.span.line.index - b.span.line.index || a.span.start - b.span.start;

/**
 * The title among the keywords of the title area: the one printed largest (titles are set bigger than
 * the text that cites other documents), the first one among equals.
 */
const titleKeyword = (seen: KeywordSeen[]): KeywordSeen | null =>
  [...seen].sort((a, b) => (b.height - a.height > 0.002 ? 1 : a.height - b.height > 0.002 ? -1 : readingOrder(a, b)))[0] ?? null;

/**
 * The kind of document, from the title in its title area ("Gutschrift zu Rechnung 17" is a credit note,
 * "Rechnung … Lieferschein-Nr." an invoice). Without one there, an invoice or receipt keyword anywhere
 * decides; reminders and credit notes are never guessed from a passing mention.
 */
export const classifyDocument = (document: DocumentText): Finding<DocumentType> => {
  const firstPage = document.lines[0]?.page;
  const titleArea = document.lines.filter((line) => line.page === firstPage && line.text !== '').slice(0, TITLE_LINES);
  const title = titleKeyword(titleArea.flatMap(keywordsIn));
  // A pro forma invoice announces one and claims no tax: nothing to book as an invoice.
  if (title?.type === 'invoice' && PRO_FORMA.test(title.span.line.text)) return foundAt('other', 0.8, [title.span]);
  if (title) return foundAt(title.type, 0.85, [title.span]);
  for (const type of ['invoice', 'receipt'] as const) {
    const seen = document.lines.flatMap(keywordsIn).find((keyword) => keyword.type === type);
    if (seen) return foundAt(type, 0.6, [seen.span]);
  }
  // No title at all (a slip OCR read without its "Bon-Nr."), but the till's own lines: a receipt.
  if (isTillReceipt(document, false)) return { value: 'receipt', confidence: 0.6, page: firstPage ?? 1, box: null };
  return { value: 'other', confidence: 0.5, page: firstPage ?? 1, box: null };
};
