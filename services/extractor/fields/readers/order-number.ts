import { readIdentifier } from '../values/identifier.js';
import type { DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, labelPattern, valueNearLabel, valueUnderHeaderCell } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

/** The buyer's order: the number an accountant matches the invoice against. */
const ORDER_LABEL = labelPattern(...termsFor('orderNumberLabel'));

/** The supplier's order confirmation, or the customer's reference: the order number only when the buyer's order is not printed. */
const ORDER_CONFIRMATION_LABEL = labelPattern(...termsFor('orderConfirmationLabel'));

/** "gemäß Bestellung Nr. 2013-471331 vom …", "according to your order no. 88": an order cited in a sentence. */
const CITED_ORDER = /(?<![\p{L}\d])(?:bestellung|order|commande|ordine) (?:n°|nº|no\.?|nr\.?|n\.|#|number|nummer|numéro|numero) ?/giu;

/** A bare "Reference" label: the order's number only where its value carries an order form's initials. */
const REFERENCE_LABEL = labelPattern(...termsFor('referenceLabel'));

// "BC06735" (bon de commande), "PO083857" (purchase order): the initials of an order form, then its number.
const ORDER_INITIALS = /^(?:BC|PO)[-/ ]?\d{3,}$/i;

/**
 * The order the document belongs to: a buyer's order label, an order cited in the text, then the supplier's order number,
 * then a value under a bare "Reference" that carries an order form's initials.
 */
export const findOrderNumber = (document: DocumentText): Finding<string> | null => {
  for (const match of findLabels(document, ORDER_LABEL)) {
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 2));
    if (found) return foundAt(found.value, found.below ? 0.8 : 0.9, [found.span]);
  }
  for (const line of document.lines) {
    for (const match of line.text.matchAll(CITED_ORDER)) {
      const offset = match.index + match[0].length;
      const read = readIdentifier(line.text.slice(offset), 2);
      if (read) return foundAt(read.value, 0.75, [spanOf(line, offset + read.start, offset + read.end)]);
    }
  }
  for (const match of findLabels(document, ORDER_CONFIRMATION_LABEL)) {
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 2));
    if (found) return foundAt(found.value, 0.7, [found.span]);
  }
  for (const match of findLabels(document, REFERENCE_LABEL)) {
    const found =
      valueNearLabel(document, match, (text) => readIdentifier(text, 2)) ??
      valueUnderHeaderCell(document, match, (text) => readIdentifier(text, 2));
    if (found && ORDER_INITIALS.test(found.value)) return foundAt(found.value, 0.6, [found.span]);
  }
  return null;
};
