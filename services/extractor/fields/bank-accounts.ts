import { getCountrySpecifications, isValidBIC, isValidIBAN } from 'ibantools';
import type { DocumentText, TextLine } from './document-text.js';
import type { Finding } from './finding.js';

export interface BankAccountValue {
  iban: string;
  bic: string | null;
}

export interface BankAccountsFound {
  accounts: Finding<BankAccountValue>[];
  /** IBANs printed in full after an "IBAN" label that fail their check digits (misprinted or misread). */
  invalidIbans: string[];
}

const countries = getCountrySpecifications();

// Country code and check digits; the account follows in groups of any size separated by single spaces.
const IBAN_START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}/g;
const IBAN_LABEL = /IBAN[\s:.#-]*$/i;
const BIC = /(?<![\p{L}\d])(?:BIC|SWIFT)(?:[ /-]?(?:[Cc]ode|SWIFT|BIC))?[\s:.#-]*(?<bic>[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)(?![A-Za-z0-9])/gu;
// A BIC is looked for on the IBAN's line, then the lines around it.
const BIC_SEARCH_ORDER = [0, 1, 2, -1];

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

const bicNear = (document: DocumentText, line: TextLine, after: number): string | null => {
  for (const offset of BIC_SEARCH_ORDER) {
    const candidate = document.lines[line.index + offset];
    if (!candidate || candidate.page !== line.page) continue;
    const text = offset === 0 ? candidate.text.slice(after) : candidate.text;
    for (const match of text.matchAll(BIC)) {
      const bic = match.groups?.bic;
      if (bic && isValidBIC(bic)) return bic;
    }
  }
  return null;
};

/**
 * Every IBAN the document prints whose check digits hold, with the BIC printed near it. Checksum failures
 * count only after an "IBAN" label: elsewhere a letter pair and two digits are often something else.
 */
export const findBankAccounts = (document: DocumentText): BankAccountsFound => {
  const accounts = new Map<string, Finding<BankAccountValue>>();
  const invalidIbans: string[] = [];
  for (const line of document.lines) {
    for (const start of line.text.matchAll(IBAN_START)) {
      const candidate = readCandidate(line.text, start.index);
      if (!candidate) continue;
      if (candidate.endsCleanly && isValidIBAN(candidate.iban)) {
        const known = accounts.get(candidate.iban);
        const bic = known?.value.bic ?? bicNear(document, line, candidate.end);
        accounts.set(candidate.iban, {
          value: { iban: candidate.iban, bic },
          confidence: candidate.labelled ? 0.95 : 0.85,
          page: known?.page ?? line.page,
        });
      } else if (candidate.labelled) {
        invalidIbans.push(candidate.iban);
      }
    }
  }
  return { accounts: [...accounts.values()], invalidIbans };
};
