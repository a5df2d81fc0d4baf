import { distance as editDistance } from 'fastest-levenshtein';
import { emptyAddress } from '../../../../contracts/events/extracted-data.js';
import { typeSizeOf } from '../layout/type-size.js';
import type { Address } from '../../../../contracts/events/extracted-data.js';
import { isTitle, type AddressBlock } from '../layout/address-blocks.js';
import { withoutAccents } from '../layout/labels.js';
import { attentionPrefix, hasLegalForm, isFormOfAddress, splitNames, type PostalAddress } from '../values/postal-address.js';
import type { AccountFinding } from './bank-accounts.js';
import {
  countryByEvidence,
  countryFromDomain,
  countryFromPhone,
  countryFromVatId,
  postalCodeFits,
  type CountryVote,
} from '../values/countries.js';
import { findContactBesideAddress, findContactPerson } from './contact-person.js';
import { domainNamesIn } from './domain-names.js';
import { looksMisread, namePrintsIn, votedReading, type ReadWord, type Vote } from './print-votes.js';
import { findLetterheadName, reconciledName, type LetterheadName } from './letterhead-name.js';
import { currencyOnLine } from '../values/currency.js';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { boxOf, foundAt, legibilityOf, type Finding, type Span } from '../values/finding.js';
import type { TaxIdMention } from './tax-ids.js';

export type AddressField = Exclude<keyof Address, 'address_id'>;

/** A party's address and, per filled field, where it was read (or null when derived from another field). */
export interface Party {
  address: Address;
  evidence: Partial<Record<AddressField, Finding<string> | { derivedFrom: string[]; confidence: number }>>;
  /** Why this block is this party, for logs and tests. */
  reasons: string[];
}

/** An account of the sender's, with the currency its line names (a CHF and a EUR account are no contradiction). */
export interface SenderAccount {
  iban: string;
  currency: string | null;
}

export interface Parties {
  sender: Party | null;
  receiver: Party | null;
  /** Accounts printed with the sender (to pay to), as opposed to the receiver's (printed for a direct debit). */
  senderAccounts: SenderAccount[];
}

interface Scored {
  block: AddressBlock;
  sender: number;
  receiver: number;
  /** Of the sender's points, those only the block's place or type size gave (a letterhead's cues), not what it prints. */
  senderByLook: number;
  reasons: string[];
}

// Evidence weights: a label says it outright; a VAT id or IBAN printed with a party marks the sender
// (invoices must name the supplier's VAT id; the payee's account is where the money goes); positions
// (return line above the window, footer, window) are cues of the letter's layout.
const WEIGHTS = {
  label: 6,
  returnLine: 4,
  belowReturnLine: 3,
  taxIdNear: 3,
  ibanNear: 2,
  footer: 2,
  letterhead: 2,
  largerName: 2,
  receiptHead: 3,
  contactNear: 1,
  salutation: 1,
  // No one writes "for the attention of" above their own address: with the window area, that decides.
  attention: 2,
  window: 1,
};
const DECIDES = 3;

// "Der Betrag wird von Ihrem Konto abgebucht", "prélevé sur votre compte": the receiver's account, for a direct debit.
const DEBITED = /abgebucht|eingezogen|lastschrift|von ihrem konto|debited from|direct debit|prélev|addebit/iu;

const textAround = (document: DocumentText, line: TextLine) =>
  document.lines
    .slice(Math.max(0, line.index - 2), line.index + 1)
    .filter((other) => other.page === line.page)
    .map((other) => other.text)
    .join(' ');

const FOOTER = 0.75;

// "Tél.", "Téléphone": French prints the accent; "Mobile", "Portable", "Natel": a mobile's number.
const CONTACT = /(?<!\p{L})(?:t[eé]l|telefon|t[eé]l[eé]phone|phone|fon|fax|e-?mail|mail|www|mobile?|portable|natel)(?!\p{L})|@/iu;

/** The block's name set in larger type than its address lines: a letterhead or a shop's sign. */
const hasLargerName = (block: AddressBlock): boolean => {
  const name = block.fieldSpans.company_name;
  const postal = block.fieldSpans.postal_code;
  if (!name || !postal || name.line === postal.line) return false;
  const nameHeight = typeSizeOf(name);
  const postalHeight = typeSizeOf(postal);
  return nameHeight !== null && postalHeight !== null && nameHeight > postalHeight * 1.15;
};

/** A full address where a window envelope shows the recipient: on the first page, below the letterhead, above the middle. */
const inWindowArea = (document: DocumentText, block: AddressBlock): boolean =>
  !block.compact && block.page === document.lines[0]?.page && block.top >= 0.08 && block.top <= 0.45;

/**
 * A heading line above any address, so no party's: the document's title with its number and date beside
 * it (a coloured header band), each part the title or holding digits, or a line of nothing but a date or number.
 */
