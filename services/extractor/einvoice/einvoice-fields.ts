import type { Located } from './xml-query.js';

/*
 * What a syntax reader takes from the XML, still as printed and each with its location: the same
 * business terms (EN 16931) whichever syntax carried them. Turning them into accounting data is shared.
 */

export interface PartyFields {
  name: Located | null;
  contactPerson: Located | null;
  /** Free address lines in order (CII LineOne..LineThree, UBL StreetName, AdditionalStreetName, AddressLine). */
  addressLines: Located[];
  /** Set where the syntax keeps the house number apart from the street (UBL BuildingNumber). */
  buildingNumber: Located | null;
  postOfficeBox: Located | null;
  postalCode: Located | null;
  city: Located | null;
  countryCode: Located | null;
  vatId: Located | null;
  /** The legal registration id (BT-30), e.g. a commercial register number. */
  legalId: Located | null;
  /** The national tax number (BT-32, scheme FC). */
  taxNumber: Located | null;
}

export interface LineFields {
  path: string;
  title: Located | null;
  /** The seller's item id (BT-155). */
  articleNumber: Located | null;
  /** The buyer's item id (BT-156). */
  buyerItemId: Located | null;
  /** The item's id in a registered scheme such as GTIN (BT-157). */
  standardItemId: Located | null;
  quantity: Located | null;
  unitCode: Located | null;
  netPrice: Located | null;
  /** The quantity the net price is for, when it is not one unit. */
  priceBaseQuantity: Located | null;
  total: Located | null;
  taxRate: Located | null;
}

export interface TaxBreakdownFields {
  path: string;
  rate: Located | null;
  basis: Located | null;
  tax: Located | null;
}

export interface PaymentMeansFields {
  path: string;
  typeCode: Located | null;
  /** The payee's account id where it may be an IBAN: CII's IBANID, UBL's PayeeFinancialAccount/ID (an IBAN or an id of another kind). */
  accountId: Located | null;
  bic: Located | null;
}

export interface DiscountTermsFields {
  path: string;
  days: Located | null;
  percent: Located | null;
  /** The date the days count from; the issue date when absent. */
  basisDate: Located | null;
}

export interface PaymentTermsFields {
  path: string;
  description: Located | null;
  dueDate: Located | null;
  discounts: DiscountTermsFields[];
}

export interface EInvoiceFields {
  creditNote: boolean;
  /** The element that says what kind of document this is (type code, or the root for UBL). */
  documentKindPath: string;
  number: Located | null;
  /** Dates as printed: `YYYYMMDD` (CII format 102) or `YYYY-MM-DD`. */
  issueDate: Located | null;
  deliveryDate: Located | null;
  orderNumber: Located | null;
  currency: Located | null;
  grandTotal: Located | null;
  taxBasisTotal: Located | null;
  taxTotal: Located | null;
  taxBreakdown: TaxBreakdownFields[];
  lines: LineFields[];
  paymentMeans: PaymentMeansFields[];
  paymentTerms: PaymentTermsFields[];
  paymentReference: Located | null;
  seller: PartyFields | null;
  buyer: PartyFields | null;
}
