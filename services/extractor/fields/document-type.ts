import type { DocumentType } from '../../../contracts/events/common.js';
import type { DocumentText } from './document-text.js';
import type { Finding } from './finding.js';
import { labelPattern } from './labels.js';

type ClassifiedType = Exclude<DocumentType, 'other'>;

const KEYWORDS: Record<ClassifiedType, RegExp> = {
  credit_note: labelPattern(
    'gutschrift',
    'credit note',
    'credit memo',
    'note de crédit',
    "facture d'avoir",
    // "avoir" is also the French verb "to have": only a line starting with it is a title.
    '^ *avoir',
    'nota di credito',
  ),
  reminder: labelPattern(
    'mahnung',
    'zahlungserinnerung',
    'payment reminder',
    'reminder',
    'rappel',
    'relance',
    'sollecito',
    'richiamo di pagamento',
  ),
  // Invoices cite their delivery notes ("Lieferschein-Nr.: 4711"), so a delivery-note word followed by a
  // number or date label is a reference, not a title.
  delivery_note: labelPattern(
    String.raw`(?:lieferschein|delivery note|packing slip|bon de livraison|bulletin de livraison|bolla di consegna|documento di trasporto)(?![ -]*(?:nr|no|n°|nº|num|nummer|number|numéro|numero|datum|date|data)(?![\p{L}]))`,
  ),
  receipt: labelPattern('quittung', 'kassenbon', 'kassenbeleg', 'receipt', 'reçu', 'ticket de caisse', 'quittance', 'ricevuta', 'scontrino'),
  invoice: labelPattern(
    String.raw`\p{L}*rechnung`,
    String.raw`rechnungs-?(?:nummer|nr\.?|datum|betrag|korrektur)`,
    'invoice',
    'facture',
    'fattura',
    'factuur',
    'bill',
  ),
};

// The title area: what a reader sees first on the first page, before addresses give way to content.
const TITLE_LINES = 20;

const earliestKeyword = (lines: readonly string[]): ClassifiedType | null => {
  for (const line of lines) {
    let first: { type: ClassifiedType; index: number } | null = null;
    for (const [type, pattern] of Object.entries(KEYWORDS) as [ClassifiedType, RegExp][]) {
      const match = pattern.exec(line);
      if (match && (!first || match.index < first.index)) first = { type, index: match.index };
    }
    if (first) return first.type;
  }
  return null;
};

/**
 * The kind of document, from the first keyword in its title area ("Gutschrift zu Rechnung 17" is a credit
 * note, "Rechnung … Lieferschein-Nr." an invoice). Without one there, an invoice or receipt keyword
 * anywhere decides; reminders and credit notes are never guessed from a passing mention.
 */
export const classifyDocument = (document: DocumentText): Finding<DocumentType> => {
  const firstPage = document.lines[0]?.page;
  const titleArea = document.lines.filter((line) => line.page === firstPage && line.text !== '').slice(0, TITLE_LINES);
  const fromTitle = earliestKeyword(titleArea.map((line) => line.text));
  if (fromTitle) return { value: fromTitle, confidence: 0.85, page: titleArea[0]!.page };
  for (const type of ['invoice', 'receipt'] as const) {
    const line = document.lines.find((candidate) => KEYWORDS[type].test(candidate.text));
    if (line) return { value: type, confidence: 0.6, page: line.page };
  }
  return { value: 'other', confidence: 0.5, page: firstPage ?? 1 };
};
