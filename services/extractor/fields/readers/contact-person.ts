import type { DocumentText } from '../layout/document-text.js';
import { foundAt, type Finding, type Span } from '../values/finding.js';
import { endsItsSegment, findLabels, labelPattern, valueNearLabel, type Read } from '../layout/labels.js';
import { isPersonName } from '../values/postal-address.js';
import { termsFor } from '../vocabulary/terms.js';

/**
 * Labels that introduce the sender's person in charge of the document: the clerk, the contact for
 * questions. "Ihr Ansprechpartner", "Your contact", "Votre interlocuteur", "Referente".
 */
const CONTACT_LABEL = labelPattern(...termsFor('contactLabel'));

// A title before the name ("Herr", "Mme", "Dr.") is no part of it.
const TITLE = /^(?:herrn?|frau|monsieur|madame|mme\.?|m\.|mr\.?|mrs\.?|ms\.?|sig\.(?:ra)?|signora?|dr\.|prof\.)\s+/iu;

// Words of other labels in a header row ("Ihre Bestellung", "Vs. P.IVA", "Your order").
const NOT_A_NAME =
  /^(?:ihre?|unsere?|your|our|votre|vos|notre|vs\.|vostr[ao]|nostr[ao])(?!\p{L})|(?<!\p{L})(?:nr|no|n°|datum|date|data)(?!\p{L})/iu;

/**
 * The person's name at the start of a text, up to its column gap or a comma before the person's other details
 * ("Peter Huber, 01 02 03 04 05, p.huber@…"): "Peter Huber", not "info@…" nor "Muster AG".
 */
const readPerson = (text: string): Read<string> | null => {
  const match = /^[\s:.-]*([^\s,]+(?: [^\s,]+)*)/u.exec(text);
  if (!match) return null;
  const start = match.index + match[0].length - match[1]!.length;
  const name = match[1]!.replace(TITLE, '');
  if (!isPersonName(name) || /\d|@/.test(name) || NOT_A_NAME.test(name)) return null;
  return { value: name, start: start + match[1]!.length - name.length, end: start + match[1]!.length };
};

export interface ContactPerson extends Finding<string> {
  span: Span;
}

/**
 * The sender's contact person: a person's name a contact label introduces, beside it or below it in a
 * header table. Null when no such label names a person, or more than one person is named so.
 */
export const findContactPerson = (document: DocumentText): ContactPerson | null => {
  const found = findLabels(document, CONTACT_LABEL).flatMap((match) => {
    // In a header row (label beside label) the value is the one below, not the next label.
    const headerRow = match.line.segments.length >= 3 && endsItsSegment(match);
    const value =
      (headerRow ? valueNearLabel(document, { ...match, after: '' }, readPerson) : null) ?? valueNearLabel(document, match, readPerson);
    return value ? [{ ...foundAt(value.value, 0.8, [value.span]), span: value.span }] : [];
  });
  const names = new Set(found.map((person) => person.value));
  return names.size === 1 ? found[0]! : null;
};
