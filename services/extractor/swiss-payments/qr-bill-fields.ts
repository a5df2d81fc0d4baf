import { emptyAddress } from '../../../contracts/events/extracted-data.js';
import type { z } from 'zod';
import type { Address, Es } from '../../../contracts/events/extracted-data.js';
import type { QrAddress, SwissQrBill } from './swiss-qr-bill.js';

export type EsFields = z.infer<typeof Es>;

/** What a QR-bill says, in the shapes of the extracted data. */
export interface QrBillFields {
  es: EsFields;
  /** The creditor's account, for `bank_accounts` (a QR-bill names no BIC). */
  iban: string;
  /** Decimal with two places; null when the bill leaves the amount open. */
  amount: string | null;
  currency: 'CHF' | 'EUR';
  /** The QR or creditor reference, compact, for `accounting_document.reference`. */
  reference: string | null;
  creditorAddress: Address;
  debtorAddress: Address | null;
}

const HOME_COUNTRIES = new Set(['CH', 'LI']);
const POST_OFFICE_BOX = /^(?:Postfach|Case postale|Casella postale|P\.? ?O\.? ?Box)\b/i;
/** "Allmendweg 30", "Alte Fabrik 3A": a street line ending in a house number. Lines with commas are left whole. */
const STREET_AND_NUMBER = /^(?<street>[^,]+?) (?<number>\d+[A-Za-z]?(?:[/-]\d+[A-Za-z]?)*)$/;
/** "4528 Zuchwil", "D-78462 Konstanz": a postal code (with a digit) before the town. */
const POSTAL_CODE_AND_TOWN = /^(?<postalCode>\S*\d\S*) (?<town>.+)$/;

const streetFields = (street: string | null, houseNumber: string | null): Pick<Address, 'street' | 'house_number' | 'post_office_box'> =>
  street !== null && POST_OFFICE_BOX.test(street) && houseNumber === null
    ? { street: null, house_number: null, post_office_box: street }
    : { street, house_number: houseNumber, post_office_box: null };

const toAddress = (address: QrAddress): Address => {
  const common = { ...emptyAddress(), company_name: address.name, country_code: address.country };
  if (address.type === 'structured') {
    return { ...common, ...streetFields(address.street, address.houseNumber), postal_code: address.postalCode, city_name: address.town };
  }
  const street = address.line1 === null ? null : STREET_AND_NUMBER.exec(address.line1)?.groups;
  const town = POSTAL_CODE_AND_TOWN.exec(address.line2)?.groups;
  return {
    ...common,
    ...streetFields(street?.street ?? address.line1, street?.number ?? null),
    postal_code: town?.postalCode ?? null,
    city_name: town?.town ?? address.line2,
  };
};

/** The address as the payment part prints it, on one line: a foreign address gets its country before the postal code. */
const printed = (address: QrAddress): string => {
  const country = HOME_COUNTRIES.has(address.country) ? '' : `${address.country}-`;
  const lines =
    address.type === 'structured'
      ? [address.name, [address.street, address.houseNumber].filter(Boolean).join(' '), `${country}${address.postalCode} ${address.town}`]
      : [address.name, address.line1, `${country}${address.line2}`];
  return lines.filter(Boolean).join(', ');
};

/** The `es` object and the other fields a QR-bill fills: account, amount, currency, reference, both addresses. */
export const toEsFields = (bill: SwissQrBill): QrBillFields => ({
  es: {
    es_amount: bill.amount,
    es_account: bill.account,
    es_iban: bill.account,
    es_purpose: bill.unstructuredMessage,
    es_creditor: printed(bill.creditor),
    es_ultimate_creditor: bill.ultimateCreditor && printed(bill.ultimateCreditor),
  },
  iban: bill.account,
  amount: bill.amount,
  currency: bill.currency,
  reference: bill.reference,
  creditorAddress: toAddress(bill.creditor),
  debtorAddress: bill.ultimateDebtor && toAddress(bill.ultimateDebtor),
});
