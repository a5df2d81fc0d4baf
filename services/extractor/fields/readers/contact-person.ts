import { lineAbove, linesBelow, segmentsOverlap, type DocumentText, type Segment, type TextLine } from '../layout/document-text.js';
import type { AddressBlock } from '../layout/address-blocks.js';
import { foundAt, spanOf, spansOverlap, type Finding, type Span } from '../values/finding.js';
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

// A row of a person's own contact details: their e-mail address or phone number, labelled or not.
const CONTACT_DETAIL_ROW =
  /^(?:e-?mail|email|mail|telefon|tel\.?|phone|mobil(?:e)?|fax|courriel|t[ée]l[ée]phone)(?!\p{L})|^\S+@\S+\.\p{L}{2,}$/iu;

/**
 * A segment that is a person's name and nothing else, heading its column (on the address's first row, or under nothing
 * in its column) over a row of that person's contact details.
 */
const personOverContactRow = (document: DocumentText, line: TextLine, segment: Segment, columnTop: number): Read<string> | null => {
  const person = readPerson(segment.text);
  if (!person || person.end - person.start !== segment.text.trim().length) return null;
  const above = lineAbove(document, line);
  if (line.index > columnTop && above?.segments.some((other) => segmentsOverlap(other, segment))) return null;
  const [below] = linesBelow(document, line, 1);
  // (A wide neighbour's cell may reach into the column too: "Apex Industrial Supplies" beside "Email: …".)
  const details = below?.segments.some(
    (other) => segmentsOverlap(other, segment) && other.start >= segment.start && CONTACT_DETAIL_ROW.test(other.text),
  );
  return details ? person : null;
};

/**
 * The sender's contact person as a footer or letterhead sets it beside the sender's address: a column of its own, on the
 * address's rows, headed by a person's name over their e-mail or phone ("Robert Brown" / "E-Mail: r.brown@…"). Null
 * when there is none, or more than one.
 */
export const findContactBesideAddress = (document: DocumentText, block: AddressBlock): ContactPerson | null => {
  const found = document.lines.slice(block.firstLine, block.lastLine + 1).flatMap((line) =>
    line.segments
      .filter(
        (segment) =>
          line.page === block.page &&
          segment.start > block.column &&
          !block.spans.some((span) => spansOverlap(span, spanOf(line, segment.start, segment.end))),
      )
      .flatMap((segment) => {
        const person = personOverContactRow(document, line, segment, block.firstLine);
        if (!person) return [];
        const span = { line, start: segment.start + person.start, end: segment.start + person.end };
        return [{ ...foundAt(person.value, 0.7, [span]), span }];
      }),
  );
  return found.length === 1 ? found[0]! : null;
};