const isHeading = (line: TextLine): boolean =>
  /^[\d\s./-]+$/.test(line.text.trim()) ||
  (line.segments.some((segment) => isTitle(segment.text)) &&
    line.segments.every((segment) => isTitle(segment.text) || /\d/.test(segment.text)));

/** The block is the first thing printed on the document's first page, below its heading if any, and no other block starts above it. */
const opensDocument = (document: DocumentText, block: AddressBlock, blocks: AddressBlock[]): boolean => {
  // (Blank lines a scan's wide line spacing sets between printed lines count for nothing.)
  const [firstPrinted, secondPrinted] = document.lines.filter((line) => line.text !== '' && !isHeading(line));
  return (
    firstPrinted !== undefined &&
    block.page === firstPrinted.page &&
    block.firstLine <= (secondPrinted?.index ?? firstPrinted.index + 1) &&
    !blocks.some((other) => other.page === block.page && other.firstLine < block.firstLine)
  );
};

/** How far below the top of its page, or below the heading printed above it (a header band takes the top), the block starts. */
const topBelowHeading = (document: DocumentText, block: AddressBlock): number => {
  const heading = document.lines.filter((line) => line.page === block.page && line.index < block.firstLine && isHeading(line));
  const bottom = Math.max(0, ...heading.flatMap((line) => line.words.map((word) => word.box[3])));
  return block.top - bottom;
};

/** Whether a span is printed with the block: its column, from the line above it to a few lines below. */
const isNear = (block: AddressBlock, span: Span, linesBelow: number): boolean => {
  if (span.line.page !== block.page) return false;
  if (span.line.index < block.firstLine - 1 || span.line.index > block.lastLine + linesBelow) return false;
  // A footer's columns (address, contact, ids, bank) all speak for the one party that prints it.
  if (block.compact || (block.top > FOOTER && span.line.index <= block.lastLine + 1)) return true;
  return span.start >= block.column - 10 && span.start <= block.column + 50;
};

export interface PartyOptions {
  /** The document is a receipt: it names its shop, at its top, and rarely a customer. */
  receipt?: boolean;
}

const score = (
  document: DocumentText,
  block: AddressBlock,
  blocks: AddressBlock[],
  taxIds: TaxIdMention[],
  accounts: AccountFinding[],
  options: PartyOptions,
): Scored => {
  const scored: Scored = { block, sender: 0, receiver: 0, senderByLook: 0, reasons: [] };
  const add = (role: 'sender' | 'receiver', weight: number, reason: string) => {
    scored[role] += weight;
    scored.reasons.push(`${role}: ${reason}`);
  };
  const addByLook = (weight: number, reason: string) => {
    add('sender', weight, reason);
    scored.senderByLook += weight;
  };
  if (block.label === 'sender') add('sender', WEIGHTS.label, 'labelled');
  if (block.label === 'receiver') add('receiver', WEIGHTS.label, 'labelled');
  const onFirstPage = block.page === document.lines[0]?.page;
  if (block.compact && onFirstPage && block.top < 0.35) add('sender', WEIGHTS.returnLine, 'one-line address at the top');
  if (block.top > FOOTER) add('sender', WEIGHTS.footer, 'in the footer');
  // At the very top (above where a window sits): a letterhead, not a window address that happens to come first.
  if (!block.compact && opensDocument(document, block, blocks) && topBelowHeading(document, block) < 0.1 && block.label === null)
    addByLook(WEIGHTS.letterhead, 'opens the document');
  if (hasLargerName(block)) addByLook(WEIGHTS.largerName, 'name in larger type');
  if (
    options.receipt &&
    block.label === null &&
    onFirstPage &&
    block.top < 0.4 &&
    block === blocks.find((other) => other.page === block.page && other.label === null)
  ) {
    add('sender', WEIGHTS.receiptHead, 'the first address on a receipt');
  }
  const returnLine = blocks.find(
    (other) => other.compact && other.page === block.page && block.firstLine - other.lastLine >= 1 && block.firstLine - other.lastLine <= 3,
  );
  if (!block.compact && returnLine && onFirstPage && block.top < 0.45) add('receiver', WEIGHTS.belowReturnLine, 'below a return line');
  for (const mention of taxIds.filter((candidate) => isNear(block, candidate.span, 6))) {
    add(mention.ofReceiver ? 'receiver' : 'sender', WEIGHTS.taxIdNear, `${mention.kind} ${mention.value} near`);
  }
  if (accounts.some((account) => isNear(block, account.span, 8))) add('sender', WEIGHTS.ibanNear, 'IBAN near');
  const around = document.lines.slice(Math.max(0, block.firstLine - 1), block.lastLine + 4).filter((line) => line.page === block.page);
  const contactNear = around.some((line) =>
    line.segments.some(
      (segment) =>
        CONTACT.test(segment.text) &&
        (block.compact ||
          Math.abs(segment.start - block.column) <= 2 ||
          isNear(block, { line, start: segment.start, end: segment.end }, 3)),
    ),
  );
  if (contactNear) add('sender', WEIGHTS.contactNear, 'contact details near');
  const salutations = block.spans.map((span) => span.line.text.slice(span.start, span.end).trim()).filter(isFormOfAddress);
  // "Herrn" on a line of its own over the name: the form of address of a letter's addressee, as sure as an attention line.
  if (salutations.some((text) => !/\s/.test(text))) add('receiver', WEIGHTS.attention, 'salutation on its own line');
  else if (salutations.length > 0) add('receiver', WEIGHTS.salutation, 'salutation');
  if (block.spans.some((span) => attentionPrefix(span.line.text.slice(span.start, span.end)) !== null))
    add('receiver', WEIGHTS.attention, 'for the attention of');
  if (inWindowArea(document, block)) add('receiver', WEIGHTS.window, 'in the window area');
  return scored;
};

