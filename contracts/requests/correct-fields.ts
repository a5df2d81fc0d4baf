import { z } from 'zod';
import { IsoDate } from '../events/common.js';
import { emptyAddress } from '../events/extracted-data.js';
import type { CorrectableRecord, FieldChange, JsonValue } from '../../shared/document/field-corrections.js';

/**
 * The body of a correction: a JSON:API resource of the corrected record with the attributes to set,
 * in the shape the reads show them (amounts as JSON numbers, amounts inside `amount_details` as
 * decimal strings; either form is taken everywhere). Lists are replaced whole; `amount_details`, `esr`
 * and `es` are merged member by member (null removes the whole object). The parsed attributes come
 * out in the events' data shape, money as decimal strings.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;
const MAX_TEXT = 10_000;

const decimal = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .refine((value) => DECIMAL.test(value), 'must be a decimal number, e.g. 1234.50');
const nullableDecimal = decimal.nullable();
const text = z.string().max(MAX_TEXT).nullable();
const date = IsoDate.nullable();

/** Members a client may leave out of a list entry: they are unknown, so null. */
const nullByDefault = <T extends z.ZodType>(schema: T) => schema.default(null as never);

const LineItem = z
  .object({
    title: z.string().max(MAX_TEXT),
    amount_total: nullByDefault(nullableDecimal),
    tax_rate: nullByDefault(nullableDecimal),
    article_number: nullByDefault(text),
    unit: nullByDefault(text),
    quantity: nullByDefault(nullableDecimal),
    discount_rate: nullByDefault(nullableDecimal),
    amount_unit: nullByDefault(nullableDecimal),
    order_number: nullByDefault(text),
    delivery_note_number: nullByDefault(text),
    delivery_date: nullByDefault(date),
    nominal_account: nullByDefault(text),
  })
  .strict();

const PaymentCondition = z
  .object({
    date: nullByDefault(date),
    type: z.string().min(1).max(200),
    percentage: nullByDefault(nullableDecimal),
    fixed_price: nullByDefault(nullableDecimal),
    number_of_days: nullByDefault(z.number().int().nullable()),
  })
  .strict();

const BankAccount = z.object({ iban: z.string().min(1).max(64), bic: nullByDefault(z.string().max(16).nullable()) }).strict();

const PartialAmount = z.object({ tax_rate: decimal, net_amount: decimal, tax_amount: decimal, gross_amount: decimal }).strict();

const AmountDetailsPatch = z
  .object({
    gross_amount_total: nullableDecimal,
    tax_amount_total: nullableDecimal,
    net_amount_total: nullableDecimal,
    partial_amounts: z.array(PartialAmount).max(100),
  })
  .partial()
  .strict()
  .nullable();

const EsrPatch = z.object({ amount_esr: text, account_esr: text, reference_esr: text, codingline_esr: text }).partial().strict().nullable();

const EsPatch = z
  .object({ es_amount: text, es_account: text, es_iban: text, es_purpose: text, es_creditor: text, es_ultimate_creditor: text })
  .partial()
  .strict()
  .nullable();

const READ_ONLY = ['created_at', 'updated_at', 'type', 'evidence'] as const;

/** A read-only attribute is named as such, not as unknown. */
const readOnly = Object.fromEntries(
  READ_ONLY.map((name) => [name, z.never({ error: `${name} is read-only: it cannot be corrected` }).optional()]),
) as Record<(typeof READ_ONLY)[number], z.ZodOptional<z.ZodNever>>;

const AccountingDocumentPatch = z
  .object({
    invoice_date: date,
    delivery_date: date,
    number: text,
    invoice_number: text,
    order_number: text,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code like EUR')
      .nullable(),
    including_tax: z.boolean().nullable(),
    additional_information: text,
    amount_total: nullableDecimal,
    amount_details: AmountDetailsPatch,
    items: z.array(LineItem).max(1000),
    payment_conditions: z.array(PaymentCondition).max(100),
    bank_accounts: z.array(BankAccount).max(20),
    discount_rate: nullableDecimal,
    discount_total: nullableDecimal,
    payment_method: text,
    reference: text,
    esr: EsrPatch,
    es: EsPatch,
    text: z.string().max(1_000_000).nullable(),
  })
  .partial()
  .extend(readOnly)
  .strict();

const addressFields = Object.fromEntries(Object.keys(emptyAddress()).map((name) => [name, text])) as Record<
  keyof ReturnType<typeof emptyAddress>,
  typeof text
>;

const AddressPatch = z
  .object({
    ...addressFields,
    country_code: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be an ISO 3166 code like DE')
      .nullable(),
  })
  .partial()
  .extend(readOnly)
  .strict();

const attributesOf: Record<CorrectableRecord, z.ZodType<Record<string, unknown>>> = {
  accounting_document: AccountingDocumentPatch,
  sender_address: AddressPatch,
  receiver_address: AddressPatch,
};

/** Objects merged member by member; every other attribute is set as given. */
const MERGED = new Set(['amount_details', 'esr', 'es']);

export const correctionBody = (record: CorrectableRecord) =>
  z
    .object({
      data: z
        .object({
          type: z.literal(record),
          id: z.string().min(1),
          attributes: attributesOf[record].refine(
            (attributes) => Object.keys(attributes).length > 0,
            'name at least one attribute to correct',
          ),
          meta: z
            .object({
              reason: z.string().trim().min(1, 'say why the fields are corrected').max(2000),
              reviewer: z.string().trim().min(1).max(200).optional(),
            })
            .strict(),
        })
        .strict(),
    })
    .strict();

export type CorrectionBody = z.infer<ReturnType<typeof correctionBody>>;

/** The field changes a correction asks for, addressed by field path, in request order. */
export const fieldChanges = (record: CorrectableRecord, attributes: Record<string, unknown>): FieldChange[] =>
  Object.entries(attributes).flatMap(([name, value]) => {
    const path = `${record}.${name}`;
    if (MERGED.has(name) && value !== null) {
      return Object.entries(value as Record<string, unknown>).map(([member, memberValue]) => ({
        path: `${path}.${member}`,
        value: memberValue as JsonValue,
      }));
    }
    return [{ path, value: value as JsonValue }];
  });
