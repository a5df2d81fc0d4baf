import type { z } from 'zod';
import type { Esr } from '../../../contracts/events/extracted-data.js';
import { endsWithModulo10RecursiveCheckDigit } from './modulo-10-recursive.js';

export type EsrFields = z.infer<typeof Esr>;

/**
 * The OCR-B coding line of an orange inpayment slip (ESR/ISR), spaces removed:
 * `0100003949753>120000000000234478943216899+010001628>` is the type code with the amount in rappen and a
 * check digit (only type code and check digit, `042>`, when the slip leaves the amount open), the 27-digit
 * reference ending in its check digit, and the 9-digit participant number ending in its check digit.
 * OCR reads `>` as `)` or a guillemet, and `+` as `t`.
 */
const CODING_LINE = /(?<amountPart>\d{13}|\d{3})[>)›»](?<reference>\d{27})[+tT](?<participant>\d{9})[>)›»]/g;

const amountOf = (amountPart: string): string | null => {
  if (amountPart.length === 3) return null;
  return `${Number(amountPart.slice(2, 10))}.${amountPart.slice(10, 12)}`;
};

/** "010001628" is printed "01-162-8": prefix, number without leading zeros, check digit. */
const accountOf = (participant: string): string => `${participant.slice(0, 2)}-${Number(participant.slice(2, 8))}-${participant.slice(8)}`;

const fieldsOf = ({ amountPart, reference, participant }: Record<'amountPart' | 'reference' | 'participant', string>): EsrFields | null => {
  if (![amountPart, reference, participant].every(endsWithModulo10RecursiveCheckDigit)) return null;
  return {
    amount_esr: amountOf(amountPart),
    account_esr: accountOf(participant),
    reference_esr: reference,
    codingline_esr: `${amountPart}>${reference}+ ${participant}>`,
  };
};

const candidatesIn = (text: string) =>
  [...text.matchAll(CODING_LINE)].map((match) => match.groups as Record<'amountPart' | 'reference' | 'participant', string>);

/**
 * The ESR coding line in a page's text, with every check digit verified; null when there is none or a
 * check digit fails. Each line is read without its spaces, then, for a coding line OCR broke in two,
 * the whole text.
 */
export const parseEsrCodingLine = (text: string): EsrFields | null => {
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ''));
  const candidates = [...lines.flatMap(candidatesIn), ...candidatesIn(text.replace(/\s+/g, ''))];
  for (const candidate of candidates) {
    const fields = fieldsOf(candidate);
    if (fields) return fields;
  }
  return null;
};