/**
 * A text without its accents and case: what OCR keeps of a name whose accents it may drop ("Jaures" for Jaurès), or of an
 * i whose dot it lost ("Rıtter").
 */
const folded = (text: string | null): string | null => (text === null ? null : withoutAccents(text).toLowerCase().replace(/ı/gu, 'i'));

/** How many accents a text carries. */
const accentsOf = (text: string): number => text.normalize('NFD').match(/\p{M}/gu)?.length ?? 0;
const spacesOf = (text: string): number => text.match(/\s+/g)?.length ?? 0;

/** A company's name as OCR's two readings of it share it: without accents, spaces and punctuation. */
const bareName = (name: string | null): string | null => folded(name)?.replace(/[^\p{L}\p{N}]/gu, '') || null;

/**
 * Two blocks print the same address: postal code, street (or box) and house number, the street compared without its
 * accents, which OCR may drop in one print of it, and through one letter OCR misread in a long street's name. The same company printed twice (a letterhead and its footer or return
 * line) is one address also where OCR misread one of the three in one print ("13a" and "130", "3O11" for 3011): its name
 * and two of them agree, or, where one print's name OCR did not deliver, its street and postal code, the house number one
 * letter apart.
 */
const sameAddress = (a: AddressBlock, b: AddressBlock) => {
  const sameStreet = sameStreetRead(a.address.street ?? a.address.post_office_box, b.address.street ?? b.address.post_office_box);
  // A print whose postal line OCR did not deliver has no postal code to disagree with.
  const samePostalCode =
    a.address.postal_code === b.address.postal_code || a.address.postal_code === null || b.address.postal_code === null;
  const agreeing = [samePostalCode, sameStreet, a.address.house_number === b.address.house_number].filter(Boolean).length;
  if (agreeing === 3) return true;
  const [name, otherName] = [bareName(a.address.company_name), bareName(b.address.company_name)];
  // A print whose name OCR lost (a logo's, or not delivered) names no other company: its street and postal code agree, and
  // its house number is the other's read with a letter for a digit ("13a" for 130), not a neighbour's ("15" for 13).
  const nameless =
    (name === null || otherName === null) &&
    sameStreet &&
    a.address.postal_code !== null &&
    a.address.postal_code === b.address.postal_code;
  return (
    agreeing === 2 &&
    ((name !== null && name === otherName) ||
      (nameless && misreadHouseNumber(a.address.house_number, b.address.house_number)) ||
      interleavedReturnLine(a, b, samePostalCode))
  );
};

/**
 * A one-line print (a return line) whose words OCR interleaved with the name's ("Rhein Spitalgasse Särl 166 - 9000
 * St. Gallen" for "Rhein Sàrl - Spitalgasse 166 - …"), so that its street holds the other print's street whole among
 * other words: the same address where its house number and postal code agree.
 */
const interleavedReturnLine = (a: AddressBlock, b: AddressBlock, samePostalCode: boolean): boolean => {
  const oneLine = (block: AddressBlock) => block.compact || block.firstLine === block.lastLine;
  if (!(oneLine(a) || oneLine(b)) || !samePostalCode || a.address.postal_code === null || a.address.house_number !== b.address.house_number)
    return false;
  const words = (street: string | null) => folded(street)?.split(' ') ?? [];
  const holds = (longer: string[], shorter: string[]) =>
    shorter.join('').length >= 6 && longer.length > shorter.length && shorter.every((word) => longer.includes(word));
  const [x, y] = [words(a.address.street), words(b.address.street)];
  return holds(x, y) || holds(y, x);
};

/**
 * Two readings of one street (or box): the same without accents, or, for a street's name of six letters or more, one
 * letter apart, as OCR misreads one in one print ("Sfeinenvorstadt", "Steinenvorstadt"); the house number and postal
 * code still have to agree for the address to be the same.
 */
const sameStreetRead = (a: string | null, b: string | null): boolean => {
  const [x, y] = [folded(a), folded(b)];
  return x === y || (x !== null && y !== null && Math.min(x.length, y.length) >= 6 && editDistance(x, y) <= 1);
};

