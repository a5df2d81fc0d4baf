import { endsWithModulo10RecursiveCheckDigit } from '../../swiss-payments/modulo-10-recursive.js';
import type { DocumentText } from '../layout/document-text.js';
import { foundAt, spanOf, type Finding } from '../values/finding.js';
import { findLabels, ITEM_TABLE_HEADER, labelPattern, valueNearLabel, type LabelMatch, type Read } from '../layout/labels.js';
import { termsFor } from '../vocabulary/terms.js';

/** Labels that name the reference a payer quotes with the payment. */
const PAYMENT_REFERENCE_LABEL = labelPattern(...termsFor('paymentReferenceLabel'));

/** A bare "Reference": the payment reference only when no payment label names one. */
const REFERENCE_LABEL = labelPattern(...termsFor('referenceLabel'));

// "Ihre Referenz", "Our reference", "Votre référence", "Kundenreferenz", "Mandatsreferenz": a party's file
// reference or a direct-debit mandate, not what the payment must quote.
const NOT_PAYMENT =
  /(?:ihre?|unsere?|kunden|mandats|auftrags|bestell|weitere|your|our|customer|order|mandate|other|additional|votre|notre|client|commande|autre|vostro|nostro|ordine|altro|uw|onze|klant|(?<![a-z])su|nuestra|pedido)[\s-]*$/i;
