import type { DocumentText, Segment, TextLine } from './document-text.js';
import { boxOf, spanOf, spansOverlap, type Span } from '../values/finding.js';
import { extentOf, overlaps, type Extent } from './extents.js';
import { labelPattern, withoutAccents } from './labels.js';
import { countryFromName } from '../values/countries.js';
import { findDates } from '../values/parse-date.js';
import {
  addressesSomeone,
  attentionPrefix,
  COMPANY_SALUTATION,
  complementLinesAbove,
  hasLegalForm,
  isLonePostcode,
  isNameWithColonSpeck,
  isTown,
  lonePostcode,
  namesForAttention,
  parseAddressLines,
  parseAddressWithoutPostalCode,
  parseAddressWithoutPostalLine,
  parsePoBox,
  parsePostalLine,
  townThenCodeUnder,
  isStreetAboveTown,
  townOverCode,
  parseStreetLine,
  postalAfterStreet,
  streetAfterLegalForm,
  type ParsedAddress,
  type PostalAddress,
} from '../values/postal-address.js';
import { termsFor } from '../vocabulary/terms.js';

/** Whose address a block is, by its label: a tax representative's and a delivery address are neither party's. */
export type PartyRole = 'sender' | 'receiver' | 'delivery' | 'representative';

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

const SENDER_LABEL = labelPattern(...termsFor('senderLabel'));
const RECEIVER_LABEL = labelPattern(...termsFor('receiverLabel'));
const DELIVERY_LABEL = labelPattern(...termsFor('deliveryAddressLabel'));
const REPRESENTATIVE_LABEL = labelPattern(...termsFor('taxRepresentativeLabel'));

const ROLE_LABELS = [
  ['delivery', DELIVERY_LABEL],
  ['representative', REPRESENTATIVE_LABEL],
  ['receiver', RECEIVER_LABEL],
  ['sender', SENDER_LABEL],
] as const;
const GLOBAL_ROLE_LABELS = ROLE_LABELS.map(([role, pattern]) => [role, new RegExp(pattern, 'giu')] as const);

// A heading's label with what the block under it gives in small letters ("Livraison : adresse, références").
const HEADING_WITH_DESCRIPTION = /^(?<label>[^:]+?)\s*:\s*\p{Ll}[\p{Ll}\s,/&-]*$/u;

/**
 * The party a text names when it is nothing but party labels ("Käufer/Leistungsempfänger:"), also before a colon and
 * words in small letters that say what follows, or null.
 */
const roleOfExactLabel = (text: string): PartyRole | null => {
  let rest = HEADING_WITH_DESCRIPTION.exec(text.trim())?.groups!.label ?? text;
  let role: PartyRole | null = null;
  for (const [candidate, pattern] of GLOBAL_ROLE_LABELS) {
    const replaced = rest.replace(pattern, ' ');
    if (replaced !== rest) {
      role ??= candidate;
      rest = replaced;
    }
  }
  return role !== null && /^[\s:/.,&()-]*$/.test(rest) ? role : null;
};

// A heading-like label long enough that one letter OCR misread, added or split off leaves it unmistakable
// ("RECHNI NGSEMPFANGER" for "RECHNUNGSEMPFÄNGER"): letters only, at most three words, ten letters or more.
const LONG_LABEL = /^(?=(?:[^\p{L}]*\p{L}){10})\p{L}+(?: \p{L}+){0,2}:?$/u;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The text with one letter left out, or one letter changed for another, each way (its readings one slip apart). */
const oneSlipApart = function* (text: string): Generator<string> {
  for (let index = 0; index < text.length; index++) {
    if (!/\p{L}/u.test(text[index]!)) continue;
    yield text.slice(0, index) + text.slice(index + 1);
    for (const letter of LETTERS) yield text.slice(0, index) + letter + text.slice(index + 1);
  }
};

/**
 * The party a text names when it is nothing but party labels, also where OCR misread one letter of a long label or
 * split it with a space ("RECHNI NGSEMPFANGER"), or null.
 */
const roleOfLabel = (text: string): PartyRole | null => {
  const exact = roleOfExactLabel(text);
  if (exact !== null || !LONG_LABEL.test(text.trim())) return exact;
  const trimmed = text.trim();
  for (const variant of new Set([trimmed, trimmed.replace(/ /g, '')]))
    for (const reading of oneSlipApart(variant)) {
      const role = roleOfExactLabel(reading);
      if (role !== null) return role;
    }
  return null;
};

// How many words a party's label opening a name's piece may have ("Sold by", "Rechnung an", "Invoice to").
const MAX_LABEL_WORDS = 3;

/**
 * A party's label and the name after it in one piece ("Sold by  Ergotec Trading GmbH", "Seller: Ergotec GmbH"): the
 * label's role and the name, which starts with a capital or a digit. A label of one word only with its colon.
 */
const labelledName = (text: string): { role: PartyRole; name: string; offset: number } | null => {
  const words = [...text.matchAll(/\S+/g)];
  for (let count = Math.min(MAX_LABEL_WORDS, words.length - 1); count >= 1; count--) {
    const next = words[count]!;
    const label = text.slice(0, next.index).trim();
    const role = roleOfExactLabel(label);
    const name = text.slice(next.index);
    // A one-word label needs its colon: a firm's name may begin with the word ("SELLER TRADE NAME", "Lieferant GmbH").
    const marked = /:$/.test(label) || count > 1;
    if (role !== null && marked && /^[\p{Lu}\d]/u.test(next[0])) return { role, name, offset: next.index };
  }
  return null;
};

/**
 * A party's label opening the line over a block indented under the name ("Sold by Ergotec Trading GmbH" over "Am Hafen
 * 4, …"): the label's role, and the name standing in the block's column.
 */
const labelOpeningName = (line: TextLine, reference: Extent): { role: PartyRole; name: Piece } | null => {
  for (const segment of line.segments) {
    const labelled = labelledName(segment.text);
    const start = labelled ? segment.start + labelled.offset : -1;
    if (labelled && Math.abs(start - reference.start) <= ALIGNMENT)
      return { role: labelled.role, name: { text: labelled.name, span: spanOf(line, start, segment.end) } };
  }
  return null;
};