/** Two readings of one house number: as many characters, one apart, where one of the two is no digit ("13a", "130"). */
const misreadHouseNumber = (a: string | null, b: string | null): boolean => {
  if (a === null || b === null || a.length !== b.length) return false;
  const apart = [...a].flatMap((character, index) => (character === b[index] ? [] : [[character, b[index]!]]));
  return apart.length === 1 && apart[0]!.some((character) => !/\d/.test(character));
};

const FIELDS: (keyof PostalAddress)[] = [
  'company_name',
  'contact_person_name',
  'street',
  'house_number',
  'post_office_box',
  'postal_code',
  'city_name',
  'country_code',
];

// Fields that hold words, in which a digit, a sign or a capital in the middle of a word is OCR's.
const NAMED_FIELDS: (keyof PostalAddress)[] = ['company_name', 'contact_person_name', 'street', 'city_name'];

// Fields printed with every print of a party and long enough for OCR to misread a letter in one print and not another.
const VOTED_FIELDS: (keyof PostalAddress)[] = ['company_name', 'street'];

/**
 * A block's field word by word, each with how surely OCR read it: the least confident of the OCR words it lies in, found
 * on the field's line from where the field starts; a word not found there (the value normalized) gets the field's.
 */
const wordsOfField = (block: AddressBlock, field: keyof PostalAddress): ReadWord[] => {
  const span = block.fieldSpans[field];
  const fieldConfidence = span && span.line.words.some((word) => word.confidence !== null) ? legibilityOf([span]) : null;
  let from = span?.start ?? 0;
  return block.address[field]!.split(/\s+/).map((text) => {
    const at = span ? span.line.text.indexOf(text, from) : -1;
    if (!span || at < 0 || at > span.end) return { text, confidence: fieldConfidence };
    from = at + text.length;
    const read = span.line.words.filter((word) => word.start < at + text.length && at < word.end && word.confidence !== null);
    return { text, confidence: read.length > 0 ? Math.min(...read.map((word) => word.confidence!)) : fieldConfidence };
  });
};

/** How well a block's field was read: its words' OCR confidence (1 for a text layer). */
const legibilityOfField = (block: AddressBlock, field: keyof PostalAddress): number => {
  const span = block.fieldSpans[field];
  return span ? legibilityOf([span]) : 0;
};

/**
 * The party's address from its best block, fields it lacks filled from other blocks of the same address;
 * where the same address is printed twice (letterhead and footer), each field from the print OCR read
 * with the most confidence (the letterhead's large type rather than the footer's small print).
 */
const partyFrom = (
  chosen: Scored,
  all: Scored[],
  confidence: number,
  document: DocumentText,
  blockSpans: readonly Span[],
  votersOnly: readonly AddressBlock[] = [],
): Party => {
  const blocks = [
    chosen.block,
    ...all.map((scored) => scored.block).filter((block) => block !== chosen.block && sameAddress(block, chosen.block)),
  ];
  // Prints that vote on a name or street but fill no field (a delivery address may name a warehouse or another contact).
  const voters = [...blocks, ...votersOnly.filter((block) => sameAddress(block, chosen.block))];
  const address: Address = emptyAddress();
  const evidence: Party['evidence'] = {};
  const domains = domainNamesIn(document);
  for (const field of FIELDS) {
    // Of two readings that differ only in accents or spaces, the one with more of them: OCR drops accents and the
    // spaces between words ("CeresioSA"), it does not add them.
    const better = (block: AddressBlock, best: AddressBlock): boolean => {
      const [value, bestValue] = [block.address[field]!, best.address[field]!];
      const bare = (text: string) => folded(text)!.replace(/\s+/g, '');
      // A reading with a mark OCR makes of a speck or a misread letter loses to one without, however sure OCR was of it.
      if (NAMED_FIELDS.includes(field) && looksMisread(value) !== looksMisread(bestValue)) return !looksMisread(value);
      if (value !== bestValue && bare(value) === bare(bestValue))
        return accentsOf(value) - accentsOf(bestValue) + (spacesOf(value) - spacesOf(bestValue)) > 0;
      return legibilityOfField(block, field) > legibilityOfField(best, field);
    };
    const source = blocks
      .filter((block) => block.address[field] !== null)
      .reduce<AddressBlock | undefined>((best, block) => (best === undefined || better(block, best) ? block : best), undefined);
    if (!source) continue;
    address[field] = source.address[field];
    const span = source.fieldSpans[field];
    if (!span) continue;
    // The company's name printed outside the address blocks (a logo, a payee's line, a closing line) is a print too.
    const namePrints = field === 'company_name' ? namePrintsIn(document, source.address[field]!, blockSpans) : [];
    const vote = VOTED_FIELDS.includes(field)
      ? votedReading(
          [
            ...voters
              .filter((block) => block.address[field] !== null)
              .map((block) => ({ words: wordsOfField(block, field), chosen: block === source })),
            ...namePrints.map((print) => ({ words: print.words, chosen: false })),
          ],
          domains,
        )
      : null;
    if (vote) address[field] = vote.value;
    evidence[field] = foundAt(address[field]!, vote ? confidenceByPrints(confidence, vote) : confidence, [span]);
  }
  return { address, evidence, reasons: chosen.reasons };
};

