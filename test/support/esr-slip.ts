import { modulo10RecursiveCheckDigit } from '../../services/extractor/swiss-payments/modulo-10-recursive.js';

/** For tests: ESR coding lines with correct check digits (no public slips with ground truth exist). */

const withCheckDigit = (digits: string): string => `${digits}${modulo10RecursiveCheckDigit(digits)}`;

export interface EsrSlip {
  /** "3949.75" in CHF (type code 01), or null for a slip that leaves the amount open (ESR+, type code 04). */
  amount: string | null;
  /** 26 digits; the check digit is appended. */
  reference: string;
  /** Prefix and number, "01-162"; the check digit is appended. */
  account: string;
}

/** The coding line as printed, e.g. `0100003949753>120000000000234478943216899+ 010001628>`. */
export const esrCodingLine = ({ amount, reference, account }: EsrSlip): string => {
  const [francs = '', rappen = ''] = (amount ?? '').split('.');
  const amountPart = amount === null ? withCheckDigit('04') : withCheckDigit(`01${francs.padStart(8, '0')}${rappen.padEnd(2, '0')}`);
  const [prefix = '', number = ''] = account.split('-');
  return `${amountPart}>${withCheckDigit(reference)}+ ${withCheckDigit(`${prefix}${number.padStart(6, '0')}`)}>`;
};
