import type { DocumentText, Segment, TextLine } from './document-text.js';
import { boxOf, spanOf, type Span } from './finding.js';
import { labelPattern } from './labels.js';
import { countryFromName } from './countries.js';
import { findDates } from './parse-date.js';
import { parseAddressLines, parsePostalLine, type PostalAddress } from './postal-address.js';

export type PartyRole = 'sender' | 'receiver' | 'delivery';

/** An address printed on the document: its fields, where each was read, and where the block sits. */
export interface AddressBlock {
  address: PostalAddress;
  fieldSpans: Partial<Record<keyof PostalAddress, Span>>;
  spans: Span[];
  page: number;
  /** Document line indices of the block's first and last line. */
  firstLine: number;
  lastLine: number;
  /** Character column the block is aligned on. */
  column: number;
  /** Vertical position of the block's top on its page, 0 (top) to 1 (bottom). */
  top: number;
  /** All on one line ("Acme GmbH | Europa-Allee 1 | 60486 Frankfurt"): a return line, letterhead or footer. */
  compact: boolean;
  /** What a label over or before the block says the party is. */
  label: PartyRole | null;
}

const SENDER_LABEL = labelPattern(
  'absender',
  'verkäufer',
  'lieferant',
  String.raw`rechnungs(?:steller|ersteller|aussteller)`,
  'leistungserbringer',
  'auftragnehmer',
  'seller',
  'supplier',
  'vendor',
  'issued by',
  'from',
  'fournisseur',
  'vendeur',
  'émetteur',
  'fornitore',
  'venditore',
  'cedente(?: prestatore)?',
  'prestatore',
  'mittente',
  'emittente',
);
const RECEIVER_LABEL = labelPattern(
  String.raw`rechnungs(?:adresse|anschrift|empfänger)`,
  'rechnung an',
  'empfänger',
  'leistungsempfänger',
  String.raw`käufer(?:/leistungsempfänger)?`,
  'kunde',
  'auftraggeber',
  'bill(?:ed)? to',
  'invoice(?:d)? to',
  'sold to',
  'customer',
  'buyer',
  'client',
  'facturé à',
  'facturer à',
  'adresse de facturation',
  'destinataire',
  'acheteur',
  'destinatario',
  'fatturare a',
  'intestatario',
  'cliente',
  'committente',
  'cessionario(?: committente)?',
);
const DELIVERY_LABEL = labelPattern(
  'lieferadresse',
  'lieferanschrift',
  'warenempfänger',
  'lieferung an',
  'ship(?:ped)? to',
  'deliver(?:ed)? to',
  'delivery address',
  'shipping address',
  'adresse de livraison',
  'livré à',
  'livraison à',
  'indirizzo di consegna',
  'luogo di consegna',
  'destinazione merce',
);

const ROLE_LABELS = [
  ['delivery', DELIVERY_LABEL],
  ['receiver', RECEIVER_LABEL],
  ['sender', SENDER_LABEL],
] as const;

/** The party a text names when it is nothing but party labels ("Käufer/Leistungsempfänger:"), or null. */
const roleOfLabel = (text: string): PartyRole | null => {
  let rest = text;
  let role: PartyRole | null = null;
  for (const [candidate, pattern] of ROLE_LABELS) {
    const global = new RegExp(pattern, 'giu');
    if (global.test(rest)) {
      role ??= candidate;
      rest = rest.replace(global, ' ');
    }
  }
  return role !== null && /^[\s:/.,&()-]*$/.test(rest) ? role : null;
};

// Pieces of a compact address: " | ", " • ", " - ", ", ".
const SEPARATOR = /\s+[|•●·–-]\s+|,\s+|\s*\|\s*/g;

interface Piece {
  text: string;
  span: Span;
}

const piecesOf = (line: TextLine, segment: Segment): Piece[] => {
  const pieces: Piece[] = [];
  let start = segment.start;
  for (const match of segment.text.matchAll(SEPARATOR)) {
    const end = segment.start + match.index;
    if (end > start) pieces.push({ text: line.text.slice(start, end), span: spanOf(line, start, end) });
    start = end + match[0].length;
  }
  if (segment.end > start) pieces.push({ text: line.text.slice(start, segment.end).replace(/[,;]$/, ''), span: spanOf(line, start, segment.end) });
  return pieces.filter((piece) => piece.text.trim() !== '');
};

/** Text that ends an address upwards: labels with values, ids, contact details, dates, long sentences. */
const isNoAddressLine = (text: string): boolean =>
  text.length > 45 ||
  /:\s*\S/.test(text) ||
  /:$/.test(text) ||
  /\d{5,}|@|www\.|https?:|(?<!\p{L})(?:tel|fax|fon|phone|telefon|mobile?)(?!\p{L})/iu.test(text.replace(/^\d{4,5}\s/, '')) ||
  findDates(text).length > 0;

// Labels of a form whose values make up an address ("Name:  Muster AG", "Anschrift:  Bahnhofstrasse 1").
const ADDRESS_FIELD_LABEL =
  /^(?:name|firma|firmenname|anschrift|adresse|address|company|nom|raison sociale|ragione sociale|denominazione|indirizzo|stra(?:ss|ß)e|street|rue|via|ort|plz|city|ville|città|ansprechpartner(?:in)?|kontakt|contact|interlocuteur|referente|z\. ?hd\.?)\s*:$/iu;

const ALIGNMENT = 2;
// Names above the street: company, contact, one more line (department, c/o); then the street or box line.
const MAX_LINES_ABOVE = 4;
const MAX_GAPS = 3;