/**
 * How sure a field is where the party is printed more than once: surer where another print reads the same, less sure
 * where the prints read different things and most do not read the value taken.
 */
const confidenceByPrints = (confidence: number, vote: Vote): number => {
  if (vote.conflicting === 0) return Math.min(0.95, confidence + 0.05);
  return vote.agreeing > vote.conflicting ? confidence : confidence - 0.1;
};

const best = (candidates: Scored[], role: 'sender' | 'receiver'): Scored | null => {
  const other = role === 'sender' ? 'receiver' : 'sender';
  return (
    [...candidates]
      .filter((scored) => scored[role] >= DECIDES && scored[role] > scored[other])
      .sort((a, b) => b[role] - b[other] - (a[role] - a[other]))[0] ?? null
  );
};

const confidenceOf = (points: number) => Math.min(0.95, 0.5 + 0.05 * points);

/** Assigns the VAT ids and company ids: the receiver's labelled ones and those near it, the rest to the sender. */
const assignTaxIds = (
  parties: { sender: Party | null; receiver: Party | null },
  senderBlock: AddressBlock | null,
  receiverBlock: AddressBlock | null,
  taxIds: TaxIdMention[],
) => {
  // A customer's id is labelled as such ("Ihre USt-IdNr") or printed within its address block.
  const forReceiver = (mention: TaxIdMention) =>
    mention.ofReceiver ||
    (receiverBlock !== null && isNear(receiverBlock, mention.span, 1) && !(senderBlock && isNear(senderBlock, mention.span, 6)));
  const nearSender = (mention: TaxIdMention) => senderBlock !== null && isNear(senderBlock, mention.span, 6);
  for (const kind of ['vat_id', 'company_id'] as const) {
    const mentions = taxIds.filter((mention) => mention.kind === kind);
    const receiverIds = mentions.filter(forReceiver);
    const senderIds = mentions.filter((mention) => !forReceiver(mention));
    // Near the sender's block first; an id printed elsewhere is the sender's only if it is the only one.
    const senderId =
      senderIds.find(nearSender) ?? (new Set(senderIds.map((mention) => mention.value)).size === 1 ? senderIds[0] : undefined);
    if (senderId) {
      parties.sender ??= { address: emptyAddress(), evidence: {}, reasons: [`${kind} printed without a customer label`] };
      parties.sender.address[kind] = senderId.value;
      parties.sender.evidence[kind] = foundAt(senderId.value, senderId.verified ? 0.9 : 0.75, [senderId.span]);
    }
    // A customer's id its label names as such is the receiver's also where no block of the receiver's was found.
    const receiverId = receiverIds[0];
    if (receiverId && (parties.receiver || receiverId.ofReceiver)) {
      parties.receiver ??= { address: emptyAddress(), evidence: {}, reasons: [`${kind} labelled as the customer's`] };
      parties.receiver.address[kind] = receiverId.value;
      parties.receiver.evidence[kind] = foundAt(receiverId.value, receiverId.verified ? 0.85 : 0.7, [receiverId.span]);
    }
  }
};

// How far down the first page a letterhead reaches, and how many lines above the id it prints its name.
const LETTERHEAD_BOTTOM = 0.35;
const LETTERHEAD_LINES = 4;

/**
 * The sender's name where OCR garbled its letterhead's street and town, so that no address block was found: the line
 * with a company form at the head of the column that prints the sender's VAT id, near the top of the first page, no
 * blank line between them.
 */
const letterheadNameOverId = (document: DocumentText, mention: TaxIdMention, blockSpans: readonly Span[]): Finding<string> | null => {
  const line = mention.span.line;
  const top = boxOf([mention.span])?.[1] ?? (line.index - (document.lines[0]?.index ?? 0)) / Math.max(1, document.lines.length);
  const segment = line.segments.find((candidate) => candidate.start <= mention.span.start && mention.span.start < candidate.end);
  if (line.page !== document.lines[0]?.page || top > LETTERHEAD_BOTTOM || !segment) return null;
  let name: Finding<string> | null = null;
  for (let index = line.index - 1; index >= 0 && index >= line.index - LETTERHEAD_LINES; index--) {
    const above = document.lines[index]!;
    if (above.page !== line.page || above.text === '') break;
    const aligned = above.segments.find((candidate) => Math.abs(candidate.start - segment.start) <= 2);
    if (!aligned) continue;
    if (blockSpans.some((span) => span.line === above && span.start < aligned.end && aligned.start < span.end)) break;
    const company = hasLegalForm(aligned.text) ? splitNames([aligned.text]).company : null;
    if (company) name = foundAt(company, 0.6, [{ line: above, start: aligned.start, end: aligned.end }]);
  }
  return name;
};

