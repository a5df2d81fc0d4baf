import { readIdentifier } from '../values/identifier.js';
import { linesBelow, type DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import {
  endsItsSegment,
  findLabels,
  labelPattern,
  segmentInColumnOf,
  valueNearLabel,
  type LabelledValue,
  type LabelMatch,
} from '../layout/labels.js';
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

/** Lines a header cell may stand above its value, the lines between holding other columns' text only. */
const HEADER_CELL_DEPTH = 2;

/**
 * The value under a label that is one cell of a row of header cells ("Date d'écheance   Reference" over a line of the
 * address column, then "mai 02,2015   BC06735"): the first line below with text in the label's column, within two lines.
 */
const underHeaderCell = (document: DocumentText, match: LabelMatch): LabelledValue<string> | null => {
  if (match.line.segments.length < 2 || !endsItsSegment(match)) return null;
  for (const line of linesBelow(document, match.line, HEADER_CELL_DEPTH)) {
    const segment = segmentInColumnOf(match, line);
    if (!segment) continue;
    const read = readIdentifier(segment.text, 2);
    return read && { value: read.value, span: spanOf(line, segment.start + read.start, segment.start + read.end), below: true };
  }
  return null;
};

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
    const found = valueNearLabel(document, match, (text) => readIdentifier(text, 2)) ?? underHeaderCell(document, match);
    if (found && ORDER_INITIALS.test(found.value)) return foundAt(found.value, 0.6, [found.span]);
  }
  return null;
};