const alignedSegment = (line: TextLine, column: number): Segment | null =>
  line.segments.find((segment) => Math.abs(segment.start - column) <= ALIGNMENT) ?? null;

/** The role a label above the block (or left of its first line) gives it: the label nearest its column. */
const labelAbove = (document: DocumentText, firstLine: TextLine, column: number): PartyRole | null => {
  const sameLine = firstLine.segments.filter((segment) => segment.end <= column).at(-1);
  const left = sameLine ? roleOfLabel(sameLine.text) : null;
  if (left) return left;
  for (let index = firstLine.index - 1, seen = 0; index >= 0 && seen < 5; index--) {
    const line = document.lines[index]!;
    if (line.page !== firstLine.page) break;
    if (line.text === '') continue;
    seen++;
    const labels = line.segments
      .filter((segment) => segment.start >= column - 45 && segment.start <= column + 5)
      .map((segment) => ({ role: roleOfLabel(segment.text), distance: Math.abs(segment.start - column) }))
      .filter((label) => label.role !== null)
      .sort((a, b) => a.distance - b.distance);
    if (labels[0]) return labels[0].role;
  }
  return null;
};

const pageExtent = (document: DocumentText, page: number) => {
  const lines = document.lines.filter((line) => line.page === page);
  return { first: lines[0]?.index ?? 0, count: Math.max(1, lines.length) };
};

const toBlock = (document: DocumentText, pieces: Piece[], compact: boolean, label: PartyRole | null): AddressBlock | null => {
  const parsed = parseAddressLines(pieces.map((piece) => piece.text));
  if (!parsed || (parsed.address.street === null && parsed.address.post_office_box === null)) return null;
  const fieldSpans = Object.fromEntries(Object.entries(parsed.lineOf).map(([field, index]) => [field, pieces[index]!.span]));
  const spans = pieces.map((piece) => piece.span);
  const first = spans[0]!.line;
  const box = boxOf(spans);
  const extent = pageExtent(document, first.page);
  return {
    address: parsed.address,
    fieldSpans,
    spans,
    page: first.page,
    firstLine: first.index,
    lastLine: spans.at(-1)!.line.index,
    column: spans[0]!.start,
    top: box ? box[1] : (first.index - extent.first) / extent.count,
    compact,
    label,
  };
};

/** The block whose postal line is `postal`: aligned lines above it (names, street), a country line below. */
const stackedBlock = (document: DocumentText, line: TextLine, postal: Piece, before: Piece[]): AddressBlock | null => {
  const column = before[0]?.span.start ?? postal.span.start;
  const above: Piece[] = [];
  let label: PartyRole | null = null;
  let gaps = 0;
  for (let index = line.index - 1; index >= 0 && above.length < MAX_LINES_ABOVE; index--) {
    const candidate = document.lines[index]!;
    if (candidate.page !== line.page) break;
    // A blank line ends the block once its names have begun; other rows with nothing in the block's
    // column (a gap before the street, the letterhead's column beside the window) are gaps.
    if (candidate.text === '' && above.length > 1) break;
    const segment = alignedSegment(candidate, column);
    if (!segment) {
      if (candidate.segments.some((other) => other.start < column + 20 && other.end > column) || ++gaps > MAX_GAPS) break;
      continue;
    }
    const fieldLabel = candidate.segments.filter((other) => other.end < segment.start).at(-1);
    if (fieldLabel && /:$/.test(fieldLabel.text) && !ADDRESS_FIELD_LABEL.test(fieldLabel.text)) break;
    label = roleOfLabel(segment.text);
    if (label || isNoAddressLine(segment.text)) break;
    // "Nummer        : GE2020211": a form label whose colon is printed apart.
    if (/^[^:]{1,30}?\s+:/.test(candidate.text.slice(segment.start))) break;
    above.unshift({ text: segment.text, span: spanOf(candidate, segment.start, segment.end) });
  }
  const below = document.lines[line.index + 1];
  const countrySegment = below && below.page === line.page ? alignedSegment(below, column) : null;
  const country = countrySegment && countryFromName(countrySegment.text) ? [{ text: countrySegment.text, span: spanOf(below!, countrySegment.start, countrySegment.end) }] : [];
  const pieces = [...above, ...before, postal, ...country];
  const firstLine = pieces[0]!.span.line;
  return toBlock(document, pieces, false, label ?? labelAbove(document, firstLine, column));
};

/**
 * Every postal address printed on the document, by its shape: a postal-code-and-city line with a street
 * or post office box above it and names above that, aligned in one column (a window address, a letterhead,
 * a footer column), or all of it on one line separated by bars, bullets, dashes or commas.
 */
export const findAddressBlocks = (document: DocumentText): AddressBlock[] => {
  const blocks: AddressBlock[] = [];
  for (const line of document.lines) {
    for (const segment of line.segments) {
      const pieces = piecesOf(line, segment);
      const postalAt = pieces.findIndex((piece) => parsePostalLine(piece.text) !== null);
      if (postalAt < 0) continue;
      const block =
        postalAt >= 2
          ? toBlock(document, pieces, true, labelAbove(document, line, segment.start))
          : stackedBlock(document, line, pieces[postalAt]!, pieces.slice(0, postalAt));
      if (block && !blocks.some((known) => known.firstLine === block.firstLine && known.column === block.column)) blocks.push(block);
    }
  }
  return blocks;
};