const PHONE = /(?<![\w+])(?:\+|00)\s?\d{1,3}[\s\d()/.-]{6,}/g;
const DOMAIN = /(?:[\w.-]+@|www\.)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?![\w.])/gi;

/**
 * Where the sender's evidence points: its VAT id, its accounts, and the phone numbers and web and mail
 * domains the document prints outside the receiver's block (they are the sender's contact details).
 */
const senderCountryVotes = (
  document: DocumentText,
  sender: Party,
  receiverBlock: AddressBlock | null,
  accounts: SenderAccount[],
): CountryVote[] => {
  const best = new Map<string, number>();
  const vote = (kind: string, country: string | null, weight: number) => {
    if (country) best.set(`${kind} ${country}`, Math.max(best.get(`${kind} ${country}`) ?? 0, weight));
  };
  if (sender.address.vat_id) vote('vat', countryFromVatId(sender.address.vat_id), 3);
  for (const account of accounts) vote('account', account.iban.slice(0, 2), 2);
  for (const line of document.lines) {
    const outside = (index: number, length: number) =>
      !(receiverBlock && isNear(receiverBlock, { line, start: index, end: index + length }, 0));
    for (const match of line.text.matchAll(PHONE)) if (outside(match.index, match[0].length)) vote('phone', countryFromPhone(match[0]), 2);
    for (const match of line.text.matchAll(DOMAIN))
      if (outside(match.index, match[0].length)) vote('domain', countryFromDomain(match[0]), 1);
  }
  return [...best].map(([key, weight]) => ({ country: key.split(' ')[1]!, weight }));
};

/**
 * A country not printed with the address, from evidence: the sender's VAT id, accounts, phone numbers
 * and domains, where its postal code has that country's shape; the receiver's VAT id; for a receiver
 * whose postal code has the shape of the sender's country, a domestic letter's (no country printed).
 */
const fillCountries = (
  document: DocumentText,
  sender: Party | null,
  receiver: Party | null,
  receiverBlock: AddressBlock | null,
  accounts: SenderAccount[],
) => {
  if (sender && sender.address.country_code === null) {
    const votes = senderCountryVotes(document, sender, receiverBlock, accounts);
    const country = countryByEvidence(sender.address.postal_code, votes);
    if (country) {
      sender.address.country_code = country;
      const fromVat = sender.address.vat_id !== null && countryFromVatId(sender.address.vat_id) === country;
      // Without the VAT id: the postal code's shape, confirmed by the sender's contact details and accounts.
      sender.evidence.country_code = { derivedFrom: fromVat ? ['vat_id'] : ['postal_code'], confidence: fromVat ? 0.8 : 0.7 };
    }
  }
  if (receiver && receiver.address.country_code === null && receiver.address.vat_id) {
    const country = countryFromVatId(receiver.address.vat_id);
    if (country && (receiver.address.postal_code === null || postalCodeFits(country, receiver.address.postal_code))) {
      receiver.address.country_code = country;
      receiver.evidence.country_code = { derivedFrom: ['vat_id'], confidence: 0.8 };
    }
  }
  // A letter prints no country for an address in the sender's own country; a receiver whose postal code OCR broke
  // (its town read alone) or whose postal line it did not deliver (its street read last) has nothing that says otherwise.
  const home = sender?.address.country_code;
  const postalCode = receiver?.address.postal_code ?? null;
  if (
    home &&
    receiver &&
    receiver.address.country_code === null &&
    (postalCode !== null ? postalCodeFits(home, postalCode) : receiver.address.city_name !== null || receiver.address.street !== null)
  ) {
    receiver.address.country_code = home;
    receiver.evidence.country_code = { derivedFrom: ['sender_address.country_code'], confidence: 0.6 };
  }
};

// How far from the page's left edge an address starts to be set in, as a window's is, rather than at the margin.
const SET_IN = 1 / 3;

/** The block starts a third of the page's width or more from its left edge (in characters where no word has a box). */
const setIn = (document: DocumentText, block: AddressBlock): boolean => {
  const box = boxOf(block.spans);
  if (box) return box[0] >= SET_IN;
  const widest = Math.max(...document.lines.filter((line) => line.page === block.page).map((line) => line.text.length));
  return block.column >= widest * SET_IN;
};

/**
 * Without a sender's address (printed in a logo, or not at all) but with the sender's VAT id or account
 * printed elsewhere, the one address in the window area with nothing of the sender's near it (no VAT
 * id, IBAN or contact details) is the receiver's. So it is where the document prints nothing of any sender's at all
 * (no id, account or contact details: an invoice on pre-printed paper, or one that names only its customer) and the
 * address is set in from the margin at the window's height, where a letter prints it for the post, with at most a
 * letterhead above it (an address that only opens the document, at the margin): what an invoice must say of its
 * issuer a bare name, street and town do not. Its own place at the top (a letterhead's look) does not say otherwise
 * there; a name in larger type does.
 */
