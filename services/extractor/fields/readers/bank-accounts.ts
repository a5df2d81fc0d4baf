import { extractIBAN, getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import type { DocumentText, TextLine } from '../layout/document-text.js';
import { withoutAccents } from '../layout/labels.js';
import { foundAt, spanOf, type Finding, type Span } from '../values/finding.js';
import { asClasses, classReadings, type CharacterClass } from '../values/ocr-confusions.js';

export interface BankAccountValue {
  iban: string;
  bic: string | null;
}

export interface AccountFinding extends Finding<BankAccountValue> {
  /** Where the IBAN is printed (the first time): whose account it is depends on what is near it. */
  span: Span;
}

export interface BankAccountsFound {
  accounts: AccountFinding[];
  /** IBANs printed in full after an "IBAN" label that fail their check digits (misprinted or misread). */
  invalidIbans: string[];
}

const countries = getCountrySpecifications();

// Country code and check digits; the account follows in groups of any size separated by single spaces.
const IBAN_START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}/g;
const IBAN_LABEL = /IBAN[\s:.#-]*(?:-?Nr\.?|number)?[\s:.#-]*$/i;
// "Bic" and "Swift" in mixed case too, and OCR's "BiC"; the label with its punctuation.
const BIC_LABEL = /(?<![\p{L}\d])(?:BIC|Bic|BiC|SWIFT|Swift)(?:[ /-]?(?:[Cc]ode|SWIFT|BIC))?[\s:.#-]*/u.source;
const BIC_CODE = /(?<bic>[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Za-z0-9])/u.source;
const BIC = new RegExp(`${BIC_LABEL}${BIC_CODE}`, 'gu');
// A BIC is looked for on the IBAN's line, then the lines around it.
const BIC_SEARCH_ORDER = [0, 1, 2, -1];
// A BIC label ending its line ("… | IBAN … | BIC" in a footer), its value wrapped to the next line's start.
const BIC_LABEL_AT_END = new RegExp(`${BIC_LABEL}$`, 'u');
const BIC_AT_START = new RegExp(`^\\s*${BIC_CODE}`, 'u');

interface IbanCandidate {
  iban: string;
  /** Whether the printed characters end exactly where the country's IBAN length ends. */
  endsCleanly: boolean;
  labelled: boolean;
  end: number;
}

/** Reads the IBAN's length for its country from `start`, across the single spaces of its grouping. */
const readCandidate = (text: string, start: number): IbanCandidate | null => {
  const length = countries[text.slice(start, start + 2)]?.chars;
  if (!length) return null;
  let iban = '';
  let index = start;
  while (index < text.length && iban.length < length) {
    const char = text[index]!;
    if (/[A-Z0-9]/.test(char)) iban += char;
    else if (char !== ' ' || text[index + 1] === ' ') break;
    index++;
  }
  if (iban.length < length) return null;
  const labelled = IBAN_LABEL.test(text.slice(Math.max(0, start - 30), start).replace(/QR-/i, ''));
  return { iban, endsCleanly: !/[A-Za-z0-9]/.test(text[index] ?? ''), labelled, end: index };
};

// Where an "IBAN" label ends: an IBAN read with OCR's confusions corrected is looked for there.
const IBAN_LABEL_END = /(?<![A-Za-z])IBAN[\s:.#-]*(?:-?Nr\.?|number)?[\s:.#-]*/gi;

/** What each position of a country's IBAN holds: letters of the country, digits of the check, then its BBAN's classes. */
const ibanClasses = (country: string): CharacterClass[] | null => {
  const bban = countries[country]?.bban_regexp;
  if (!bban) return null;
  const classes: CharacterClass[] = ['letter', 'letter', 'digit', 'digit'];
  for (const [, range, count] of bban.matchAll(/\[([^\]]+)\]\{(\d+)\}/g)) {
    const kind: CharacterClass = range === '0-9' ? 'digit' : range === 'A-Z' ? 'letter' : 'any';
    classes.push(...Array<CharacterClass>(Number(count)).fill(kind));
  }
  return classes;
};

// A point or comma OCR read for the space between two groups of an IBAN ("6694.2").
const POINT_BETWEEN_GROUPS = /(?<=[A-Z0-9])[.,](?=[A-Z0-9])/g;
// Readings of one garbled IBAN tried against its check digits: beyond a few, one would hold by chance.
const MOST_READINGS = 16;

/**
 * The IBAN after a label as OCR may have garbled it ("CH9S 0076 …", "1T02 Z030 …", "ATSS 1400 …", "DÉ64 …", "… 6694.2"):
 * each character read as the class its position demands (letters of the country, digits where the country's
 * format has digits), a point between groups as their space. Only check digits that then hold, for exactly one
 * of the few readings a letter's look-alike digits allow, make it an IBAN.
 */
const readCorrected = (text: string, start: number): IbanCandidate | null => {
  // An accent OCR put on a capital ("DÉ64") is no letter of an IBAN.
  const country = asClasses(withoutAccents(text.slice(start, start + 2)), ['letter', 'letter']);
  const classes = ibanClasses(country);
  if (!classes) return null;
  const candidate = readCandidate(`${text.slice(0, start)}${country}${text.slice(start + 2).replace(POINT_BETWEEN_GROUPS, ' ')}`, start);
  if (!candidate) return null;
  const readings = classReadings(candidate.iban, classes);
  const holding = readings.length <= MOST_READINGS ? readings.filter((reading) => isValidIBAN(reading)) : [];
  return { ...candidate, iban: holding.length === 1 ? holding[0]! : asClasses(candidate.iban, classes) };
};

/**
 * A BIC belongs to an IBAN of its own country (its 5th and 6th letters): a BIC of another country near
 * an IBAN is the BIC of some other account printed beside it.
 */
const bicNear = (document: DocumentText, line: TextLine, after: number, iban: string): { bic: string; span: Span } | null => {
  const ofTheIban = (bic: string) => isValidBIC(bic) && bic.slice(4, 6) === iban.slice(0, 2);
  for (const offset of BIC_SEARCH_ORDER) {
    const candidate = document.lines[line.index + offset];
    if (!candidate || candidate.page !== line.page) continue;
    const from = offset === 0 ? after : 0;
    for (const match of candidate.text.slice(from).matchAll(BIC)) {
      const bic = match.groups!.bic!;
      if (!ofTheIban(bic)) continue;
      const start = from + match.index + match[0].length - bic.length;
      return { bic, span: spanOf(candidate, start, start + bic.length) };
    }
    const next = document.lines[candidate.index + 1];
    const wrapped =
      next?.page === candidate.page && BIC_LABEL_AT_END.test(candidate.text.slice(from)) ? BIC_AT_START.exec(next.text) : null;
    if (wrapped && ofTheIban(wrapped.groups!.bic!)) {
      const start = wrapped[0].length - wrapped.groups!.bic!.length;
      return { bic: wrapped.groups!.bic!, span: spanOf(next!, start, wrapped[0].length) };
    }
  }
  return null;
};

/**
 * Every IBAN the document prints whose check digits hold, with the BIC printed near it; after an "IBAN"
 * label also one OCR garbled, corrected by its country's format and confirmed by its check digits.
 * Checksum failures count only after an "IBAN" label: elsewhere a letter pair and two digits are often
 * something else.
 */
export const findBankAccounts = (document: DocumentText): BankAccountsFound => {
  const accounts = new Map<string, AccountFinding>();
  const invalidIbans: string[] = [];
  const isValid = (candidate: IbanCandidate | null): candidate is IbanCandidate =>
    candidate !== null && candidate.endsCleanly && isValidIBAN(candidate.iban);
  for (const line of document.lines) {
    const starts = new Set([...line.text.matchAll(IBAN_START)].map((match) => match.index));
    const labelEnds = new Set([...line.text.matchAll(IBAN_LABEL_END)].map((match) => match.index + match[0].length));
    for (const start of [...new Set([...starts, ...labelEnds])].sort((a, b) => a - b)) {
      const printed = starts.has(start) ? readCandidate(line.text, start) : null;
      const corrected = isValid(printed) || !labelEnds.has(start) ? null : readCorrected(line.text, start);
      const candidate = isValid(printed) ? printed : isValid(corrected) ? corrected : null;
      if (!candidate) {
        if (printed?.labelled) invalidIbans.push(printed.iban);
        continue;
      }
      const known = accounts.get(candidate.iban);
      const span = known?.span ?? spanOf(line, start, candidate.end);
      const bic = known?.value.bic ? null : bicNear(document, line, candidate.end, candidate.iban);
      const value = { iban: candidate.iban, bic: known?.value.bic ?? bic?.bic ?? null };
      const confidence = Math.max(known?.confidence ?? 0, candidate === corrected ? 0.8 : candidate.labelled ? 0.95 : 0.85);
      accounts.set(candidate.iban, { ...foundAt(value, confidence, bic ? [span, bic.span] : [span]), span });
    }
  }
  return { accounts: [...accounts.values()], invalidIbans };
};

/** The bank an IBAN is kept at: its country and bank identifier. */
export const bankOf = (iban: string): string => {
  const { countryCode, bankIdentifier } = extractIBAN(iban);
  return `${countryCode ?? iban.slice(0, 2)}:${bankIdentifier ?? ''}`;
};