// "Referenz des Käufers", "référence client": the buyer's reference, after the label.
const OF_THE_BUYER =
  /^\s*(?:des|der|du|de la|de l'|del|della|of the)?\s*(?:käufers|kunden|bestellers|auftraggebers|client|acheteur|cliente|buyer|customer)(?!\p{L})/iu;

const QR_REFERENCE = /^\d{2}(?: ?\d{5}){5}(?!\d)/;
const CREDITOR_REFERENCE = /^RF\d{2}(?: ?[A-Z0-9]{1,4}){1,6}(?![A-Z0-9])/;
// OCR reads the zero of the check digits as a letter O ("RFO5 INV6 …"); only the check digits can tell.
const MISREAD_CREDITOR_REFERENCE = /^RF[\dO]{2}(?: ?[A-Z0-9]{1,4}){1,6}(?![A-Z0-9])/;

/** ISO 11649: the reference with its first four characters moved to the end, letters as 10-35, is 1 modulo 97. */
const isCreditorReference = (reference: string): boolean => {
  const digits = [...`${reference.slice(4)}${reference.slice(0, 4)}`]
    .map((char) => (/\d/.test(char) ? char : String(char.charCodeAt(0) - 55)))
    .join('');
  return [...digits].reduce((rest, digit) => (rest * 10 + Number(digit)) % 97, 0) === 1;
};

const readMisreadCreditorReference = (text: string): { value: string; length: number } | null => {
  const match = MISREAD_CREDITOR_REFERENCE.exec(text);
  if (!match) return null;
  const compact = match[0].replace(/ /g, '');
  const value = `RF${compact.slice(2, 4).replace(/O/g, '0')}${compact.slice(4)}`;
  return isCreditorReference(value) ? { value, length: match[0].length } : null;
};
const STRUCTURED_COMMUNICATION = /^\+{3}\d{3}\/\d{4}\/\d{5}\+{3}/;
// Free references: up to four words, one of them with a digit ("Rechnung 181301674", "GE2020211-471102").
const FREE_REFERENCE = /^[\p{L}\d][\p{L}\d._/-]*(?: [\p{L}\d][\p{L}\d._/-]*){0,3}/u;

// "Kundennummer:. 22334455 Rechnungsnummer:. 6069999998": a reference made of numbers each under its own label, quoted whole.
const LABELLED_NUMBERS = /^(?:\p{L}[\p{L}-]*(?: \p{L}[\p{L}-]*){0,2}\.?:[.\s]*[\p{L}\d._/-]*\d[\p{L}\d._/-]*(?: (?=\p{L})|$)){2,4}/u;

/**
 * A reference at the start of a text, after punctuation, a remark in brackets ("(bitte bei Zahlung
 * angeben)") or a few words up to a colon ("for your payment :").
 */
const readReference = (text: string): Read<string> | null => {
  const leading = /^[\s:.#=-]*/.exec(text)![0].length;
  const labelled = LABELLED_NUMBERS.exec(text.slice(leading).split(/ {2,}/)[0] ?? '');
  if (labelled) return { value: labelled[0].trim(), start: leading, end: leading + labelled[0].trimEnd().length };
  const skipped = /^[\s:.#=-]*(?:\([^)]*\)[\s:.=-]*|[\p{L} ]{1,30}:\s*)?/u.exec(text)?.[0].length ?? 0;
  const rest = text.slice(skipped);
  const misread = /^RF\d{2}/.test(rest) ? null : readMisreadCreditorReference(rest);
  if (misread) return { value: misread.value, start: skipped, end: skipped + misread.length };
  for (const pattern of [QR_REFERENCE, CREDITOR_REFERENCE, STRUCTURED_COMMUNICATION]) {
    const match = pattern.exec(rest);
    if (match) return { value: match[0].replace(/ /g, ''), start: skipped, end: skipped + match[0].length };
  }
  const free = FREE_REFERENCE.exec(rest.split(/ {2,}/)[0] ?? '');
  // An identifier among the words, not a count: "3 pcs" is a quantity.
  if (!free || !free[0].split(' ').some((word) => /\d/.test(word) && word.length >= 3)) return null;
  return { value: free[0], start: skipped, end: skipped + free[0].length };
};

const isPaymentReference = (match: LabelMatch): boolean =>
  !NOT_PAYMENT.test(match.line.text.slice(match.segment.start, match.start)) &&
  !OF_THE_BUYER.test(match.after) &&
  !ITEM_TABLE_HEADER.test(match.line.text);

// A QR or ESR reference printed on its own (the payment part of a slip): 27 digits in groups of five.
const UNLABELLED_QR_REFERENCE = /(?<!\d)(?<!\d )\d{2}(?: \d{5}){5}(?![\d])/g;

/** A 27-digit reference printed anywhere, whose check digit holds: it can be nothing but the payment reference. */
const unlabelledQrReference = (document: DocumentText): Finding<string> | null => {
  for (const line of document.lines) {
    for (const match of line.text.matchAll(UNLABELLED_QR_REFERENCE)) {
      const digits = match[0].replace(/ /g, '');
      if (endsWithModulo10RecursiveCheckDigit(digits))
        return foundAt(digits, 0.85, [spanOf(line, match.index, match.index + match[0].length)]);
    }
  }
  return null;
};

// A Belgian structured communication, "+++123/4567/89002+++" (or between asterisks), wherever printed.
const UNLABELLED_STRUCTURED_COMMUNICATION = /(?<delimiter>\+{3}|\*{3}) ?(?<digits>\d{3}\/\d{4}\/\d{5}) ?\k<delimiter>/g;

/** Its check: the first ten digits modulo 97 (97 for 0) are the last two. */
const isStructuredCommunication = (digits: string): boolean => {
  const rest = Number(digits.slice(0, 10)) % 97;
  return (rest === 0 ? 97 : rest) === Number(digits.slice(10));
};

/** A structured communication printed anywhere, whose check holds: it can be nothing but the payment reference. */
const unlabelledStructuredCommunication = (document: DocumentText): Finding<string> | null => {
  for (const line of document.lines) {
    for (const match of line.text.matchAll(UNLABELLED_STRUCTURED_COMMUNICATION)) {
      if (isStructuredCommunication(match.groups!.digits!.replace(/\//g, '')))
        return foundAt(`+++${match.groups!.digits!}+++`, 0.85, [spanOf(line, match.index, match.index + match[0].length)]);
    }
  }
  return null;
};

// "(Bei Schriftwechsel und Zahlung bitte angeben.)", "(please quote with your payment)": a remark on a line of its own.
const QUOTE_WITH_PAYMENT =
  /^\((?=[^)]*\b(?:zahlung|überweisung|payment|paiement|versement|pagamento)\b)(?=[^)]*\b(?:angeben|quote|indiquer|rappeler|indicare)\b)[^)]*\)\.?$/iu;
// A number at the end of a segment, after its label's colon or "Nr." ("VSNR: 01.234.567.8", "Vertrag Nr: 00.123.456.7").
const NUMBER_AFTER_LABEL = /(?:[:#]|\b(?:nr|no|n°)\.?:?)\s*(?<value>[\p{L}\d][\p{L}\d._/-]*\d[\p{L}\d._/-]*)$/iu;

/** A number printed with its label right above a remark asking to quote it with the payment. */
const quotedWithPayment = (document: DocumentText): Finding<string> | null => {
  for (const line of document.lines) {
    if (!QUOTE_WITH_PAYMENT.test(line.text.trim())) continue;
    const above = document.lines[line.index - 1];
    if (!above || above.page !== line.page) continue;
    for (const segment of above.segments) {
      const match = NUMBER_AFTER_LABEL.exec(segment.text);
      if (!match) continue;
      const start = segment.start + match.index + match[0].length - match.groups!.value!.length;
      return foundAt(match.groups!.value!, 0.8, [spanOf(above, start, segment.end)]);
    }
  }
  return null;
};

/** The payment reference: what the payer must quote (QR or creditor reference, communication, causale). */
export const findPaymentReference = (document: DocumentText): Finding<string> | null => {
  for (const [pattern, confidence] of [
    [PAYMENT_REFERENCE_LABEL, 0.9],
    [REFERENCE_LABEL, 0.75],
  ] as const) {
    for (const match of findLabels(document, pattern).filter(isPaymentReference)) {
      const found = valueNearLabel(document, match, readReference);
      if (found) return foundAt(found.value, confidence - (found.below ? 0.1 : 0), [found.span]);
    }
  }
  return quotedWithPayment(document) ?? unlabelledQrReference(document) ?? unlabelledStructuredCommunication(document);
};