const loneWindowAddress = (
  document: DocumentText,
  candidates: Scored[],
  taxIds: TaxIdMention[],
  accounts: AccountFinding[],
): Scored | null => {
  const senderPrinted = accounts.length > 0 || taxIds.some((mention) => !mention.ofReceiver);
  const windowed = candidates.filter(
    (scored) =>
      scored.block.label === null &&
      inWindowArea(document, scored.block) &&
      (senderPrinted
        ? scored.sender === 0
        : scored.sender === scored.senderByLook && !hasLargerName(scored.block) && setIn(document, scored.block)),
  );
  const [first] = windowed;
  if (!first || windowed.some((scored) => !sameAddress(scored.block, first.block))) return null;
  if (senderPrinted)
    return { ...first, reasons: [...first.reasons, 'receiver: the only address in the window, none of the sender’s'], receiver: DECIDES };
  const letterheadAbove = (scored: Scored) =>
    scored.block.label === null &&
    scored.senderByLook > 0 &&
    scored.sender === scored.senderByLook &&
    scored.block.firstLine < first.block.firstLine &&
    !setIn(document, scored.block);
  const others = candidates.filter((scored) => !sameAddress(scored.block, first.block));
  if (!others.every(letterheadAbove) || document.lines.some((line) => CONTACT.test(line.text))) return null;
  return {
    ...first,
    reasons: [...first.reasons, 'receiver: the address set in at the window, nothing of a sender’s printed'],
    receiver: first.sender + DECIDES,
  };
};

/**
 * The sender's name as its letterhead prints it: where the sender's block names the same company, with the accents and
 * letters the letterhead's large print shows better; where no block of the sender's named it (a footer OCR could not
 * read, no footer at all), or its block names no company with a legal form while the letterhead does (the block of an
 * office or branch: "Geschäftsstelle Kiel" under "… Versicherungsverein Kiel a.G."), the letterhead's name as printed.
 * Never the receiver's name.
 */
const withLetterheadName = (sender: Party | null, receiver: Party | null, letterhead: LetterheadName): Party | null => {
  const read = sender?.address.company_name ?? null;
  if (sender && read !== null && !(hasLegalForm(letterhead.name) && !hasLegalForm(read) && !namesReceiver(receiver, letterhead))) {
    const name = reconciledName(read, letterhead.name);
    const evidence = sender.evidence.company_name;
    if (name === null || name === read || !evidence || !('value' in evidence)) return sender;
    sender.address.company_name = name;
    sender.evidence.company_name = { ...evidence, value: name };
    sender.reasons.push('sender: the name as the letterhead prints it');
    return sender;
  }
  if (namesReceiver(receiver, letterhead)) return sender;
  const party = sender ?? { address: emptyAddress(), evidence: {}, reasons: [] };
  party.address.company_name = letterhead.name;
  party.evidence.company_name = foundAt(letterhead.name, LETTERHEAD_NAME_CONFIDENCE, letterhead.spans ?? [letterhead.span]);
  party.reasons.push(
    read === null
      ? 'sender: the letterhead’s name, no block of the sender’s naming it'
      : 'sender: the letterhead’s name with its legal form, the block naming none (an office, a brand)',
  );
  return party;
};

const LETTERHEAD_NAME_CONFIDENCE = 0.6;

const namesReceiver = (receiver: Party | null, letterhead: LetterheadName): boolean =>
  receiver !== null && bareName(receiver.address.company_name) === bareName(letterhead.name);

/** A contact person set beside one print of the sender's address (its letterhead's, or its footer's), if one print has one. */
const contactBesideSendersAddress = (document: DocumentText, blocks: AddressBlock[], sender: AddressBlock) => {
  const found = blocks
    .filter((block) => !block.compact && (block === sender || sameAddress(block, sender)))
    .flatMap((block) => findContactBesideAddress(document, block) ?? []);
  return new Set(found.map((person) => person.value)).size === 1 ? found[0]! : null;
};

/**
 * Who sent the document and to whom, decided by evidence: party labels, the VAT ids, IBANs and contact
 * details printed with an address, and the letter's layout (return line over the window, footer). A block
 * without enough evidence for either role is left out; when the sender is known, the one remaining
 * unlabelled block in the window area is the receiver. No evidence, no party.
 */
