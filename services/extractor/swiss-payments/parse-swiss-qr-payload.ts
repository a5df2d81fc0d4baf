import { electronicFormatIBAN, isQRIBAN, isValidIBAN } from 'ibantools';
import { isValidCreditorReference } from './creditor-reference.js';
import { endsWithModulo10RecursiveCheckDigit } from './modulo-10-recursive.js';
import type { QrAddress, QrReferenceType, SwissQrBill } from './swiss-qr-bill.js';

export type QrPayloadResult = { valid: true; bill: SwissQrBill } | { valid: false; reason: string };

/** Header, account, creditor, ultimate creditor, amount, currency, debtor, reference, message, trailer. */
const REQUIRED_ELEMENTS = 31;
/** Billing information and two alternative schemes may follow the trailer. */
const MAX_ELEMENTS = 34;
const ADDRESS_ELEMENTS = 7;
const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const COUNTRY = /^[A-Z]{2}$/;

class InvalidPayload extends Error {}

const refuse = (reason: string): never => {
  throw new InvalidPayload(reason);
};

const orNull = (value: string): string | null => (value === '' ? null : value);

/** The elements, one per line (CR LF or LF), without the spaces around them or empty lines after the last. */
const elementsOf = (text: string): string[] => {
  const elements = text.split(/\r?\n/).map((element) => element.trim());
  while (elements.length > REQUIRED_ELEMENTS && elements.at(-1) === '') elements.pop();
  return elements;
};

/** The seven address elements; an optional address may leave all of them empty. */
const readAddress = (fields: string[], role: string, required: boolean): QrAddress | null => {
  const [type = '', name = '', streetOrLine1 = '', houseNumberOrLine2 = '', postalCode = '', town = '', country = ''] = fields;
  if (fields.every((field) => field === '')) return required ? refuse(`the ${role} is missing`) : null;
  if (name === '') refuse(`the ${role} has no name`);
  if (!COUNTRY.test(country)) refuse(`the ${role}'s country "${country}" is not a two-letter code`);
  if (type === 'S') {
    if (postalCode === '' || town === '') refuse(`the ${role}'s structured address lacks its postal code or town`);
    return { type: 'structured', name, street: orNull(streetOrLine1), houseNumber: orNull(houseNumberOrLine2), postalCode, town, country };
  }
  if (type === 'K') {
    if (houseNumberOrLine2 === '') refuse(`the ${role}'s combined address lacks its second line`);
    if (postalCode !== '' || town !== '') refuse(`the ${role}'s combined address fills the postal code or town`);
    return { type: 'combined', name, line1: orNull(streetOrLine1), line2: houseNumberOrLine2, country };
  }
  return refuse(`the ${role}'s address type "${type}" is neither S nor K`);
};

const readAccount = (value: string): { account: string; isQrIban: boolean } => {
  const account = electronicFormatIBAN(value) ?? '';
  if (!/^(CH|LI)/.test(account) || !isValidIBAN(account)) refuse(`the account "${value}" is not a valid Swiss or Liechtenstein IBAN`);
  return { account, isQrIban: isQRIBAN(account) };
};

/** "50" and "50.5" are read as 50.00 and 50.50: the amount is what matters, not how many decimals were written. */
const readAmount = (value: string): string | null => {
  if (value === '') return null;
  if (!AMOUNT.test(value)) refuse(`the amount "${value}" is not a decimal with at most two places`);
  const [francs, cents = ''] = value.split('.');
  return `${francs}.${cents.padEnd(2, '0')}`;
};

const readCurrency = (value: string): 'CHF' | 'EUR' =>
  value === 'CHF' || value === 'EUR' ? value : refuse(`the currency "${value}" is neither CHF nor EUR`);

/** A QR reference goes with a QR-IBAN and nothing else does, so that the bank can route the payment. */
const readReference = (type: string, value: string, isQrIban: boolean): { referenceType: QrReferenceType; reference: string | null } => {
  if (type === 'QRR') {
    if (!isQrIban) refuse('a QR reference needs a QR-IBAN');
    if (!/^\d{27}$/.test(value) || !endsWithModulo10RecursiveCheckDigit(value)) refuse(`the QR reference "${value}" fails its check digit`);
    return { referenceType: 'QRR', reference: value };
  }
  if (isQrIban) refuse(`a QR-IBAN needs a QR reference, not ${type || 'none'}`);
  if (type === 'SCOR') {
    if (!isValidCreditorReference(value)) refuse(`the creditor reference "${value}" fails its check digits`);
    return { referenceType: 'SCOR', reference: value };
  }
  if (type === 'NON') {
    if (value !== '') refuse('reference type NON carries a reference');
    return { referenceType: 'NON', reference: null };
  }
  return refuse(`the reference type "${type}" is none of QRR, SCOR, NON`);
};

const readBill = (text: string): SwissQrBill => {
  const elements = elementsOf(text);
  const at = (index: number): string => elements[index] ?? '';
  const address = (from: number) => elements.slice(from, from + ADDRESS_ELEMENTS);
  if (at(0) !== 'SPC') refuse('not a Swiss Payments Code (no SPC header)');
  if (at(1) !== '0200') refuse(`version "${at(1)}" is not 0200`);
  if (at(2) !== '1') refuse(`coding "${at(2)}" is not 1 (UTF-8)`);
  if (elements.length < REQUIRED_ELEMENTS || elements.length > MAX_ELEMENTS) {
    refuse(`${elements.length} elements, not ${REQUIRED_ELEMENTS} to ${MAX_ELEMENTS}`);
  }
  if (at(30) !== 'EPD') refuse(`the trailer "${at(30)}" is not EPD`);
  const { account, isQrIban } = readAccount(at(3));
  return {
    account,
    isQrIban,
    creditor: readAddress(address(4), 'creditor', true)!,
    ultimateCreditor: readAddress(address(11), 'ultimate creditor', false),
    amount: readAmount(at(18)),
    currency: readCurrency(at(19)),
    ultimateDebtor: readAddress(address(20), 'ultimate debtor', false),
    ...readReference(at(27), at(28), isQrIban),
    unstructuredMessage: orNull(at(29)),
    billInformation: orNull(at(31)),
    alternativeSchemes: elements.slice(32).filter((scheme) => scheme !== ''),
  };
};

/**
 * Reads the text of a QR-bill's code (Swiss Payments Code 0200, coding 1). Lenient about line endings
 * (CR LF or LF) and spaces around elements or empty lines at the end; strict about everything a payment
 * depends on: the element layout, the IBAN, the addresses' form, the amount and currency, and the
 * reference's check digits. Field lengths are not checked: we read bills, we do not issue them.
 */
export const parseSwissQrPayload = (text: string): QrPayloadResult => {
  try {
    return { valid: true, bill: readBill(text) };
  } catch (error) {
    if (error instanceof InvalidPayload) return { valid: false, reason: error.message };
    throw error;
  }
};
