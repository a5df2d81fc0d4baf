import { munkres } from 'munkres';
import type { ExtractedData } from '../../contracts/events/extracted-data.js';

/**
 * Field-by-field comparison of extracted data with a ground truth, shared by every accuracy corpus. The
 * truth is a flat record keyed by field path (as in `flattenExtracted`): a value to expect, null when
 * the document has none, and the key left out when the truth does not say.
 */
export type ExpectedFields = Record<string, string | number | boolean | null>;

/**
 * right: the value expected; wrong: another value (worse than none: someone may book it); missing:
 * nothing where a value was expected; extra: a value where the truth has none (not necessarily wrong,
 * as a truth derived from XML may lack what the page shows).
 */
export type Outcome = 'right' | 'wrong' | 'missing' | 'extra';

export interface FieldComparison {
  field: string;
  outcome: Outcome;
  expected: string | null;
  actual: string | null;
}

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
const decimal = (value: string | null | undefined): string | null => (value === null || value === undefined ? null : String(Number(value)));

/** Partial amounts as one comparable value: `rate/net/tax` per rate, sorted by rate. */
export const partialAmountsKey = (
  parts: readonly { rate: string | number; net: string | number; tax: string | number }[],
): string | null =>
  parts.length === 0
    ? null
    : [...parts]
        .map((part) => [part.rate, part.net, part.tax].map((value) => Number(value).toFixed(2)).join('/'))
        .sort()
        .join(';');

const addressFields = (prefix: string, address: ExtractedData['senderAddress']): Record<string, string | null> => {
  if (!address) return {};
  const streetAndNumber = [address.street, address.house_number].filter((part) => part !== null).join(' ');
  return {
    [`${prefix}.company_name`]: address.company_name,
    [`${prefix}.contact_person_name`]: address.contact_person_name,
    [`${prefix}.street_and_number`]: text(streetAndNumber),
    [`${prefix}.post_office_box`]: address.post_office_box,
    [`${prefix}.postal_code`]: address.postal_code,
    [`${prefix}.city_name`]: address.city_name,
    [`${prefix}.country_code`]: address.country_code,
    [`${prefix}.vat_id`]: address.vat_id,
    [`${prefix}.company_id`]: address.company_id,
  };
};

/** Extracted data as comparable strings, keyed by field path; items by index (`…items.0.title`). */
export const flattenExtracted = (data: ExtractedData): Record<string, string | null> => {
  const document = data.accountingDocument;
  const details = document.amount_details;
  const netCondition = document.payment_conditions.find((condition) => condition.percentage === null);
  const discounts = document.payment_conditions.filter((condition) => condition.percentage !== null);
  const flat: Record<string, string | null> = {
    document_type: data.documentType,
    'accounting_document.invoice_date': document.invoice_date,
    'accounting_document.delivery_date': document.delivery_date,
    'accounting_document.number': document.number,
    'accounting_document.order_number': document.order_number,
    'accounting_document.currency': document.currency,
    'accounting_document.amount_total': decimal(document.amount_total),
    'accounting_document.amount_details.gross_amount_total': decimal(details?.gross_amount_total),
    'accounting_document.amount_details.net_amount_total': decimal(details?.net_amount_total),
    'accounting_document.amount_details.tax_amount_total': decimal(details?.tax_amount_total),
    'accounting_document.amount_details.partial_amounts': partialAmountsKey(
      details?.partial_amounts.map((part) => ({ rate: part.tax_rate, net: part.net_amount, tax: part.tax_amount })) ?? [],
    ),
    'accounting_document.including_tax': text(document.including_tax),
    'accounting_document.bank_accounts.iban': text(
      document.bank_accounts
        .map((account) => account.iban)
        .sort()
        .join(','),
    ),
    'accounting_document.bank_accounts.bic': text(
      document.bank_accounts
        .flatMap((account) => account.bic ?? [])
        .sort()
        .join(','),
    ),
    'accounting_document.payment_conditions.due_date': netCondition?.date ?? null,
    'accounting_document.payment_conditions.discount': text(
      discounts.map((condition) => `${Number(condition.percentage)}%/${condition.number_of_days}`).join(','),
    ),
    'accounting_document.discount_rate': decimal(document.discount_rate),
    'accounting_document.payment_method': document.payment_method,
    'accounting_document.reference': document.reference,
    'accounting_document.items.count': document.items.length === 0 ? null : String(document.items.length),
    ...addressFields('sender_address', data.senderAddress),
    ...addressFields('receiver_address', data.receiverAddress),
  };
  document.items.forEach((item, index) => {
    const prefix = `accounting_document.items.${index}`;
    Object.assign(flat, {
      [`${prefix}.title`]: item.title,
      [`${prefix}.quantity`]: decimal(item.quantity),
      [`${prefix}.unit`]: item.unit,
      [`${prefix}.amount_total`]: decimal(item.amount_total),
      [`${prefix}.amount_unit`]: decimal(item.amount_unit),
      [`${prefix}.tax_rate`]: decimal(item.tax_rate),
      [`${prefix}.article_number`]: item.article_number,
    });
  });
  return flat;
};

