import { z } from 'zod';
import { Address } from '../../contracts/events/extracted-data.js';
import { CUSTOM_FIELD_KEY, MAX_CUSTOM_FIELD_DEPTH } from '../../contracts/requests/custom-fields.js';
import type { AccountingDocumentView, AddressView, DocumentAttributesView } from './document-view.js';
import type { FieldType } from './query.js';

/**
 * The catalog of fields a collection request may filter and sort by: API name -> path in
 * DocumentView and type. Document attributes go by their bare name (`created_at`); fields of
 * related records by `<relationship>.<attribute>` (`accounting_document.amount_total`); custom
 * fields by `custom_fields.<key>`, and values nested in them by dotted path (`custom_fields.<key>.<member>…`).
 */
export interface FilterableField {
  /** The name used in `filter[...]` and `sort`. */
  name: string;
  /** Dotted path into DocumentView. */
  path: string;
  /** `inferred` marks a custom field, whose type each condition takes from its value (see inferCustomFieldType). */
  type: FieldType | 'inferred';
}

const documentAttributes = {
  created_at: 'datetime',
  updated_at: 'datetime',
  estimated_time_of_completion: 'datetime',
  current_status: 'keyword',
  status: 'keyword',
  document_type: 'keyword',
  extraction_process: 'keyword',
  error_codes: 'keyword_list',
  extract_line_items: 'boolean',
} satisfies Partial<Record<keyof DocumentAttributesView, FieldType>>;

const accountingDocumentAttributes = {
  created_at: 'datetime',
  updated_at: 'datetime',
  invoice_date: 'date',
  delivery_date: 'date',
  amount_total: 'number',
  discount_rate: 'number',
  discount_total: 'number',
  including_tax: 'boolean',
  currency: 'keyword',
  number: 'text',
  invoice_number: 'text',
  order_number: 'text',
  payment_method: 'text',
  reference: 'text',
  text: 'text',
  additional_information: 'text',
  type: 'text',
  extractor_version: 'keyword',
} satisfies Partial<Record<keyof AccountingDocumentView, FieldType>>;

/** Every field of an extracted address is text, but its country code, which is one of a fixed set. */
const addressAttributes: Record<keyof AddressView, FieldType> = {
  created_at: 'datetime',
  updated_at: 'datetime',
  type: 'text',
  ...(Object.fromEntries(Object.keys(Address.shape).map((field) => [field, 'text'])) as Record<keyof Address, 'text'>),
  country_code: 'keyword',
};

const fieldsOf = (prefix: string | null, pathPrefix: string, attributes: Record<string, FieldType>): FilterableField[] =>
  Object.entries(attributes).map(([attribute, type]) => ({
    name: prefix === null ? attribute : `${prefix}.${attribute}`,
    path: `${pathPrefix}.${attribute}`,
    type,
  }));

const catalog = new Map<string, FilterableField>(
  [
    { name: 'id', path: 'id', type: 'keyword' } satisfies FilterableField,
    ...fieldsOf(null, 'document', documentAttributes),
    ...fieldsOf('accounting_document', 'accounting_document', accountingDocumentAttributes),
    ...fieldsOf('sender_address', 'sender_address', addressAttributes),
    ...fieldsOf('receiver_address', 'receiver_address', addressAttributes),
  ].map((field) => [field.name, field]),
);

export const CUSTOM_FIELD_PREFIX = 'custom_fields.';
const CUSTOM_FIELDS_PATH = 'document.custom_fields';

/**
 * Whether a view path lies in custom fields. There a path addresses a scalar reached through objects
 * only: arrays are not stepped into, and a path ending at an object or array finds nothing.
 */
export const isCustomFieldPath = (path: string): boolean => path.startsWith(`${CUSTOM_FIELDS_PATH}.`);

/** The view paths of the objects a custom field path steps through: `a.b.c` -> the paths of `a` and `a.b`. */
export const customFieldParents = (path: string): string[] => {
  const segments = path.slice(CUSTOM_FIELDS_PATH.length + 1).split('.');
  return segments.slice(0, -1).map((_, index) => `${CUSTOM_FIELDS_PATH}.${segments.slice(0, index + 1).join('.')}`);
};

/** The catalog's fixed fields; custom fields are open-ended and not listed. */
export const fixedFieldNames = (): string[] => [...catalog.keys()];

/** The field an API name refers to, or undefined when there is none. */
export const lookupField = (name: string): FilterableField | undefined => {
  if (name.startsWith(CUSTOM_FIELD_PREFIX)) {
    const dottedPath = name.slice(CUSTOM_FIELD_PREFIX.length);
    const segments = dottedPath.split('.', MAX_CUSTOM_FIELD_DEPTH + 2);
    const addressable = segments.length <= MAX_CUSTOM_FIELD_DEPTH + 1 && segments.every((segment) => CUSTOM_FIELD_KEY.test(segment));
    return addressable ? { name, path: `${CUSTOM_FIELDS_PATH}.${dottedPath}`, type: 'inferred' } : undefined;
  }
  return catalog.get(name);
};

/** A finite decimal such as `12`, `-0.5`; no exponent, no sign `+`, no bare dot. */
export const DECIMAL = /^-?\d+(\.\d+)?$/;
const isoDate = z.iso.date();

/**
 * Custom fields carry whatever the client sent, so a condition's type comes from its value(s):
 * all decimals -> `number` (matches stored numbers, compared numerically; a stored string "42"
 * is not matched by 42), all valid YYYY-MM-DD dates -> `date` (matches stored strings, compared
 * as text), anything else -> `text` (matches stored strings).
 */
export const inferCustomFieldType = (values: string[]): 'number' | 'date' | 'text' => {
  if (values.every((value) => DECIMAL.test(value))) return 'number';
  if (values.every((value) => isoDate.safeParse(value).success)) return 'date';
  return 'text';
};