export const findParties = (
  document: DocumentText,
  blocks: AddressBlock[],
  taxIds: TaxIdMention[],
  accounts: AccountFinding[],
  options: PartyOptions = {},
): Parties => {
  const candidates = blocks
    .filter((block) => block.label !== 'delivery' && block.label !== 'representative')
    .map((block) => score(document, block, blocks, taxIds, accounts, options));
  let senderChoice = best(candidates, 'sender');
  const others = candidates.filter((scored) => scored !== senderChoice && !(senderChoice && sameAddress(scored.block, senderChoice.block)));
  let receiverChoice = best(others, 'receiver');
  if (!receiverChoice && senderChoice) {
    // With the sender known, the other address in the header is the receiver's: the one with the most to say for it.
    // A letterhead's look (first on the page, a name in larger type) does not make it a second sender: the
    // sender's address was found elsewhere (a footer with its VAT id), and OCR's word boxes vary in height.
    const remaining = others
      .filter(
        (scored) =>
          scored.block.page === document.lines[0]?.page &&
          scored.block.top < 0.5 &&
          scored.sender - scored.senderByLook <= scored.receiver &&
          !scored.block.compact,
      )
      .sort((a, b) => b.receiver - a.receiver || a.block.firstLine - b.block.firstLine);
    if (remaining[0])
      receiverChoice = {
        ...remaining[0],
        reasons: [...remaining[0].reasons, 'receiver: the other address in the header'],
        receiver: DECIDES,
      };
  }
  if (!receiverChoice && !senderChoice) receiverChoice = loneWindowAddress(document, candidates, taxIds, accounts);
  if (receiverChoice && !senderChoice) {
    // With the receiver known, another address in the header with a cue of the sender's (its phone and fax under it) and
    // none of a receiver's but the window area is the sender's ("Herrn …" in the window, the insurer's office below it).
    const chosen = receiverChoice;
    const remaining = candidates
      .filter(
        (scored) =>
          scored !== chosen &&
          !sameAddress(scored.block, chosen.block) &&
          scored.block.page === document.lines[0]?.page &&
          !scored.block.compact &&
          scored.block.label === null &&
          scored.sender > 0 &&
          scored.sender >= scored.receiver - (inWindowArea(document, scored.block) ? WEIGHTS.window : 0),
      )
      .sort((a, b) => b.sender - b.receiver - (a.sender - a.receiver) || a.block.firstLine - b.block.firstLine);
    if (remaining.length === 1)
      senderChoice = {
        ...remaining[0]!,
        reasons: [...remaining[0]!.reasons, 'sender: the other address in the header, with a cue of the sender’s'],
        sender: DECIDES,
      };
  }
  const blockSpans = blocks.flatMap((block) => block.spans);
  const parties = {
    sender: senderChoice
      ? partyFrom(senderChoice, candidates, confidenceOf(senderChoice.sender - senderChoice.receiver), document, blockSpans)
      : null,
    // A delivery address the same as the receiver's is one more print of it.
    receiver: receiverChoice
      ? partyFrom(
          receiverChoice,
          others,
          confidenceOf(receiverChoice.receiver - receiverChoice.sender),
          document,
          blockSpans,
          blocks.filter((block) => block.label === 'delivery'),
        )
      : null,
  };
  assignTaxIds(parties, senderChoice?.block ?? null, receiverChoice?.block ?? null, taxIds);
  const senderId = parties.sender?.address.vat_id ?? parties.sender?.address.company_id ?? null;
  // (A receipt's shop is read by the receipt header's reader, which knows a till's header better.)
  const idMention =
    senderChoice || options.receipt ? undefined : taxIds.find((mention) => !mention.ofReceiver && mention.value === senderId);
  // Never a line of an address block found (a customer's VAT id may be printed below the customer's).
  const letterheadName = idMention
    ? letterheadNameOverId(
        document,
        idMention,
        blocks.flatMap((block) => block.spans),
      )
    : null;
  if (parties.sender && letterheadName) {
    parties.sender.address.company_name = letterheadName.value;
    parties.sender.evidence.company_name = letterheadName;
    parties.sender.reasons.push('sender: the name with a company form over its VAT id at the top');
  }
  const letterhead = options.receipt
    ? null
    : findLetterheadName(
        document,
        blocks.flatMap((block) => block.spans),
      );
  if (letterhead) parties.sender = withLetterheadName(parties.sender, parties.receiver, letterhead);
  // The person in charge a contact label names is the sender's, unless printed within the receiver's block.
  const contact =
    parties.sender && parties.sender.address.contact_person_name === null
      ? (findContactPerson(document) ?? (senderChoice ? contactBesideSendersAddress(document, blocks, senderChoice.block) : null))
      : null;
  if (contact && parties.sender && !(receiverChoice && isNear(receiverChoice.block, contact.span, 0))) {
    parties.sender.address.contact_person_name = contact.value;
    const { span: _span, ...finding } = contact;
    parties.sender.evidence.contact_person_name = finding;
  }
  const senderAccounts = accounts
    .filter(
      (account) =>
        !(receiverChoice && isNear(receiverChoice.block, account.span, 8)) && !DEBITED.test(textAround(document, account.span.line)),
    )
    .map((account) => ({ iban: account.value.iban, currency: currencyOnLine(account.span.line) }));
  fillCountries(document, parties.sender, parties.receiver, receiverChoice?.block ?? null, senderAccounts);
  return { ...parties, senderAccounts };
};