const normalizeText = (value: string) =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.,;:]+$/, '')
    .trim();
const alphanumeric = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');
// A house number typed onto its abbreviated street ("Teststr.12") is the same address as "Teststr. 12".
const tokens = (value: string) =>
  normalizeText(value)
    .replace(/[,]/g, ' ')
    .replace(/\.(?=\d)/g, '. ')
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');

// Units as printed and as UN/ECE Recommendation 20 codes (e-invoices), one name per unit.
const UNITS: Record<string, string[]> = {
  piece: [
    'h87',
    'c62',
    'ea',
    'stk',
    'stk.',
    'st',
    'st.',
    'stück',
    'pcs',
    'pc',
    'piece',
    'pieces',
    'unit',
    'units',
    'unit(s)',
    'pce',
    'pz',
    'pezzi',
  ],
  kilogram: ['kgm', 'kg'],
  square_metre: ['mtk', 'm²', 'm2', 'qm'],
  metre: ['mtr', 'm', 'meter', 'mètre'],
  litre: ['ltr', 'l', 'liter', 'litre', 'liter(s)', 'litre(s)'],
  hour: ['hur', 'h', 'std', 'std.', 'stunde', 'stunden', 'hour', 'hours', 'heure', 'heures', 'ora', 'ore'],
  day: ['day', 'tag', 'tage', 'jour', 'jours', 'giorno', 'giorni'],
  lump_sum: ['ls', 'pauschal', 'pausch.', 'forfait'],
};
const unitName = (value: string) => {
  const key = value.trim().toLowerCase();
  return Object.entries(UNITS).find(([, names]) => names.includes(key))?.[0] ?? key;
};

/** How two values of a field are compared, by the field's last path segment. */
const sameValue = (field: string, expected: string, actual: string): boolean => {
  const name = field.split('.').at(-1)!;
  if (/amount|total|quantity|rate|days/.test(name) && !Number.isNaN(Number(expected)) && !Number.isNaN(Number(actual))) {
    return Math.abs(Number(expected) - Number(actual)) < 0.005;
  }
  if (['iban', 'bic', 'vat_id', 'company_id', 'postal_code', 'country_code', 'currency'].includes(name))
    return alphanumeric(expected) === alphanumeric(actual);
  if (name === 'street_and_number') return tokens(expected) === tokens(actual);
  if (name === 'unit') return unitName(expected) === unitName(actual);
  return normalizeText(expected) === normalizeText(actual);
};

const ITEM_FIELD = /^accounting_document\.items\.(\d+)\.(.+)$/;

const itemFieldsByIndex = (flat: Record<string, string | number | boolean | null>): Map<number, Map<string, string | null>> => {
  const items = new Map<number, Map<string, string | null>>();
  for (const [field, value] of Object.entries(flat)) {
    const match = ITEM_FIELD.exec(field);
    if (!match) continue;
    const fields = items.get(Number(match[1])) ?? new Map<string, string | null>();
    fields.set(match[2]!, text(value));
    items.set(Number(match[1]), fields);
  }
  return items;
};

