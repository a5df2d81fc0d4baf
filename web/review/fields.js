/**
 * Which extracted values the document view shows, where each one's evidence sits in the
 * read's `evidence` map (keyed by field path, e.g. `accounting_document.amount_total`), and how a
 * source is named.
 */
import { formatAmount, formatDate, formatNumber } from './format.js';

/** Below this the extractor is unsure; the value is marked for a second look. */
export const LOW_CONFIDENCE = 0.7;

const text = (value) => (value === null || value === undefined ? '' : String(value));

/** The accounting document's values in reading order; `format` turns a raw value into display text. */
export const ACCOUNTING_FIELDS = [
  { name: 'invoice_number', format: (_l, value) => text(value) },
  { name: 'number', format: (_l, value) => text(value) },
  { name: 'invoice_date', format: formatDate },
  { name: 'delivery_date', format: formatDate },
  { name: 'order_number', format: (_l, value) => text(value) },
  { name: 'amount_total', format: (language, value, record) => formatAmount(language, value, record.currency) },
  {
    name: 'net_amount_total',
    read: (record) => record.amount_details?.net_amount_total ?? null,
    evidence: 'accounting_document.amount_details.net_amount_total',
    format: (language, value, record) => formatAmount(language, value, record.currency),
  },
  {
    name: 'gross_amount_total',
    read: (record) => record.amount_details?.gross_amount_total ?? null,
    evidence: 'accounting_document.amount_details.gross_amount_total',
    format: (language, value, record) => formatAmount(language, value, record.currency),
  },
  {
    name: 'tax_amount_total',
    read: (record) => record.amount_details?.tax_amount_total ?? null,
    evidence: 'accounting_document.amount_details.tax_amount_total',
    format: (language, value, record) => formatAmount(language, value, record.currency),
  },
  { name: 'currency', format: (_l, value) => text(value) },
  { name: 'discount_total', format: (language, value, record) => formatAmount(language, value, record.currency) },
  { name: 'discount_rate', format: formatNumber },
  { name: 'payment_method', format: (_l, value) => text(value) },
  { name: 'reference', format: (_l, value) => text(value) },
  {
    name: 'bank_accounts',
    read: (record) => (record.bank_accounts?.length ? record.bank_accounts : null),
    evidence: 'accounting_document.bank_accounts.0',
    format: (_l, value) => value.map((account) => [account.iban, account.bic].filter(Boolean).join(' / ')).join(', '),
  },
];

export const ADDRESS_FIELDS = [
  'company_name',
  'contact_person_name',
  'street',
  'house_number',
  'post_office_box',
  'postal_code',
  'city_name',
  'country_code',
  'vat_id',
  'company_id',
];

export const ITEM_COLUMNS = [
  { name: 'title', format: (_l, value) => text(value) },
  { name: 'article_number', format: (_l, value) => text(value) },
  { name: 'quantity', format: formatNumber, numeric: true },
  { name: 'unit', format: (_l, value) => text(value) },
  { name: 'amount_unit', format: (language, value, record) => formatAmount(language, value, record.currency), numeric: true },
  { name: 'tax_rate', format: formatNumber, numeric: true },
  { name: 'amount_total', format: (language, value, record) => formatAmount(language, value, record.currency), numeric: true },
];

/** Rows of one record: only values that were read, each with its evidence key. */
export const accountingRows = (record, language) =>
  ACCOUNTING_FIELDS.flatMap((field) => {
    const value = field.read ? field.read(record) : record[field.name];
    if (value === null || value === undefined || value === '') return [];
    return [{ key: field.evidence ?? `accounting_document.${field.name}`, value: field.format(language, value, record) }];
  });

export const addressRows = (relationship, record) =>
  ADDRESS_FIELDS.flatMap((name) => (record[name] ? [{ key: `${relationship}.${name}`, value: String(record[name]) }] : []));

/**
 * Whether a field key belongs to one of the keys in focus: when one is the other or contains it
 * (an item row and its cells).
 */
export const belongsTogether = (key, activeKeys) =>
  activeKeys.some((active) => key === active || key.startsWith(`${active}.`) || active.startsWith(`${key}.`));

/** The last named segment of a field key: `accounting_document.items.0.title` -> `title`. */
export const fieldNameOf = (key) =>
  key
    .split('.')
    .filter((segment) => !/^\d+$/.test(segment))
    .pop();

/**
 * Every box on one page: evidence read from the page's text with a position. Fields read from the
 * same words (a total that is also the gross amount) share one box, so hovering it names them all.
 */
export const boxesOnPage = (evidence, pageNumber) => {
  const boxes = new Map();
  for (const [key, entry] of Object.entries(evidence)) {
    const { kind, page, box } = entry.source;
    if (kind !== 'text' || page !== pageNumber || !Array.isArray(box)) continue;
    const place = box.join(',');
    if (boxes.has(place)) boxes.get(place).keys.push(key);
    else boxes.set(place, { keys: [key], box });
  }
  return [...boxes.values()];
};

/** Where a value came from, in words: a page, the e-invoice XML, the QR-bill, or other fields. */
export const describeSource = (t, source, labelOf) => {
  switch (source.kind) {
    case 'text':
      return t(source.box ? 'source.text' : 'source.textNoBox', { page: source.page });
    case 'xml':
      return t('source.xml');
    case 'qr':
      return t('source.qr', { page: source.page });
    case 'derived':
      return t('source.derived', { from: source.from.map(labelOf).join(', ') });
    case 'manual':
      return t(source.reviewer ? 'source.manualBy' : 'source.manual', { reviewer: source.reviewer, reason: source.reason });
    default:
      return '';
  }
};
