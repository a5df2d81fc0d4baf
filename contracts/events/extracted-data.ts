import { z } from 'zod';
import { DocumentType, DocumentErrorCode, IsoDate } from './common.js';

const text = z.string().nullable();
/** Dates, currencies and countries are normalised by the extractor; anything else is a bug, not data. */
const date = IsoDate.nullable();
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .nullable();
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .nullable();
/** Money in events is a decimal string ("1234.50"): binary floats must never round a total. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const PartialAmount = z.object({
  tax_rate: decimal,
  net_amount: decimal,
  tax_amount: decimal,
  gross_amount: decimal,
});

export const AmountDetails = z.object({
  gross_amount_total: decimal.nullable(),
  tax_amount_total: decimal.nullable(),
  net_amount_total: decimal.nullable(),
  partial_amounts: z.array(PartialAmount),
});

export const LineItem = z.object({
  title: z.string(),
  amount_total: decimal.nullable(),
  tax_rate: decimal.nullable(),
  article_number: text,
  unit: text,
  quantity: decimal.nullable(),
  discount_rate: decimal.nullable(),
  amount_unit: decimal.nullable(),
  order_number: text,
  delivery_note_number: text,
  delivery_date: date,
  nominal_account: text,
});
export type LineItem = z.infer<typeof LineItem>;

export const PaymentCondition = z.object({
  date: date,
  type: z.string(),
  percentage: decimal.nullable(),
  fixed_price: decimal.nullable(),
  number_of_days: z.number().int().nullable(),
});

export type PaymentCondition = z.infer<typeof PaymentCondition>;

export const BankAccount = z.object({ iban: z.string(), bic: text });

export const Esr = z.object({
  amount_esr: text,
  account_esr: text,
  reference_esr: text,
  codingline_esr: text,
});

export const Es = z.object({
  es_amount: text,
  es_account: text,
  es_iban: text,
  es_purpose: text,
  es_creditor: text,
  es_ultimate_creditor: text,
});

export const AccountingData = z.object({
  invoice_date: date,
  delivery_date: date,
  number: text,
  invoice_number: text,
  order_number: text,
  currency: currency,
  including_tax: z.boolean().nullable(),
  additional_information: text,
  amount_total: decimal.nullable(),
  amount_details: AmountDetails.nullable(),
  items: z.array(LineItem),
  payment_conditions: z.array(PaymentCondition),
  bank_accounts: z.array(BankAccount),
  discount_rate: decimal.nullable(),
  discount_total: decimal.nullable(),
  payment_method: text,
  reference: text,
  esr: Esr.nullable(),
  es: Es.nullable(),
  text: text,
});
export type AccountingData = z.infer<typeof AccountingData>;

/** Accounting data nothing was found for: nulls and empty lists, never a guess. */
export const emptyAccountingData = (): AccountingData => ({
  invoice_date: null,
  delivery_date: null,
  number: null,
  invoice_number: null,
  order_number: null,
  currency: null,
  including_tax: null,
  additional_information: null,
  amount_total: null,
  amount_details: null,
  items: [],
  payment_conditions: [],
  bank_accounts: [],
  discount_rate: null,
  discount_total: null,
  payment_method: null,
  reference: null,
  esr: null,
  es: null,
  text: null,
});

/** Amount details nothing is known of yet. */
export const emptyAmountDetails = (): z.infer<typeof AmountDetails> => ({
  gross_amount_total: null,
  tax_amount_total: null,
  net_amount_total: null,
  partial_amounts: [],
});

export const emptyEsr = (): z.infer<typeof Esr> => ({ amount_esr: null, account_esr: null, reference_esr: null, codingline_esr: null });

export const emptyEs = (): z.infer<typeof Es> => ({
  es_amount: null,
  es_account: null,
  es_iban: null,
  es_purpose: null,
  es_creditor: null,
  es_ultimate_creditor: null,
});

export const Address = z.object({
  address_id: text,
  company_name: text,
  contact_person_name: text,
  street: text,
  house_number: text,
  post_office_box: text,
  postal_code: text,
  city_name: text,
  country_code: countryCode,
  company_id: text,
  vat_id: text,
});
export type Address = z.infer<typeof Address>;

/** A line item nothing is read of yet: no title, every other field null. */
export const emptyLineItem = (): LineItem => ({
  title: '',
  amount_total: null,
  tax_rate: null,
  article_number: null,
  unit: null,
  quantity: null,
  discount_rate: null,
  amount_unit: null,
  order_number: null,
  delivery_note_number: null,
  delivery_date: null,
  nominal_account: null,
});

/** An address nothing is known of yet: every field null. */
export const emptyAddress = (): Address => ({
  address_id: null,
  company_name: null,
  contact_person_name: null,
  street: null,
  house_number: null,
  post_office_box: null,
  postal_code: null,
  city_name: null,
  country_code: null,
  company_id: null,
  vat_id: null,
});

/** Why a value was chosen: how sure the extractor is, and where on the document it was read. */
export const FieldEvidence = z.object({
  confidence: z.number().min(0).max(1),
  source: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('text'),
      page: z.number().int().positive(),
      box: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
    }),
    z.object({ kind: z.literal('xml'), path: z.string() }),
    z.object({ kind: z.literal('qr'), page: z.number().int().positive() }),
    z.object({ kind: z.literal('derived'), from: z.array(z.string()) }),
  ]),
});
export type FieldEvidence = z.infer<typeof FieldEvidence>;

export const ExtractedData = z.object({
  documentType: DocumentType,
  accountingDocument: AccountingData,
  senderAddress: Address.nullable(),
  receiverAddress: Address.nullable(),
  errorCodes: z.array(DocumentErrorCode),
  /** Keyed by field path, e.g. `accounting_document.amount_total`, `sender_address.vat_id`. */
  evidence: z.record(z.string(), FieldEvidence),
  /**
   * The code that read it: `<package.json version>+<hash of the extraction rules' source>`, e.g.
   * `0.1.0+3f2a9c1b4d5e`. Absent on readings recorded before versions were kept.
   */
  extractorVersion: z.string().min(1).max(100).optional(),
});
export type ExtractedData = z.infer<typeof ExtractedData>;