// Pieces of a compact address: " | ", " • ", " - ", ", ", and the gap a separator a scan lost leaves; a dash the scan
// moved up to the full stop before it ("Sas.- Via dei Calzaiuoli"), to a speck it read as an underscore for the space
// ("Multergasse 32b_- 6900 Lugano") or to the house number before a postal code ("Multergasse 32b- 6900 Lugano"), where
// no hyphen stands.
const SEPARATOR = /\s+[|•●·–-]\s+|(?<=\.)[–-]\s+|_[–-]\s+|(?<=\d\p{L}?)[–-]\s+(?=\d{4,5}\s)|,\s+|\s*\|\s*|\s{2,}/gu;

// A one-line address whose separators a scan lost ("317 Queen Street  Edinburgh  EH1 1YZ"): pieces of a
// line this close together are also read as one.
const MAX_LOST_SEPARATOR = 6;

/** Runs of two or more segments of the line with at most a lost separator's gap between them, as segments. */
const closeRuns = (line: TextLine): Segment[] => {
  const runs: Segment[][] = [];
  for (const segment of line.segments) {
    const run = runs.at(-1);
    if (run && segment.start - run.at(-1)!.end <= MAX_LOST_SEPARATOR) run.push(segment);
    else runs.push([segment]);
  }
  return runs
    .filter((run) => run.length > 1)
    .map((run) => ({ text: line.text.slice(run[0]!.start, run.at(-1)!.end), start: run[0]!.start, end: run.at(-1)!.end }));
};

/** The close run of segments the segment belongs to (see `closeRuns`), or the segment alone. */
const runAround = (line: TextLine, segment: Segment): Segment =>
  closeRuns(line).find((run) => run.start <= segment.start && segment.end <= run.end) ?? segment;

interface Piece {
  text: string;
  span: Span;
}

const piecesOf = (line: TextLine, whole: Segment): Piece[] => {
  const segment = withoutNoise(whole);
  if (!segment) return [];
  const pieces: Piece[] = [];
  let start = segment.start;
  for (const match of segment.text.matchAll(SEPARATOR)) {
    const end = segment.start + match.index;
    if (end > start) pieces.push({ text: line.text.slice(start, end), span: spanOf(line, start, end) });
    start = end + match[0].length;
  }
  if (segment.end > start)
    pieces.push({ text: line.text.slice(start, segment.end).replace(/[,;]$/, ''), span: spanOf(line, start, segment.end) });
  return joinPostalPieces(
    line,
    pieces.filter((piece) => piece.text.trim() !== '').flatMap((piece) => withLostSeparators(line, piece)),
  ).map(postalThroughSpeck);
};

/**
 * A piece of a one-line address that runs on over a separator the scan lost (a "·" between name, street and town read as
 * nothing): split where a name ends at its legal form before a street line, and where a house number ends a street line
 * before a postal line ("Stahlbau Ritter AG Hainstraße 159", "Vis Nassa 136 4051 Basel").
 */
const withLostSeparators = (line: TextLine, piece: Piece): Piece[] => {
  if (isPostalPiece(piece)) return [piece];
  const at = streetAfterLegalForm(piece.text) ?? postalAfterStreet(piece.text);
  if (at === null) return [piece];
  const start = piece.span.start;
  const head = piece.text.slice(0, at).trimEnd();
  const parts = [
    { text: head, span: spanOf(line, start, start + head.length) },
    { text: piece.text.slice(at), span: spanOf(line, start + at, piece.span.end) },
  ];
  return [parts[0]!, ...withLostSeparators(line, parts[1]!)];
};

/** A piece that reads as a postal line only once a stray closing bracket is taken for the speck it is ("1015 CJ) Amsterdam"). */
const postalThroughSpeck = (piece: Piece): Piece => {
  if (isPostalPiece(piece)) return piece;
  const cleaned = { ...piece, text: withoutStrayBrackets(piece.text) };
  return isPostalPiece(cleaned) ? cleaned : piece;
};

/**
 * A closing bracket no opening one comes before is a speck the scan read as one ("1015 CJ) Amsterdam"):
 * an address prints its brackets in pairs. It is read as the space it stands in (the spans stay as printed).
 * Only where the raw text is no postal line: "1015 C) Amsterdam" is a Dutch code whose J OCR read as ")".
 */
const withoutStrayBrackets = (text: string): string => {
  let open = 0;
  return [...text]
    .map((character) => {
      if (character === '(') open++;
      if (character !== ')') return character;
      if (open === 0) return ' ';
      open--;
      return character;
    })
    .join('');
};

const HOUSE_NUMBER_ONLY = /^\d{1,5} ?[a-zA-Z]?(?: ?(?:bis|ter))?$/;

const longerPostalCode = (line: TextLine, piece: Piece, next: Piece): boolean => {
  const joined = parsePostalLine(line.text.slice(piece.span.start, next.span.end));
  return joined !== null && joined.postalCode.length > (parsePostalLine(piece.text)?.postalCode.length ?? 0);
};

const countryAfterPostal = (line: TextLine, piece: Piece, next: Piece): boolean => {
  const joined = parsePostalLine(line.text.slice(piece.span.start, next.span.end));
  const alone = parsePostalLine(piece.text);
  return !/\d/.test(next.text) && joined !== null && joined.country !== null && joined.city === alone?.city && alone.country === null;
};

const townBeforeRegion = (line: TextLine, piece: Piece, next: Piece): boolean =>
  parsePostalLine(line.text.slice(piece.span.start, next.span.end))?.city === piece.text.trim();

