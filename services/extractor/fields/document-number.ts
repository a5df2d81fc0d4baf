import type { DocumentText } from './document-text.js';
import type { Finding } from './finding.js';
import { endsItsSegment, findLabels, labelPattern, columnBelow } from './labels.js';
import { parseDate } from './parse-date.js';

const NUMBER_WORD = String.raw`(?:n°|nº|no\.?|nr\.?|num\.?|n\.|#|number|nummer|numéro|numero)`;

/** "Invoice No.", "Rechnungsnummer", "Facture n°", "N° de facture", "Fattura n.", … for every document kind. */
const NUMBER_LABEL = labelPattern(
  String.raw`(?:invoice|credit note|credit memo|receipt|delivery note|document|reminder) ?${NUMBER_WORD}`,
  // Invoice compounds too ("Handelsrechnung (380) Nr.", "Schlussrechnung Nr."), but not "Ursprungsbeleg-Nr.".
  String.raw`(?:\p{L}*rechnungs?|rechnungskorrektur|gutschrifts?|beleg|quittungs?|lieferschein|mahnungs?|dokument)(?: ?\(\d+\))?[ -]?(?:nummer|nr\.?|no\.?)`,
  String.raw`(?:facture|avoir|note de crédit|reçu|quittance|bon de livraison|bulletin de livraison|rappel) ?${NUMBER_WORD}`,
  String.raw`(?:n°|nº|no\.?|numéro|num\.?) (?:de (?:la )?)?(?:facture|d'avoir|reçu|document)`,
  String.raw`(?:fattura|nota di credito|ricevuta|bolla|documento|sollecito) ?${NUMBER_WORD}`,
  String.raw`(?:numero|n\.|nr\.?|num\.?) (?:della )?(?:fattura|nota di credito|ricevuta|documento)`,
  String.raw`factuur ?(?:nummer|nr\.?)`,
);

/** A document title followed straight by an identifier: "Invoice INV/2023/03/0008", "Rechnung 2026-0042". */
const TITLE_LABEL = labelPattern('invoice', 'rechnung', 'facture', 'fattura', 'gutschrift', 'credit note', 'avoir', 'nota di credito');

// Identifiers hold a digit and may carry separators inside, never at their ends.
const IDENTIFIER = /^[\s:.#=-]*(?<value>[\p{L}\d](?:[\p{L}\d._/-]*[\p{L}\d])?)(?=\s|$|[,;)])/u;

const readIdentifier = (text: string, minLength: number): string | null => {
  const value = IDENTIFIER.exec(text)?.groups?.value;
  if (!value || value.length < minLength || !/\d/.test(value) || parseDate(value) !== null) return null;
  return value;
};

/**
 * The document's own number. A labelled number beats an identifier after a bare title; the first one
 * printed wins, as headers come before references to other documents.
 */
export const findDocumentNumber = (document: DocumentText): Finding<string> | null => {
  for (const match of findLabels(document, NUMBER_LABEL)) {
    const sameLine = readIdentifier(match.after, 1);
    if (sameLine) return { value: sameLine, confidence: 0.9, page: match.line.page };
    const [below] = endsItsSegment(match) ? columnBelow(document, match, 1) : [];
    const underneath = below ? readIdentifier(below.segment.text, 1) : null;
    if (below && underneath) return { value: underneath, confidence: 0.8, page: below.line.page };
  }
  for (const match of findLabels(document, TITLE_LABEL)) {
    const value = readIdentifier(match.after, 3);
    if (value) return { value, confidence: 0.6, page: match.line.page };
  }
  return null;
};
