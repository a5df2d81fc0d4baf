import type { DocumentText, TextLine } from './document-text.js';
import type { Finding } from './finding.js';
import { endsItsSegment, findLabels, labelPattern, columnBelow, type LabelMatch } from './labels.js';
import { findDates } from './parse-date.js';

const ISSUE_DATE_LABEL = labelPattern(
  'invoice date',
  'date of invoice',
  'issue date',
  'date of issue',
  'billing date',
  String.raw`rechnungs-?datum`,
  'datum der rechnung',
  'ausstellungsdatum',
  'beleg-?datum',
  String.raw`date (?:de (?:la )?)?facture`,
  "date d'émission",
  String.raw`data (?:della )?fattura`,
  String.raw`data (?:di )?emissione`,
  'factuur ?datum',
);

const GENERIC_DATE_LABEL = labelPattern('date', 'datum', 'data', 'dated');

/** Words that make a nearby "Date" some other date: due, delivery, order, service period, … */
const OTHER_DATE = labelPattern(
  'due',
  'payment',
  String.raw`fällig\p{L}*`,
  'zahlbar',
  String.raw`liefer\p{L}*`,
  'delivery',
  'shipping',
  'livraison',
  'consegna',
  'order',
  String.raw`bestell\p{L}*`,
  'commande',
  'ordine',
  String.raw`leistungs?\p{L}*`,
  'service',
  'period',
  'zeitraum',
  'période',
  'periodo',
  'échéance',
  'echeance',
  'limite',
  'scadenza',
  'valuta',
  'check',
  'birth',
  'geburt',
  'print',
  'druck',
  'vervaldatum',
);

/** "Facture n° 562044387 du 02 juillet 2015", "Handelsrechnung (380) Nr. 17 vom 12.03.2026": the title line. */
const TITLE_WITH_DATE =
  /(?<![\p{L}\d])(?:invoice|\p{L}*rechnung|facture|fattura|gutschrift|avoir) ?(?:\(\d+\) ?)?(?:n°|nº|no\.?|nr\.?|n\.|#|number|nummer|numéro|numero) ?[\p{L}\d][\p{L}\d._/-]* (?:du|vom|of|del|dated|datée du) /giu;

/** "Zürich, 12. März 2026", "Lausanne, le 12 mars 2026": the place-and-date line of a letter. */
const PLACE_AND_DATE = /^ *\p{Lu}[\p{L} .'-]{1,30}, (?:(?:den|le|il|lì) )?/u;

const dateAtStart = (text: string): string | null => {
  const skipped = /^[\s:.=-]*/.exec(text)?.[0].length ?? 0;
  const [first] = findDates(text);
  return first && first.start === skipped ? first.iso : null;
};

const readLabelled = (document: DocumentText, match: LabelMatch, confidence: number): Finding<string> | null => {
  const sameLine = dateAtStart(match.after);
  if (sameLine) return { value: sameLine, confidence, page: match.line.page };
  const [below] = endsItsSegment(match) ? columnBelow(document, match, 1) : [];
  const underneath = below ? dateAtStart(below.segment.text) : null;
  return below && underneath ? { value: underneath, confidence: confidence - 0.1, page: below.line.page } : null;
};

/** A generic "Date" counts unless its own column segment says which other date it is. */
const isIssueDate = (match: LabelMatch): boolean => {
  const context = match.line.text.slice(match.segment.start, match.end);
  return !OTHER_DATE.test(context.slice(0, context.length - (match.end - match.start)));
};

const fromTitle = (line: TextLine): Finding<string> | null => {
  for (const match of line.text.matchAll(TITLE_WITH_DATE)) {
    const value = dateAtStart(line.text.slice(match.index + match[0].length));
    if (value) return { value, confidence: 0.8, page: line.page };
  }
  return null;
};

const fromPlaceLine = (line: TextLine): Finding<string> | null => {
  const place = PLACE_AND_DATE.exec(line.text);
  const value = place ? dateAtStart(line.text.slice(place[0].length)) : null;
  return value ? { value, confidence: 0.7, page: line.page } : null;
};

const firstFound = <T>(items: readonly T[], read: (item: T) => Finding<string> | null): Finding<string> | null => {
  for (const item of items) {
    const found = read(item);
    if (found) return found;
  }
  return null;
};

const onlyDate = (document: DocumentText): Finding<string> | null => {
  const dates = document.lines.flatMap((line) => findDates(line.text).map((date) => ({ iso: date.iso, page: line.page })));
  const distinct = new Set(dates.map((date) => date.iso));
  return distinct.size === 1 ? { value: dates[0]!.iso, confidence: 0.5, page: dates[0]!.page } : null;
};

/**
 * The date the document was issued, most explicit evidence first: an invoice-date label, a title with
 * "du/vom/of", a generic "Date" label, a letter's place-and-date line, and last the only date printed.
 */
export const findInvoiceDate = (document: DocumentText): Finding<string> | null =>
  firstFound(findLabels(document, ISSUE_DATE_LABEL), (match) => readLabelled(document, match, 0.9)) ??
  firstFound(document.lines, fromTitle) ??
  firstFound(
    findLabels(document, GENERIC_DATE_LABEL).filter(isIssueDate),
    (match) => readLabelled(document, match, 0.75),
  ) ??
  firstFound(document.lines, fromPlaceLine) ??
  onlyDate(document);