/** Pieces split at a comma that belongs to the postal line ("New York, NY 10001") or the street line joined again. */
const joinPostalPieces = (line: TextLine, pieces: Piece[]): Piece[] => {
  const joined: Piece[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index]!;
    const next = pieces[index + 1];
    // "8401 BL, Gorredijk": a Dutch postcode's letters read as the city until the town after the comma joins them.
    // "80331 Munich, Germany": the country after the postal line's comma is its part.
    if (next && isPostalPiece(piece) && (longerPostalCode(line, piece, next) || countryAfterPostal(line, piece, next))) {
      joined.push({ text: line.text.slice(piece.span.start, next.span.end), span: spanOf(line, piece.span.start, next.span.end) });
      index++;
      continue;
    }
    // "Bengaluru, Karnataka - 560100": a town before its state and code, which alone would read as the town.
    if (next && !isPostalPiece(piece) && isPostalPiece(next) && townBeforeRegion(line, piece, next)) {
      joined.push({ text: line.text.slice(piece.span.start, next.span.end), span: spanOf(line, piece.span.start, next.span.end) });
      index++;
      continue;
    }
    if (next && !isPostalPiece(piece) && !isPostalPiece(next)) {
      // (The gap a scan widened between a street and its number is one space: "Multergasse  121".)
      const text = line.text
        .slice(piece.span.start, next.span.end)
        .replace(/[,;]$/, '')
        .replace(/(?<=\S)\s{2,}(?=\S)/g, ' ');
      // "108, rue de la Paix", "Via Verdi, 66b": a house number split from its street at a comma.
      const [numberPart, streetPart] = HOUSE_NUMBER_ONLY.test(piece.text.trim()) ? [piece, next] : [next, piece];
      const splitNumber =
        HOUSE_NUMBER_ONLY.test(numberPart.text.trim()) && parseStreetLine(streetPart.text) !== null && parseStreetLine(text) !== null;
      if (parsePostalLine(text) || splitNumber) {
        joined.push({ text, span: spanOf(line, piece.span.start, next.span.end) });
        index++;
        continue;
      }
    }
    joined.push(piece);
  }
  // Joined pieces may join on ("Bengaluru" with "Karnataka - 560100", itself joined at its dash).
  return joined.length < pieces.length ? joinPostalPieces(line, joined) : joined;
};

const REMARK = /^\(.*\p{Ll}.*\)$/u;

// A date's or the document number's label, a piece of its own ("Date due", "Invoice number"): its value stands beside it.
const HEADER_FIELD_LABEL = labelPattern(
  ...termsFor('issueDateLabel'),
  ...termsFor('dueDateLabel'),
  ...termsFor('deliveryDateLabel'),
  ...termsFor('documentNumberLabel'),
);
const isHeaderFieldLabel = (text: string): boolean => {
  const match = HEADER_FIELD_LABEL.exec(text);
  return match?.index === 0 && text.slice(match[0].length).replace(/[\s:.]/g, '') === '';
};

/**
 * Text that ends an address upwards: labels with values, ids, contact details, dates, long sentences (not "A: Muster AG",
 * nor a box's number, "PMB 90375"), a header field's label.
 */
const isNoAddressLine = (text: string): boolean =>
  attentionPrefix(text) === null &&
  !COMPANY_SALUTATION.test(text) &&
  parsePoBox(text) === null &&
  (isOtherLine(text) || isHeaderFieldLabel(text.trim()));

// A document's title ("FACTUUR.", "Rechnung", "Invoice") or a sentence (words in lower case, a full stop) names no party.
const TITLE =
  /^(?:rechnung|invoice|facture|fattura|factura|factuur|quittung|receipt|reçu|ricevuta|gutschrift|credit note|avoir)(?!\p{L})/iu;
