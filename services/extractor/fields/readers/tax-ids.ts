import type { DocumentText, TextLine } from '../layout/document-text.js';
import { spanOf, type Span } from '../values/finding.js';
import { asClasses, type CharacterClass } from '../values/ocr-confusions.js';

/** A VAT id or company register id printed on the document, normalized, and whose it says it is. */
export interface TaxIdMention {
  kind: 'vat_id' | 'company_id';
  value: string;
  span: Span;
  /** Labelled as the customer's ("Ihre USt-IdNr", "N° TVA client", "Customer VAT"). */
  ofReceiver: boolean;
  /** Check digits verified (where the country has an algorithm). */
  verified: boolean;
}

const digitsOf = (text: string) => [...text].map(Number);

/** Swiss UID (CHE-123.456.789): weights 5 4 3 2 7 6 5 4, check 11 − sum mod 11; 10 never occurs. */
export const isValidSwissUid = (digits: string): boolean => {
  const d = digitsOf(digits);
  const sum = [5, 4, 3, 2, 7, 6, 5, 4].reduce((total, weight, index) => total + weight * d[index]!, 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === d[8];
};

/** German USt-IdNr: ISO 7064 MOD 11,10 over the first eight digits. */
export const isValidGermanVatId = (digits: string): boolean => {
  let product = 10;
  for (const digit of digitsOf(digits.slice(0, 8))) {
    const sum = (digit + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(digits[8]);
};

/** Austrian UID (ATU + 8 digits): Luhn-like over seven digits, offset 4. */
export const isValidAustrianVatId = (digits: string): boolean => {
  const d = digitsOf(digits);
  const sum = d.slice(0, 7).reduce((total, digit, index) => {
    const value = index % 2 === 1 ? digit * 2 : digit;
    return total + Math.floor(value / 10) + (value % 10);
  }, 0);
  return (10 - ((sum + 4) % 10)) % 10 === d[7];
};

/** Luhn check: Italian partita IVA, French SIREN and SIRET. */
export const passesLuhn = (digits: string): boolean => {
  const sum = [...digits].reverse().reduce((total, char, index) => {
    const value = Number(char) * (index % 2 === 1 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return sum % 10 === 0;
};

/** French TVA: a numeric key is (12 + 3 × (SIREN mod 97)) mod 97; letter keys have no public check. */
const isValidFrenchVatId = (body: string): boolean => {
  const key = body.slice(0, 2);
  const siren = body.slice(2);
  if (!/^\d{2}$/.test(key)) return passesLuhn(siren);
  return Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
};

/** Belgian: the last two digits are 97 − (the first eight mod 97). */
const isValidBelgianVatId = (body: string): boolean => {
  const digits = body.padStart(10, '0');
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
};

/**
 * Dutch btw-id (nine digits, B, two digits): the old numbers pass the "elfproef" (weights 9 … 2 on the first eight
 * digits, the sum mod 11 is the ninth), the sole traders' numbers since 2020 ISO 7064 MOD 97-10 over "NL" and the body.
 */
export const isValidDutchVatId = (body: string): boolean => {
  const d = digitsOf(body.slice(0, 9));
  const elfproef = d.slice(0, 8).reduce((total, digit, index) => total + digit * (9 - index), 0) % 11 === d[8];
  const numeric = `NL${body}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  const mod97 = [...numeric].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0) === 1;
  return elfproef || mod97;
};

/**
 * British VAT number (nine digits, or twelve for a branch): weights 8 … 2 on the first seven digits plus the
 * last two is a multiple of 97, or of 97 after adding 55 (numbers issued since 2010).
 */
export const isValidBritishVatId = (body: string): boolean => {
  const d = digitsOf(body.slice(0, 9));
  const sum = d.slice(0, 7).reduce((total, digit, index) => total + digit * (8 - index), 0) + Number(body.slice(7, 9));
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
};

interface VatFormat {
  body: RegExp;
  /** Null where no check algorithm is implemented: such ids count only after a VAT label. */
  check: ((body: string) => boolean) | null;
  /** Where the body has a letter among its digits (the Dutch "B"): the class of each position, as OCR is read back. */
  classes?: readonly CharacterClass[];
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** An Australian Business Number's check: one off its first digit, then the weighted sum is a multiple of 89. */
export const isValidAustralianBusinessNumber = (digits: string): boolean =>
  /^\d{11}$/.test(digits) &&
  [...digits].reduce((sum, digit, index) => sum + ABN_WEIGHTS[index]! * (Number(digit) - (index === 0 ? 1 : 0)), 0) % 89 === 0;

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/**
 * A Spanish NIF's check: a person's (eight digits, or a foreigner's X/Y/Z and seven) ends in the letter its number
 * modulo 23 gives; a company's (CIF: its kind's letter, seven digits) ends in a control digit, or its letter in
 * "JABCDEFGHI", from the digits' Luhn-like sum.
 */
export const isValidSpanishNif = (nif: string): boolean => {
  const person = /^(?<first>[XYZ]|\d)(?<digits>\d{7})(?<letter>[A-Z])$/.exec(nif)?.groups;
  if (person) {
    // A foreigner's X, Y or Z counts as 0, 1 or 2.
    const lead = 'XYZ'.indexOf(person.first!);
    const number = Number(`${lead >= 0 ? lead : person.first}${person.digits}`);
    return DNI_LETTERS[number % 23] === person.letter;
  }
  const company = /^(?<kind>[ABCDEFGHJNPQRSUVW])(?<digits>\d{7})(?<control>[0-9A-J])$/.exec(nif)?.groups;
  if (!company) return false;
  const sum = [...company.digits!].reduce((total, digit, index) => {
    if (index % 2 === 1) return total + Number(digit);
    const doubled = 2 * Number(digit);
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  const control = (10 - (sum % 10)) % 10;
  return company.control === String(control) || company.control === 'JABCDEFGHI'[control];
};

const VAT_FORMATS: Record<string, VatFormat> = {
  CHE: { body: /^\d{9}$/, check: isValidSwissUid },
  DE: { body: /^\d{9}$/, check: isValidGermanVatId },
  ATU: { body: /^\d{8}$/, check: isValidAustrianVatId },
  IT: { body: /^\d{11}$/, check: passesLuhn },
  FR: { body: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, check: isValidFrenchVatId },
  BE: { body: /^[01]?\d{9}$/, check: isValidBelgianVatId },
  LU: { body: /^\d{8}$/, check: (body) => Number(body.slice(0, 6)) % 89 === Number(body.slice(6)) },
  NL: { body: /^\d{9}B\d{2}$/, check: isValidDutchVatId, classes: [...Array<CharacterClass>(9).fill('digit'), 'letter', 'digit', 'digit'] },
  ES: { body: /^[A-Z0-9]\d{7}[A-Z0-9]$/, check: null },
  GB: { body: /^(?:\d{9}|\d{12})$/, check: isValidBritishVatId },
  PL: { body: /^\d{10}$/, check: null },
  DK: { body: /^\d{8}$/, check: null },
  SE: { body: /^\d{12}$/, check: null },
  PT: { body: /^\d{9}$/, check: null },
  CZ: { body: /^\d{8,10}$/, check: null },
};

const VAT_LABEL =
  /(?<!\p{L})(?:ust\.?|mwst\.?|vat|tva|iva|btw|uid|tax|steuer|p\.? ?iva|partita iva|ust-?id\p{L}*|ust\.?-?ident\p{L}*|umsatzsteuer\p{L}*|mwst-?nr|vat (?:no|number|reg\p{L}*)|n° tva|numéro (?:de )?tva)(?!\p{L})/iu;
// "Thre": OCR's common reading of "Ihre".
const RECEIVER_MARK =
  /(?<!\p{L})(?:[it]hre?|kunden?|käufer|leistungsempfänger|empfänger|customer|buyer|your|client|acheteur|destinataire|votre|vos|cliente|destinatario|vostr[ao]|vs\.)(?!\p{L})/iu;

// A country prefix, then the id in groups separated by single spaces, dots or dashes. A Swiss UID's "CHE-"
// is distinctive enough to be read where OCR glued it to its label ("MWST-NrCHE-…"); other prefixes are
// read glued to a VAT label ("P.IVAIT…") or with a digit for a letter there ("P.IVA 1T…").
const VAT_START =
  /(?<![\p{L}\d])(CHE|ATU|[A-Z]{2})(?=[\s.-]?\s?[0-9A-Z])|(?<=\p{L})(CHE)(?=[\s.-]?\d)|(?<=(?:IVA|VAT|TVA|BTW|MWST|MwSt|UID|IdNr|Nr)\.?:?\s?)([A-Z0-9]{2})(?=[\s.-]?\d)|(?<=\d)([A-Z]{2})(?=\d)/gu;
const SWISS_SUFFIX = /^[\s,]*(MWST|MWSt|TVA|IVA|VAT|HR)(?![\p{L}])/u;

/** The alphanumerics from `start` across single separators, at most `max`; null unless they end cleanly. */
const readGrouped = (text: string, start: number, max: number): { body: string; end: number }[] => {
  const readings: { body: string; end: number }[] = [];
  let body = '';
  let index = start;
  while (index < text.length && body.length < max) {
    const char = text[index]!;
    if (/[0-9A-Z]/.test(char)) {
      body += char;
      index++;
      // An id ends where letters or digits stop, or where a suffix OCR glued to it begins ("120IVA").
      const next = text[index] ?? '';
      if (!/[0-9A-Za-z]/.test(next) || (/\d/.test(char) && /[A-Za-z]/.test(next))) readings.push({ body, end: index });
    } else if (/[\s.,-]/.test(char) && /[0-9A-Z]/.test(text[index + 1] ?? '') && body.length > 0) index++;
    // "CHE- 165. 450.001": OCR may add a space after a dot or dash.
    else if (/[.,-]/.test(char) && text[index + 1] === ' ' && /[0-9A-Z]/.test(text[index + 2] ?? '') && body.length > 0) index += 2;
    else if (body.length === 0 && /[\s.-]/.test(char)) index++;
    else break;
  }
  return readings;
};

const formatSwiss = (digits: string) => `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;

const context = (line: TextLine, start: number) => line.text.slice(Math.max(0, start - 40), start);

/**
 * The column header above a value in a header table ("Kunden-UID" over "CHE-123.456.789 MWST"): the text
 * of the nearest line above, on the same page, in the columns the value occupies.
 */
const headerAbove = (document: DocumentText, line: TextLine, start: number, end: number): string => {
  for (let index = line.index - 1; index >= 0 && index >= line.index - 2; index--) {
    const above = document.lines[index]!;
    if (above.page !== line.page) break;
    if (above.text === '') continue;
    return above.segments
      .filter((segment) => segment.start < end && start < segment.end)
      .map((segment) => segment.text)
      .join(' ');
  }
  return '';
};

/** The text that says whose an id is: the words before it on its line, or, with none, its column header. */
const labelOf = (document: DocumentText, line: TextLine, start: number, end: number): string => {
  const before = context(line, start);
  const segment = line.segments.find((candidate) => candidate.start <= start && start < candidate.end);
  const ownLabel = segment ? line.text.slice(segment.start, start).trim() : '';
  return ownLabel === '' ? `${before} ${headerAbove(document, line, start, end)}` : before;
};

// The lines of labelled ids a heading may stand over ("Vos identifiants" over "GLN : …", "SIREN : …", "N° TVA : …").
const MAX_LINES_UNDER_HEADING = 4;
// A heading of such a list: a few words, no figure, no colon.
const LIST_HEADING = /^[^\d:]{3,40}$/u;

/**
 * Whether an id stands in a list of labelled values under a heading that says they are the buyer's ("Vos
 * identifiants", "Ihre Daten", "Customer details" over "N° TVA : FR 05 987 654 321"): the nearest heading above, in the
 * column of the id's line, with only labelled values ("GLN : 3654789851") between.
 */
const underReceiversHeading = (document: DocumentText, line: TextLine, start: number): boolean => {
  const column = line.segments.find((segment) => segment.start <= start && start < segment.end)?.start ?? start;
  for (let index = line.index - 1; index >= 0 && index >= line.index - MAX_LINES_UNDER_HEADING; index--) {
    const above = document.lines[index]!;
    const piece =
      above.page === line.page ? above.segments.find((segment) => segment.start <= column + 2 && column <= segment.end) : undefined;
    if (!piece) return false;
    if (LIST_HEADING.test(piece.text)) return RECEIVER_MARK.test(piece.text);
    if (!piece.text.includes(':')) return false;
  }
  return false;
};

/** Whether an id is the receiver's: its label says so, or the heading of the list it stands in. */
const isReceivers = (document: DocumentText, line: TextLine, start: number, end: number): boolean =>
  RECEIVER_MARK.test(labelOf(document, line, start, end)) || underReceiversHeading(document, line, start);

/**
 * The id's body with the letters OCR reads for digits read as digits ("FRS8…" for "FR58…") when that
 * passes its format and check (the all-digit check is the stronger one where a format allows letters; a format with a
 * letter in a fixed place, the Dutch "B", reads that place as a letter: "NL432828849801"),
 * else as read: verified when it passes them, unverified when it fits the format only.
 */
const checkedBody = (format: VatFormat, body: string): { body: string; verified: boolean } | null => {
  const digits = asClasses(body, format.classes ?? Array<CharacterClass>(body.length).fill('digit'));
  if (format.body.test(digits) && format.check?.(digits)) return { body: digits, verified: true };
  if (format.body.test(body) && format.check?.(body)) return { body, verified: true };
  return format.body.test(body) ? { body, verified: false } : null;
};

const vatIdsIn = (document: DocumentText, line: TextLine): TaxIdMention[] =>
  [...line.text.matchAll(VAT_START)].flatMap((match) => {
    const afterLabel = match[3];
    const gluedToDigits = match[4];
    const prefix = match[1] ?? match[2] ?? gluedToDigits ?? asClasses(afterLabel!, ['letter', 'letter']);
    const format = VAT_FORMATS[prefix];
    // A prefix read only after a label, with a digit for a letter, must be confirmed by check digits; so must one OCR
    // glued to the digits before it (a phone number's on the label's line, "BTW-nummer +31 815NL962336257B02").
    if (!format || (afterLabel !== undefined && afterLabel !== prefix && !format.check)) return [];
    if (gluedToDigits !== undefined && !format.check) return [];
    const readings = readGrouped(line.text, match.index + prefix.length, 12).flatMap((reading) => {
      const checked = checkedBody(format, reading.body);
      return checked ? [{ ...reading, ...checked }] : [];
    });
    const reading = readings.findLast((candidate) => candidate.verified) ?? readings.at(-1);
    if (!reading) return [];
    const before = labelOf(document, line, match.index, reading.end);
    const verified = reading.verified;
    if (format.check ? !verified : !VAT_LABEL.test(before)) return [];
    if (gluedToDigits !== undefined && !VAT_LABEL.test(before)) return [];
    const ofReceiver = RECEIVER_MARK.test(before) || underReceiversHeading(document, line, match.index);
    if (prefix !== 'CHE') {
      return [
        { kind: 'vat_id' as const, value: `${prefix}${reading.body}`, span: spanOf(line, match.index, reading.end), ofReceiver, verified },
      ];
    }
    // A Swiss UID is the company's id; with MWST/TVA/IVA after it (or a VAT label before it) it is also its VAT id.
    const suffix = SWISS_SUFFIX.exec(line.text.slice(reading.end));
    const uid = formatSwiss(reading.body);
    const end = reading.end + (suffix ? suffix[0].length : 0);
    const span = spanOf(line, match.index, end);
    const mentions: TaxIdMention[] = [{ kind: 'company_id', value: uid, span, ofReceiver, verified }];
    const isVat = suffix ? suffix[1] !== 'HR' : /mwst|tva|iva|vat/i.test(before);
    // Without a suffix, the label's language names the tax: "N° TVA CHE-…" is "CHE-… TVA".
    const labelled = /(?<!\p{L})(tva|iva)(?!\p{L})/iu.exec(before)?.[1]?.toUpperCase() ?? 'MWST';
    if (isVat)
      mentions.push({
        kind: 'vat_id',
        value: `${uid} ${suffix && suffix[1] !== 'HR' ? suffix[1]!.toUpperCase() : labelled}`,
        span,
        ofReceiver,
        verified,
      });
    return mentions;
  });

interface CompanyIdPattern {
  pattern: RegExp;
  read: (match: RegExpExecArray) => string | null;
}

const COMPANY_ID_PATTERNS: CompanyIdPattern[] = [
  // German and Austrian register numbers: "HRB 6089", "Amtsgericht Hanau | HRB 13302", "FN 123456 a".
  {
    pattern: /(?<![\p{L}\d])(HRB|HRA|GnR|VR|PR)[\s.:]*(?:Nr\.?\s?)?(\d{1,6}(?:\s?[A-Z]{1,2}(?![\p{L}]))?)(?!\d)/gu,
    read: (match) => `${match[1]} ${match[2]}`,
  },
  { pattern: /(?<![\p{L}\d])FN[\s.:]*(\d{1,6}\s?[a-z])(?![\p{L}\d])/gu, read: (match) => `FN ${match[1]!.replace(/\s/g, '')}` },
  // French SIRET (14 digits) and SIREN (9), after their name or before/after "RCS <city>".
  {
    pattern: /(?<!\p{L})(?:SIRET|N° SIRET)[\s.:]*(\d{3}\s?\d{3}\s?\d{3}\s?\d{5})(?!\d)/giu,
    read: (match) => {
      const digits = match[1]!.replace(/\s/g, '');
      return passesLuhn(digits) ? digits : null;
    },
  },
  {
    pattern:
      /(?<!\p{L})(?:SIREN|N° SIREN|RCS(?: [\p{L}-]+)?)[\s.:]*(?:[AB]\s)?(\d{3}\s?\d{3}\s?\d{3})(?![\d])|(?:[AB]\s)?(\d{3}\s?\d{3}\s?\d{3})\s?RCS/giu,
    read: (match) => {
      const digits = (match[1] ?? match[2])!.replace(/\s/g, '');
      return passesLuhn(digits) ? digits : null;
    },
  },
  // Italian codice fiscale of a person (16) or a company (11 digits).
  {
    pattern: /(?<!\p{L})(?:c\.\s?f\.|cod\.\s?fisc\.|codice fiscale)[\s.:]*([A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]|\d{11})(?![\p{L}\d])/giu,
    read: (match) => match[1]!.toUpperCase(),
  },
  // Dutch Chamber of Commerce.
  { pattern: /(?<!\p{L})(?:KvK|K\.v\.K\.)(?:[\s.:-]*(?:nummer|nr\.?))?[\s.:]*(?:[\p{L}]+\s)?(\d{8})(?!\d)/gu, read: (match) => match[1]! },
  // A British company's number at Companies House, after its label ("Company No.", "Company Registration Number",
  // "Registered in England and Wales No."): eight characters, digits or two letters of its register and six digits;
  // printed without its leading zeros, given back with them. (A Malaysian registration, "REG NO: 123456-X", is none.)
  {
    pattern:
      /(?<!\p{L})(?:company(?: reg(?:istration|\.)?)?|registered(?: in (?:england|scotland|wales|northern ireland)(?: (?:and|&) wales)?)?,?(?: company)?|reg(?:istration|\.)?)\s*(?:no\.?|number|nr\.?)[\s.:]*((?:SC|NI|OC|SO|NC|SL|LP|NL|R0|FC|GE)\d{6}|\d{6,8})(?![\p{L}\d]|-\p{L})/giu,
    read: (match) => (/^\d+$/.test(match[1]!) ? match[1]!.padStart(8, '0') : match[1]!.toUpperCase()),
  },
  // Australian Business Number: eleven digits after "ABN", in groups of 2, 3, 3 and 3, whose check holds.
  {
    pattern: /(?<!\p{L})A\.?B\.?N\.?[\s.:]*(\d{2}\s?\d{3}\s?\d{3}\s?\d{3})(?!\d)/gu,
    read: (match) => {
      const digits = match[1]!.replace(/\s/g, '');
      return isValidAustralianBusinessNumber(digits) ? digits : null;
    },
  },
];

const companyIdsIn = (document: DocumentText, line: TextLine): TaxIdMention[] =>
  COMPANY_ID_PATTERNS.flatMap(({ pattern, read }) =>
    [...line.text.matchAll(pattern)].flatMap((match) => {
      const value = read(match);
      if (!value) return [];
      return [
        {
          kind: 'company_id' as const,
          value,
          span: spanOf(line, match.index, match.index + match[0].length),
          ofReceiver: isReceivers(document, line, match.index, match.index + match[0].length),
          verified: true,
        },
      ];
    }),
  );

const BARE_SIRET = /(?<![\d\p{L}])(\d{3}\s?\d{3}\s?\d{3}\s?\d{5})(?![\d\p{L}])/gu;

/**
 * A SIRET printed without its label: fourteen digits that pass the Luhn check and begin with the SIREN of
 * a French VAT id printed on the document (FR + key + SIREN), where the same company is named.
 */
const bareSiretsIn = (document: DocumentText, line: TextLine, sirens: Map<string, TaxIdMention>): TaxIdMention[] =>
  [...line.text.matchAll(BARE_SIRET)].flatMap((match) => {
    const digits = match[1]!.replace(/\s/g, '');
    const vat = sirens.get(digits.slice(0, 9));
    if (!vat || !passesLuhn(digits)) return [];
    const span = spanOf(line, match.index, match.index + match[0].length);
    return [
      {
        kind: 'company_id' as const,
        value: digits,
        span,
        ofReceiver: vat.ofReceiver || isReceivers(document, line, span.start, span.end),
        verified: true,
      },
    ];
  });

/**
 * An Italian VAT id whose "IT" OCR garbled past reading as letters ("P. IVA [163204780843", "P. IVA 1163204780843"): the
 * label of the Italian VAT number ("P. IVA", "Partita IVA") names the country, two characters stand where its prefix
 * goes, and the eleven digits after them pass the partita IVA's check.
 */
const ITALIAN_VAT_PREFIX_GARBLED =
  /(?<!\p{L})(?:p\. ?iva|partita iva):?\s?(?!IT)(?<prefix>[^\s\d\p{Ll}]\S|\d{2})(?<digits>\d{11})(?![\d\p{L}])/giu;
const italianVatIdsGarbledIn = (document: DocumentText, line: TextLine): TaxIdMention[] =>
  [...line.text.matchAll(ITALIAN_VAT_PREFIX_GARBLED)].flatMap((match) => {
    const digits = match.groups!.digits!;
    if (!passesLuhn(digits)) return [];
    const start = match.index + match[0].length - digits.length - match.groups!.prefix!.length;
    const span = spanOf(line, start, match.index + match[0].length);
    const ofReceiver = isReceivers(document, line, span.start, span.end);
    return [{ kind: 'vat_id' as const, value: `IT${digits}`, span, ofReceiver, verified: true }];
  });

/**
 * A Spanish VAT id printed as the NIF it is made of, after its label and without its "ES" ("CIF: B96123450", "N.I.F.
 * 12345678Z"): the label names the country; the NIF's own check must hold.
 */
const SPANISH_NIF = /(?<!\p{L})(?:n\.?i\.?f\.?|c\.?i\.?f\.?)(?:[ -]?iva)?\s?:?\s?(?<nif>[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])(?![\d\p{L}])/giu;
const spanishNifsIn = (document: DocumentText, line: TextLine): TaxIdMention[] =>
  [...line.text.matchAll(SPANISH_NIF)].flatMap((match) => {
    const nif = match.groups!.nif!.toUpperCase();
    if (!isValidSpanishNif(nif)) return [];
    const span = spanOf(line, match.index + match[0].length - nif.length, match.index + match[0].length);
    return [
      { kind: 'vat_id' as const, value: `ES${nif}`, span, ofReceiver: isReceivers(document, line, span.start, span.end), verified: true },
    ];
  });

/** Every VAT id and company id the document prints, in reading order. */
export const findTaxIds = (document: DocumentText): TaxIdMention[] => {
  const mentions = document.lines.flatMap((line) => {
    const vatIds = vatIdsIn(document, line);
    const unread = (mention: TaxIdMention) => !vatIds.some((read) => read.value === mention.value);
    const garbled = [...italianVatIdsGarbledIn(document, line), ...spanishNifsIn(document, line)].filter(unread);
    return [...vatIds, ...garbled, ...companyIdsIn(document, line)];
  });
  const sirens = new Map(
    mentions
      .filter((mention) => mention.kind === 'vat_id' && /^FR[0-9A-Z]{2}\d{9}$/.test(mention.value))
      .map((mention) => [mention.value.slice(4), mention]),
  );
  const known = new Set(mentions.filter((mention) => mention.kind === 'company_id').map((mention) => mention.value));
  const sirets =
    sirens.size === 0
      ? []
      : document.lines.flatMap((line) => bareSiretsIn(document, line, sirens)).filter((mention) => !known.has(mention.value));
  return [...mentions, ...sirets].sort((a, b) => a.span.line.index - b.span.line.index || a.span.start - b.span.start);
};