/**
 * The extracted items renumbered to the expected items they match best: line items are a set, and a
 * truth that lists a sub-line ("incl. levy") in another place than the page prints it would otherwise
 * count every item after it as wrong. The pairing maximizes the item fields that agree (Hungarian
 * method); among equal pairings the printed order wins. Items matching no expected item keep numbers
 * past the expected ones, so they are judged nowhere but in the item count.
 */
const itemsPairedWithExpected = (expected: ExpectedFields, actual: Record<string, string | null>): Record<string, string | null> => {
  const wanted = [...itemFieldsByIndex(expected)];
  const found = [...itemFieldsByIndex(actual)];
  if (wanted.length === 0 || found.length === 0) return actual;
  const agreements = (want: Map<string, string | null>, got: Map<string, string | null>) =>
    [...want].filter(([name, value]) => {
      const other = got.get(name) ?? null;
      return value !== null && other !== null && sameValue(name, value, other);
    }).length;
  const cost = wanted.map(([wantIndex, want]) =>
    found.map(([gotIndex, got]) => -1000 * agreements(want, got) + Math.abs(wantIndex - gotIndex)),
  );
  const renumbered = new Map<number, number>(munkres(cost).map(([row, column]) => [found[column]![0], wanted[row]![0]]));
  let spare = Math.max(...wanted.map(([index]) => index), ...found.map(([index]) => index)) + 1;
  for (const [index] of found) if (!renumbered.has(index)) renumbered.set(index, spare++);
  return Object.fromEntries(
    Object.entries(actual).map(([field, value]) => {
      const match = ITEM_FIELD.exec(field);
      return match ? [`accounting_document.items.${renumbered.get(Number(match[1]))}.${match[2]}`, value] : [field, value];
    }),
  );
};

/** One value judged against its truth: missing when none was read, else right or wrong by `same`. */
export const judgeValue = (
  field: string,
  expected: string,
  actual: string | null,
  same: (want: string, got: string) => boolean,
): FieldComparison =>
  actual === null
    ? { field, outcome: 'missing', expected, actual }
    : { field, outcome: same(expected, actual) ? 'right' : 'wrong', expected, actual };

/** Every field the truth speaks about, compared; fields the truth leaves out are not judged. */
export const compareFields = (expected: ExpectedFields, data: ExtractedData): FieldComparison[] => {
  const actual = itemsPairedWithExpected(expected, flattenExtracted(data));
  return Object.entries(expected).flatMap(([field, value]): FieldComparison[] => {
    const want = text(value);
    const got = actual[field] ?? null;
    if (want === null) return got === null ? [] : [{ field, outcome: 'extra', expected: null, actual: got }];
    if (got === null) return [{ field, outcome: 'missing', expected: want, actual: null }];
    return [{ field, outcome: sameValue(field, want, got) ? 'right' : 'wrong', expected: want, actual: got }];
  });
};

export type Tally = Map<string, Record<Outcome, number>>;

/** Outcomes counted per field, items folded together (`accounting_document.items.*.title`). */
export const tally = (comparisons: readonly FieldComparison[], into: Tally = new Map()): Tally => {
  for (const { field, outcome } of comparisons) {
    const key = field.replace(/\.\d+\./, '.*.');
    const counts = into.get(key) ?? { right: 0, wrong: 0, missing: 0, extra: 0 };
    counts[outcome]++;
    into.set(key, counts);
  }
  return into;
};

/** A plain-text table: per field right, wrong, missing, extra, and the share right of those expected. */
export const formatTally = (counts: Tally): string => {
  const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  const width = Math.max(5, ...rows.map(([field]) => field.length));
  const header = `${'field'.padEnd(width)}  right  wrong  missing  extra  accuracy`;
  const lines = rows.map(([field, { right, wrong, missing, extra }]) => {
    const judged = right + wrong + missing;
    const accuracy = judged === 0 ? '   -' : `${((100 * right) / judged).toFixed(0).padStart(4)}%`;
    return `${field.padEnd(width)}  ${String(right).padStart(5)}  ${String(wrong).padStart(5)}  ${String(missing).padStart(7)}  ${String(extra).padStart(5)}  ${accuracy}`;
  });
  return [header, ...lines].join('\n');
};