/** A document's title, also letter-spaced as OCR reads a spaced-out heading ("R E C H N U N G", "Re C h nun g"). */
export const isTitle = (text: string): boolean => TITLE.test(text) || TITLE.test(text.replace(/(?<=\p{L}) (?=\p{L})/gu, ''));
const SENTENCE = /(?:\s\p{Ll}[\p{L}'-]*){3}[.!?]$/u;

const isOtherLine = (text: string): boolean =>
  text.length > 45 ||
  isTitle(text) ||
  (SENTENCE.test(text) && parseStreetLine(text) === null) ||
  /:\s*\S/.test(text) ||
  (/:$/.test(text) && !isNameWithColonSpeck(text)) ||
  /\d{5,}|@|www\.|https?:|(?<!\p{L})(?:tel|fax|fon|phone|telefon|mobile?)(?!\p{L})/iu.test(text.replace(/^\d{4,5}\s/, '')) ||
  findDates(text).length > 0 ||
  // An account number: "CH67 3104 7894 5549 3819 1", "IBAN DE12 …".
  /(?<![\p{L}\d])[A-Z]{2}\d{2}(?: ?[A-Z\d]{4}){2,}/u.test(text);

// Labels of a form whose values make up an address ("Name:  Muster AG", "Anschrift:  Bahnhofstrasse 1").
const ADDRESS_FIELD_LABEL =
  /^(?:name|firma|firmenname|anschrift|adresse|address|company|nom|raison sociale|ragione sociale|denominazione|indirizzo|stra(?:ss|ß)e|street|rue|via|ort|plz|city|ville|città|ansprechpartner(?:in)?|kontakt|contact|interlocuteur|referente|z\. ?hd\.?)\s*:$/iu;

const ALIGNMENT = 2;
// Word boxes align within this share of the page width.
const BOX_ALIGNMENT = 0.012;
// Names above the street: company, contact, one more line (department, c/o); then the street or box line.
const MAX_LINES_ABOVE = 4;
const MAX_GAPS = 3;

/**
 * Whether two runs of text are aligned as the lines of one address block: on their left edge, their
 * right edge (a letterhead set flush right) or their centre (a centred letterhead, a receipt's header).
 */
const isAligned = (a: Extent, b: Extent): boolean => {
  if (a.box && b.box) {
    const [aLeft, aRight] = a.box;
    const [bLeft, bRight] = b.box;
    return (
      Math.abs(aLeft - bLeft) <= BOX_ALIGNMENT ||
      Math.abs(aRight - bRight) <= BOX_ALIGNMENT ||
      Math.abs(aLeft + aRight - bLeft - bRight) <= 2 * BOX_ALIGNMENT
    );
  }
  return (
    Math.abs(a.start - b.start) <= ALIGNMENT ||
    Math.abs(a.end - b.end) <= ALIGNMENT ||
    Math.abs(a.start + a.end - b.start - b.end) <= ALIGNMENT
  );
};

/** Two runs that end at one edge: a block set flush right. */
const flushRight = (a: Extent, b: Extent): boolean =>
  a.box && b.box ? Math.abs(a.box[1] - b.box[1]) <= BOX_ALIGNMENT : Math.abs(a.end - b.end) <= ALIGNMENT;

/**
 * A row with text only beside the block's column: the next column's lines have a pitch of their own, so such a row
 * falls between two lines of the block without being a gap in it.
 */
const isBesideColumn = (line: TextLine | undefined, reference: Extent): line is TextLine =>
  line !== undefined && line.text !== '' && !line.segments.some((other) => overlaps(extentOf(line, other.start, other.end), reference));

// What a scan leaves around a line: stray quotes, guillemets, bars, tildes; a colon after a house number. Before a line,
// also what OCR read of a logo's mark beside it: a few signs closed by a bracket never opened ("JA)"), a word with © or ®.
const LEADING_NOISE = /^(?:[«»"“”„'|~=©*•]+\s*|[^\s()]{1,3}\)\s+|\S*[©®]\S*\s+)+/u;
const TRAILING_NOISE = /(?:\s*[«»"“”„'|~=©*•]|(?<=\d):|\s+[:.,;])+$/u;

/** A segment without the scanning noise at its ends; null when nothing else is left. */
const withoutNoise = (segment: Segment): Segment | null => {
  const leading = LEADING_NOISE.exec(segment.text)?.[0].length ?? 0;
  const trailing = TRAILING_NOISE.exec(segment.text.slice(leading))?.[0].length ?? 0;
  const text = segment.text.slice(leading, segment.text.length - trailing);
  return text === '' ? null : { text, start: segment.start + leading, end: segment.end - trailing };
};

/** The segment of a line aligned with the block's reference run: left-aligned first, then by edge or centre. */
const alignedSegment = (line: TextLine, reference: Extent): Segment | null => {
  const segments = line.segments.flatMap((segment) => withoutNoise(segment) ?? []);
  const left = segments.find((segment) => Math.abs(segment.start - reference.start) <= ALIGNMENT);
  if (left) return left;
  return segments.find((segment) => isAligned(extentOf(line, segment.start, segment.end), reference)) ?? null;
};

// A label left of a block's first line labels it only this close (share of the page width, or characters
// without word boxes); further away it heads a column of its own ("Bill to" over the left block, the
// sender's name on the same line at the right).
const MAX_LABEL_GAP = 0.1;
const MAX_LABEL_GAP_CHARACTERS = 12;

/** Whether a segment left of `column` on the line is close enough to be the label of what starts there. */
const isBeside = (line: TextLine, label: Segment, column: number): boolean => {
  const labelBox = boxOf([spanOf(line, label.start, label.end)]);
  const valueBox = boxOf([spanOf(line, column, column + 1)]);
  return labelBox && valueBox ? valueBox[0] - labelBox[2] <= MAX_LABEL_GAP : column - label.end <= MAX_LABEL_GAP_CHARACTERS;
};

/** The role a label above the block (or beside its first line, on the left) gives it: the label nearest its column. */
const labelAbove = (document: DocumentText, firstLine: TextLine, column: number): PartyRole | null => {
  const sameLine = firstLine.segments.filter((segment) => segment.end <= column).at(-1);
  const left = sameLine && isBeside(firstLine, sameLine, column) ? roleOfLabel(sameLine.text) : null;
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

/**
 * An addressee's block whose street line OCR did not deliver ("Spett.le Vetreria Colombo S.n.c." over "35122 Padova"):
 * opened by a salutation or an attention line, which no one prints in their own address, over names and the postal line.
 */
const addresseeWithoutStreet = (pieces: readonly Piece[], compact: boolean): boolean =>
  !compact && pieces.length >= 2 && addressesSomeone(pieces[0]!.text);

/**
 * A block whose street line OCR did not deliver: names under a party's label over a postal line ("Rechnungsadresse:" over
 * "Muster AG" over "8001 Zürich"), the label saying whose address it is; or a company's name with its legal form right
 * over a postal line, or over its contact's line over it, aligned with it, which nothing but an address prints.
 */
const namedWithoutStreet = (parsed: ParsedAddress, pieces: readonly Piece[], compact: boolean, label: PartyRole | null): boolean => {
  // (A street line with its number among the names is the street out of its place, "Via Cantonale 119" over "Ferrari
  // Sagl": OCR set the lines in another order, and the names are not to be told from it.)
  // (Only the names are looked at: a postal line may read as a street too, "9000 St. Gallen".)
  const names = pieces.slice(0, parsed.lineOf.postal_code ?? parsed.lineOf.city_name);
  if (compact || names.some((piece) => parseStreetLine(piece.text)?.houseNumber)) return false;
  const { company_name: company, contact_person_name: contact } = parsed.address;
  if ((label === 'receiver' || label === 'sender') && (company !== null || contact !== null)) return true;
  // (A contact's line may stand between them: "Edelweiss OG" / "Attn. Anna Pichler" / "4020 Linz".)
  const { company_name: companyAt, contact_person_name: contactAt, city_name: cityAt } = parsed.lineOf;
  return (
    company !== null && hasLegalForm(company) && (companyAt === cityAt! - 1 || (companyAt === cityAt! - 2 && contactAt === cityAt! - 1))
  );
};

/**
 * A one-line address whose street OCR garbled past reading ("Léman SA | Steinenvorstadt Fla | 6900 Lugano", its house
 * number misread): a company with its legal form, one piece, the postal line. That piece stands where a one-line address
 * prints its street, which no contact's name does: the company's address without its street, the piece no contact.
 */
const withStreetGarbledInLine = (parsed: ParsedAddress, pieces: readonly Piece[], compact: boolean): ParsedAddress | null => {
  const { company_name: company, contact_person_name: contactAt, postal_code: postalAt } = parsed.lineOf;
  if (!compact || pieces.length !== 3 || company !== 0 || contactAt !== 1 || postalAt !== 2 || !hasLegalForm(parsed.address.company_name!))
    return null;
  const { contact_person_name: _contact, ...lineOf } = parsed.lineOf;
  return { address: { ...parsed.address, contact_person_name: null }, lineOf };
};

const toBlock = (document: DocumentText, pieces: Piece[], compact: boolean, label: PartyRole | null): AddressBlock | null => {
  const read = parseAddressLines(pieces.map((piece) => piece.text));
  const streetless = read !== null && read.address.street === null && read.address.post_office_box === null;
  const parsed = streetless ? (withStreetGarbledInLine(read, pieces, compact) ?? read) : read;
  if (
    !parsed ||
    (streetless && parsed === read && !addresseeWithoutStreet(pieces, compact) && !namedWithoutStreet(parsed, pieces, compact, label))
  )
    return null;
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

// A labelled identifier of a party, one value with digits: "Handelsname: 99999999800010", "Lief-Nr: 549910".
const PARTY_ID_LINE = /^\p{L}[\p{L}. -]{1,30}?\s?:\s?[\p{L}\d/-]*\d[\p{L}\d/-]*$/u;

/** Whether the line right above `line` prints a name in the block's column: no label, id, title or other line. */
const isNameAbove = (document: DocumentText, line: TextLine, reference: Extent): boolean => {
  // (A blank line a scan's wide spacing set between them is passed over.)
  const above = [document.lines[line.index - 1], document.lines[line.index - 2]].find((other) => other?.text !== '');
  const aligned = above && above.page === line.page ? alignedSegment(above, reference) : null;
  return aligned !== null && roleOfLabel(aligned.text) === null && !isNoAddressLine(aligned.text) && /\p{L}{2}/u.test(aligned.text);
};

/**
 * Whether the lines read above a postal line hold a name: two lines or more, or one that is neither a street line, a post
 * office box nor the town over a postcode alone on its line.
 */
const namesBegun = (above: readonly Piece[], postal: Piece): boolean =>
  above.length > 1 ||
  above.some(
    (piece) =>
      parseStreetLine(piece.text) === null &&
      !isStreetAboveTown(piece.text) &&
      parsePoBox(piece.text) === null &&
      !(isLonePostcode(postal.text) && isTown(piece.text)),
  );

/**
 * The block whose postal line is `postal`: aligned lines above it (names, street), a country line below.
 * `segment` is the run of text the postal line belongs to; lines of the block align with it on the left,
 * the right or the centre.
 */
const stackedBlock = (document: DocumentText, line: TextLine, segment: Segment, postal: Piece, before: Piece[]): AddressBlock | null => {
  const column = before[0]?.span.start ?? postal.span.start;
  const reference = extentOf(line, segment.start, segment.end);
  const above: Piece[] = [];
  let label: PartyRole | null = null;
  let gaps = 0;
  // The column of a form's field labels beside the block's lines ("Anschrift:", "Name:"), once one is read.
  let formColumn: number | null = null;
  // A postcode on a line of its own ("EH1 1YZ") has its city on the line above.
  const maxAbove = MAX_LINES_ABOVE + (isLonePostcode(postal.text) ? 1 : 0);
  // Lines of the address's complement under its street ("Suite 100", "Building A") come on top of the names and street; an
  // attention line is printed under its organisation's name, so the line above it is the block's too.
  const reach = () =>
    maxAbove +
    complementLinesAbove([...above.map((piece) => piece.text), postal.text], above.length) +
    (above[0] && namesForAttention(above[0].text) ? 1 : 0);
  for (let index = line.index - 1; index >= 0 && above.length < reach(); index--) {
    const candidate = document.lines[index]!;
    if (candidate.page !== line.page) break;
    // The form's section heading over its rows ("Verkäufer") names the party and ends the block.
    const heading = formColumn !== null ? headingAt(candidate, formColumn) : null;
    if (heading) {
      label = heading;
      break;
    }
    // A blank line ends the block once its names have begun (also where OCR did not deliver the street line under them,
    // so that a logo's line above is not read as a name); other rows with nothing in the block's column (a gap before
    // the street, the letterhead's column beside the window) are gaps.
    if (candidate.text === '' && namesBegun(above, postal)) break;
    const aligned = alignedSegment(candidate, reference);
    const opened = aligned ? null : labelOpeningName(candidate, reference);
    if (opened) {
      label = opened.role;
      above.unshift(opened.name);
      break;
    }
    if (!aligned) {
      if (candidate.segments.some((other) => overlaps(extentOf(candidate, other.start, other.end), reference)) || ++gaps > MAX_GAPS) break;
      continue;
    }
    // A form's row of the party's that is no part of its address ("Handelsregisternummer:  HRA 45678", "Nummer:  998877")
    // is passed over; its address rows are read, a contact's as the attention line it stands for.
    const row = formRowLabel(candidate, aligned.start);
    if (row !== null && formColumn !== null && Math.abs(row.start - formColumn) <= ALIGNMENT && !ADDRESS_FIELD_LABEL.test(row.text))
      continue;
    if (row !== null && ADDRESS_FIELD_LABEL.test(row.text)) {
      formColumn ??= row.start;
      if (CONTACT_FIELD_LABEL.test(row.text) && !addressesSomeone(aligned.text)) {
        above.unshift({ text: `z. Hd. ${aligned.text}`, span: spanOf(candidate, aligned.start, aligned.end) });
        continue;
      }
    }
    // A form's label beside the line ends the block; one far left on it heads the other column ("RECHNUNGSEMPFÄNGER:"
    // over the bill-to block, the sender's name at the right). A party's label beside it ("Bill to:   Blue Fin Ltd", the
    // street and town indented under the name) labels the block, whose first line that is.
    const fieldLabel = candidate.segments.filter((other) => other.end < aligned.start).at(-1);
    if (
      fieldLabel &&
      /:$/.test(fieldLabel.text) &&
      !ADDRESS_FIELD_LABEL.test(fieldLabel.text) &&
      isBeside(candidate, fieldLabel, aligned.start)
    ) {
      label = roleOfLabel(fieldLabel.text);
      if (label) above.unshift({ text: aligned.text, span: spanOf(candidate, aligned.start, aligned.end) });
      break;
    }
    // "Sold by  Ergotec Trading GmbH", "Seller: Ergotec GmbH": a party's label opening the name's own piece labels the block.
    const labelled = labelledName(aligned.text);
    if (labelled) {
      label = labelled.role;
      above.unshift({ text: labelled.name, span: spanOf(candidate, aligned.start + labelled.offset, aligned.end) });
      break;
    }
    label = roleOfLabel(aligned.text);
    if (label) break;
    if (isNoAddressLine(aligned.text)) {
      // "Lieferant GmbH" / "Handelsname: 99999999800010" / "Lieferantenstraße 20": a party's id under its name, over
      // its street, is a line of the block; it ends the block where no name stands right above it.
      if (above.length > 0 && PARTY_ID_LINE.test(aligned.text) && isNameAbove(document, candidate, reference)) continue;
      break;
    }
    // "(Not to be used for payment remittance)" between a label and its address: a remark, not a name.
    if (REMARK.test(aligned.text)) continue;
    // A one-line address above the block (the return line over a window) is an address of its own, also
    // where a scan widened a gap in it ("Aare AG - Multergasse  121 - 1003 Lausanne") and it falls in segments.
    if (isOneLineAddress(candidate, runAround(candidate, aligned))) break;
    // "Nummer        : GE2020211": a form label whose colon is printed apart.
    if (/^[^:]{1,30}?\s+:/.test(candidate.text.slice(aligned.start))) break;
    above.unshift({ text: aligned.text, span: spanOf(candidate, aligned.start, aligned.end) });
    // A salutation alone on its line ("Herrn", "Firma", "Madame") opens an addressee's block: what is above is no part of it.
    if (addressesSomeone(aligned.text) && !/\s/.test(aligned.text.trim())) break;
  }
  const next = document.lines[line.index + 1];
  const below = isBesideColumn(next, reference) ? document.lines[line.index + 2] : next;
  const countrySegment = below && below.page === line.page ? alignedSegment(below, reference) : null;
  const country =
    countrySegment && countryFromName(countrySegment.text)
      ? [{ text: countrySegment.text, span: spanOf(below!, countrySegment.start, countrySegment.end) }]
      : [];
  const pieces = [...above, ...before, postal, ...country];
  const firstLine = pieces[0]!.span.line;
  return toBlock(
    document,
    pieces,
    false,
    label ?? labelAbove(document, firstLine, column) ?? formLabelAbove(document, firstLine, pieces[0]!.span.start),
  );
};

// The labels of a form's row that names the party's person in charge.
const CONTACT_FIELD_LABEL = /^(?:ansprechpartner(?:in)?|kontakt|contact|interlocuteur|referente|z\. ?hd\.?)\s*:$/iu;

/** A form row's label: the one segment left of the value at `column`, ending in a colon. */
const formRowLabel = (line: TextLine, column: number): Segment | null => {
  const [label, ...others] = line.segments.filter((segment) => segment.end < column);
  return label && others.length === 0 && /:$/.test(label.text) ? label : null;
};

/** The party a line alone in a form's label column names as its section's heading ("Verkäufer"), or null. */
const headingAt = (line: TextLine, column: number): PartyRole | null => {
  const [only, ...others] = line.segments;
  return only && others.length === 0 && Math.abs(only.start - column) <= ALIGNMENT ? roleOfLabel(only.text) : null;
};

/**
 * The role a section heading gives a block of a form's rows ("Verkäufer" over "Name:  Handwerker GmbH", "Anschrift:
 * Handwerkerstraße 20"): the heading stands in the column of the field labels, left of the values the block is read from,
 * however wide the form sets the two columns apart.
 */
const formLabelAbove = (document: DocumentText, firstLine: TextLine, column: number): PartyRole | null => {
  const fieldLabel = formRowLabel(firstLine, column);
  return fieldLabel && ADDRESS_FIELD_LABEL.test(fieldLabel.text) ? labelAbove(document, firstLine, fieldLabel.start) : null;
};

const isPostalPiece = (piece: Piece) => parsePostalLine(piece.text) !== null || isLonePostcode(piece.text);

// A postal code at the start of a piece whose town a scan cut off or garbled ("80133", "80133 Nap").
const POSTAL_CODE_FIRST = /^(?:[A-Z]{1,2}-)?\d{4,5}(?:\s|$)/u;

/**
 * Pieces of a line that make a one-line address (a return line, a letterhead's or footer's line): a postal piece, or a
 * street piece followed by a piece that begins with a postal code, where a scan garbled the town ("Ceramic}  jatica Sa -
 * Via dei Calzaiuol 64 - 80133"). No name line holds a street and a postal code.
 */
const isOneLineAddress = (line: TextLine, run: Segment): boolean => {
  if (piecesOf(line, run).some(isPostalPiece)) return true;
  const parts = run.text.split(SEPARATOR).map((part) => part.trim());
  return parts.some(
    (part, index) => index > 0 && parseStreetLine(part) !== null && parts.slice(index + 1).some((next) => POSTAL_CODE_FIRST.test(next)),
  );
};

// Lines of a labelled block: names, a department or attention line, the street and the town.
const MAX_LABELLED_LINES = 6;

/**
 * Whether the text at `reference` ends a word broken at a hyphen on the line right above, in its column ("Art-Nr-" over
 * "Lieferant", a table's cell): the end of a compound, no label of its own.
 */
const endsBrokenWord = (document: DocumentText, line: TextLine, reference: Extent): boolean => {
  const above = document.lines[line.index - 1];
  if (!above || above.page !== line.page) return false;
  const aligned = alignedSegment(above, reference);
  return aligned !== null && /\p{L}-$/u.test(aligned.text);
};

/**
 * The block under a party label ("INVOICE TO") whose postal code OCR broke ("N1 9GU" read as "9GU" and "NI",
 * apart from the town) or did not deliver at all: the lines aligned under the label, up to a blank line or one out of
 * line, read as names, street and town, or as names down to a street line with its number. Only under a label that
 * labels no block found by its postal line.
 */
const labelledBlockWithoutPostalCode = (
  document: DocumentText,
  line: TextLine,
  label: Segment,
  blocks: AddressBlock[],
): AddressBlock | null => {
  const role = roleOfLabel(label.text);
  if (role === null) return null;
  const reference = extentOf(line, label.start, label.end);
  if (endsBrokenWord(document, line, reference)) return null;
  const pieces: Piece[] = [];
  let passedOver = 0;
  for (let index = line.index + 1; pieces.length < MAX_LABELLED_LINES; index++) {
    const candidate = document.lines[index];
    if (!candidate || candidate.page !== line.page || candidate.text === '') break;
    const aligned = alignedSegment(candidate, reference);
    // A line with nothing under the label (the other column's line, set a little higher) is passed over, once.
    const besideOnly = !candidate.segments.some((other) => overlaps(extentOf(candidate, other.start, other.end), reference));
    if (!aligned && besideOnly && passedOver++ === 0) continue;
    if (!aligned || Math.abs(aligned.start - label.start) > ALIGNMENT) break;
    pieces.push({ text: aligned.text, span: spanOf(candidate, aligned.start, aligned.end) });
  }
  const labelled = blocks.some(
    (block) => block.page === line.page && block.spans.some((span) => pieces.some((piece) => spansOverlap(piece.span, span))),
  );
  if (labelled || pieces.some(isPostalPiece)) return null;
  // The town is the last line that reads as one after a street; what follows it (the broken code) is left out.
  for (let end = pieces.length; end >= 3; end--) {
    const parsed = parseAddressWithoutPostalCode(pieces.slice(0, end).map((piece) => piece.text));
    if (!parsed) continue;
    const block = blockOfPieces(document, pieces.slice(0, end), parsed, role);
    const split = postcodeSplitBelow(document, block.spans.at(-1)!.line, reference);
    if (split) {
      block.address.postal_code = split.code;
      block.address.country_code = 'GB';
      block.fieldSpans.postal_code = split.span;
    }
    return block;
  }
  // No town line at all (the postal line OCR did not deliver): the names down to a street line with its number.
  for (let end = pieces.length; end >= 2; end--) {
    const kept = pieces.slice(0, end);
    const parsed = parseAddressWithoutPostalLine(kept.map((piece) => piece.text));
    if (parsed) return blockOfPieces(document, kept, parsed, role);
  }
  return null;
};

// Names above an attention line: the company's, perhaps over two lines.
const MAX_NAMES_ABOVE_ATTENTION = 2;

/**
 * A window address whose postal line OCR did not deliver (its town and code missing, or garbled past reading): the lines
 * aligned with an attention line ("z.Hd.", "À l'attention de") or a salutation ("Herrn", "Spett.le"), a company's name
 * above or below it, down to a street line with its house number; a line after the street that reads as nothing (the
 * code and town garbled) is left out. No one prints such a line in their own address, so the block is an addressee's.
 * So also a company's name with its legal form over a street line with its number (and perhaps its contact's line), in
 * the window's band or under a party's label. Only on the first page, and only where no block found by its postal line
 * holds that line.
 */
const addresseeBlockWithoutPostalLine = (
  document: DocumentText,
  line: TextLine,
  segment: Segment,
  blocks: AddressBlock[],
): AddressBlock | null => {
  const attention = withoutNoise(segment);
  if (!attention || line.page !== document.lines[0]?.page) return null;
  // Or opened by a company's name with its legal form, in the window's band of the page (see below).
  const byCompany = !addressesSomeone(attention.text) && hasLegalForm(attention.text) && !isNoAddressLine(attention.text);
  if (!byCompany && !addressesSomeone(attention.text)) return null;
  if (blocks.some((block) => block.spans.some((span) => span.line === line && span.start < attention.end && attention.start < span.end)))
    return null;
  const reference = extentOf(line, attention.start, attention.end);
  const alignedAt = (candidate: TextLine | undefined): Piece | null => {
    if (!candidate || candidate.page !== line.page || candidate.text === '') return null;
    const aligned = alignedSegment(candidate, reference);
    // Its lines start in its column, or end where it ends (a block set flush right, as letterheads are).
    const inColumn =
      aligned !== null &&
      (Math.abs(aligned.start - attention.start) <= ALIGNMENT || flushRight(extentOf(candidate, aligned.start, aligned.end), reference));
    if (!inColumn || isNoAddressLine(aligned.text) || roleOfLabel(aligned.text)) return null;
    return { text: aligned.text, span: spanOf(candidate, aligned.start, aligned.end) };
  };
  const pieces: Piece[] = [{ text: attention.text, span: spanOf(line, attention.start, attention.end) }];
  for (
    let index = line.index - 1, piece = byCompany ? null : alignedAt(document.lines[index]);
    piece && pieces.length <= MAX_NAMES_ABOVE_ATTENTION;
  ) {
    pieces.unshift(piece);
    piece = alignedAt(document.lines[--index]);
  }
  const attentionAt = pieces.length - 1;
  let below = line.index + 1;
  for (; pieces.length < MAX_LABELLED_LINES; below++) {
    const piece =
      alignedAt(document.lines[below]) ?? (isBesideColumn(document.lines[below], reference) ? alignedAt(document.lines[++below]) : null);
    if (!piece) break;
    pieces.push(piece);
  }
  // The country line under the gap the lost postal line left.
  const countryBelowGap = document.lines[below]?.text === '' ? alignedAt(document.lines[below + 1]) : null;
  // (A block of the other column may share its lines: only its own text is another block's.)
  if (
    pieces.some(isPostalPiece) ||
    pieces.some((piece) => blocks.some((block) => block.spans.some((span) => spansOverlap(span, piece.span))))
  )
    return null;
  for (let end = pieces.length; end > attentionAt + 1; end--) {
    const kept = pieces.slice(0, end);
    const parsed = parseAddressWithoutPostalLine(kept.map((piece) => piece.text));
    if (!parsed) continue;
    // A country line OCR read where it lost the postal line above it.
    const country = [...pieces.slice(end), ...(countryBelowGap ? [countryBelowGap] : [])].find(
      (piece) => countryFromName(piece.text) !== null,
    );
    if (country) {
      parsed.address.country_code = countryFromName(country.text);
      parsed.lineOf.country_code = kept.push(country) - 1;
    }
    const block = blockOfPieces(document, kept, parsed, labelAbove(document, kept[0]!.span.line, kept[0]!.span.start));
    // A company's name over its street alone is an address only where a window shows one, under a party's label, or as the
    // first words of the page (a letterhead, the sender's): a footer's town OCR lost, or a line above the window, is none.
    if (byCompany && block.label === null && (block.top > WINDOW_BOTTOM || (block.top < WINDOW_TOP && !opensPage(document, line))))
      return null;
    return block;
  }
  return null;
};

/** Nothing but marks (a logo's, specks) is printed above the line on its page. */
const opensPage = (document: DocumentText, line: TextLine): boolean =>
  document.lines.every((other) => other.page !== line.page || other.index >= line.index || !/\p{L}{2}/u.test(other.text));

// The band of the first page a window envelope shows.
const WINDOW_TOP = 0.08;
const WINDOW_BOTTOM = 0.45;

/** The block of lines parsed without their postal line. */
const blockOfPieces = (document: DocumentText, kept: Piece[], parsed: ParsedAddress, label: PartyRole | null): AddressBlock => {
  const fieldSpans: AddressBlock['fieldSpans'] = Object.fromEntries(
    Object.entries(parsed.lineOf).map(([field, at]) => [field, kept[at]!.span]),
  );
  const first = kept[0]!.span.line;
  const box = boxOf(kept.map((piece) => piece.span));
  const extent = pageExtent(document, first.page);
  return {
    address: parsed.address,
    fieldSpans,
    spans: kept.map((piece) => piece.span),
    page: first.page,
    firstLine: first.index,
    lastLine: kept.at(-1)!.span.line.index,
    column: kept[0]!.span.start,
    top: box ? box[1] : (first.index - extent.first) / extent.count,
    compact: false,
    label,
  };
};

/**
 * A British postcode the layout split over the two lines under the town, its halves a little apart in height ("9GU"
 * above "NI" for "N1 9GU"): the two pieces under the block's column, read whole in either order.
 */
const postcodeSplitBelow = (document: DocumentText, town: TextLine, reference: Extent): { code: string; span: Span } | null => {
  const parts = [1, 2].map((offset) => {
    const below = document.lines[town.index + offset];
    if (!below || below.page !== town.page) return null;
    const segment = below.segments.find((other) => overlaps(extentOf(below, other.start, other.end), reference));
    return segment ? { text: segment.text.trim(), span: spanOf(below, segment.start, segment.end) } : null;
  });
  const [first, second] = parts;
  if (!first || !second) return null;
  for (const [a, b] of [
    [first, second],
    [second, first],
  ] as const) {
    const code = lonePostcode(`${a.text} ${b.text}`);
    if (code) return { code, span: a.span };
  }
  return null;
};

const hasStreet = (block: AddressBlock) => block.address.street !== null || block.address.post_office_box !== null;
/** A name as two prints of it share it: letters and digits, without accents or case. */
const bareName = (name: string | null) =>
  name === null
    ? null
    : withoutAccents(name)
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Blocks read without a street (its line not delivered) where another block prints the same name, postal code and town
 * with a street: the same address printed whole elsewhere (a window and a payment slip's "payable by"), which says more
 * of it. (Another party in the same town keeps its block.) What the street-less print says and the whole one does not
 * (the contact a window names, a payment slip leaves out) goes to the whole print, so that no field is lost with it.
 */
const withoutStreetlessPrints = (blocks: AddressBlock[]): void => {
  const whole = blocks.filter(hasStreet);
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index]!;
    if (hasStreet(block)) continue;
    const prints = whole.filter(
      (other) =>
        other.address.postal_code === block.address.postal_code &&
        other.address.city_name === block.address.city_name &&
        bareName(other.address.company_name) === bareName(block.address.company_name),
    );
    if (prints.length === 0) continue;
    blocks.splice(index, 1);
    const contact = block.address.contact_person_name;
    const contactSpan = block.fieldSpans.contact_person_name;
    for (const print of prints.filter((other) => other.address.contact_person_name === null && contact !== null && contactSpan)) {
      print.address = { ...print.address, contact_person_name: contact };
      print.fieldSpans = { ...print.fieldSpans, contact_person_name: contactSpan };
    }
  }
};

/**
 * Every postal address printed on the document, by its shape: a postal-code-and-city line with a street
 * or post office box above it and names above that, aligned in one column (a window address, a letterhead,
 * a footer column), or all of it on one line separated by bars, bullets, dashes or commas.
 */
const ENDS_IN_FOUR_DIGITS = /(?:^|\s)\d{4}[^\p{L}\d]*$/u;

/**
 * A block ending in a town and its code under its street or post office box, on one line ("Auckland 1140") or with the
 * code on a line of its own ("Cape Town" over "8001").
 */
const townAndCodeBlock = (document: DocumentText, line: TextLine, segment: Segment): AddressBlock | null => {
  if (!ENDS_IN_FOUR_DIGITS.test(segment.text)) return null;
  const reference = extentOf(line, segment.start, segment.end);
  // The two lines above, a blank line a scan's wide spacing set between them passed over.
  const above = document.lines
    .slice(Math.max(0, line.index - 4), line.index)
    .filter((other) => other.page === line.page && other.text !== '')
    .slice(-2)
    .map((other) => alignedSegment(other, reference)?.text ?? '');
  const [street = '', town = ''] = above.length === 2 ? above : ['', above[0]];
  const postal = { text: segment.text, span: spanOf(line, segment.start, segment.end) };
  if (townThenCodeUnder(segment.text, town) !== null) return stackedBlock(document, line, segment, postal, []);
  return townOverCode([street, town, segment.text], 2) !== null ? stackedBlock(document, line, segment, postal, []) : null;
};

export const findAddressBlocks = (document: DocumentText): AddressBlock[] => {
  const blocks: AddressBlock[] = [];
  const addBlock = (block: AddressBlock | null) => {
    if (block && !blocks.some((known) => known.firstLine === block.firstLine && known.column === block.column)) blocks.push(block);
  };
  for (const line of document.lines) {
    for (const segment of [...line.segments, ...closeRuns(line)]) {
      const pieces = piecesOf(line, segment);
      const postalAt = pieces.findIndex(isPostalPiece);
      if (postalAt < 0) {
        addBlock(townAndCodeBlock(document, line, segment));
        continue;
      }
      // A one-line address without a name ("441 Church Lane · London · EC2A 4NE") has it on the line above.
      const nameless = pieces
        .slice(0, postalAt)
        .every(
          (piece, index) =>
            parseStreetLine(piece.text) !== null ||
            parsePoBox(piece.text) !== null ||
            (index === postalAt - 1 && isTown(piece.text) && isLonePostcode(pieces[postalAt]!.text)),
        );
      const block =
        postalAt >= 2 && !nameless
          ? toBlock(document, pieces, true, labelAbove(document, line, segment.start))
          : stackedBlock(document, line, withoutNoise(segment) ?? segment, pieces[postalAt]!, pieces.slice(0, postalAt));
      addBlock(block);
    }
  }
  withoutStreetlessPrints(blocks);
  for (const line of document.lines)
    for (const segment of line.segments) {
      const block = labelledBlockWithoutPostalCode(document, line, segment, blocks);
      if (block) blocks.push(block);
    }
  for (const line of document.lines)
    for (const segment of line.segments) {
      const block = addresseeBlockWithoutPostalLine(document, line, segment, blocks);
      if (block) blocks.push(block);
    }
  return blocks;
};
