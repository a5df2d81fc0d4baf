import type { DocumentView } from './document-view.js';
import { isCustomFieldPath } from './filterable-fields.js';
import type { Condition, DocumentQuery, Filter, QueryResult, SortKey } from './query.js';

/**
 * In-memory semantics of the filter tree. They are chosen to be what a plain MongoDB query does,
 * so the server adapter can translate one to one:
 * - values are compared only with values of the same kind (number with number, string with string),
 *   as MongoDB's type bracketing does; null and missing values never satisfy a comparison;
 * - `eq` is exact and case-sensitive; on a stored array it means "contains that element";
 * - `not` is the negation of `eq`, so it also matches null and missing values (`$ne`);
 * - `blank: true` matches null, missing, '' and [] (`$in: [null, '', []]`), `blank: false` the rest;
 * - `contains` is a case-insensitive substring of a stored string (escaped `$regex` with `i`);
 * - `fuzzy` normalizes both sides (normalizeForFuzzy) and requires every query token to be a
 *   substring of the normalized stored string (a stored, normalized shadow field and one `$regex` per token);
 * - `range` includes both ends; dates and datetimes are strings in one canonical form, so they compare as strings;
 * - a custom field path finds only a scalar reached through objects (isCustomFieldPath); anything else is missing.
 */

const COMBINING_MARKS = /\p{M}+/gu;
const UMLAUT_SPELLINGS = /([aou])e/g;
const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** normalizeForFuzzy as defined, by regular expressions: what any text but ASCII goes through. */
const normalizeUnicodeForFuzzy = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(UMLAUT_SPELLINGS, '$1')
    .replace(NOT_ALPHANUMERIC, ' ')
    .trim();

const [A, Z, a, z, ZERO, NINE, LOWER_E] = ['A', 'Z', 'a', 'z', '0', '9', 'e'].map((letter) => letter.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
const LOWERCASE_OFFSET = a - A;
const FIRST_NON_ASCII = 0x80;
const isAouAt = (text: string, index: number) => index >= 0 && 'aouAOU'.includes(text[index]!);

/**
 * Lowercase, ß -> ss, Unicode NFKD with diacritics stripped (ü -> u), then ae/oe/ue -> a/o/u so that
 * "Müller", "Mueller" and "Muller" all read "muller"; runs of anything but letters and digits become
 * one space. Applied alike to stored values and queries, so it can err only towards more matches
 * (e.g. "poet" reads "pot"). ASCII text (nearly every stored value) is normalized in one pass over its
 * characters, to the same result: it has nothing to decompose, and its letters and digits are A–Z, a–z
 * and 0–9. The regular expressions cost a rebuild 15 µs an event.
 */
export const normalizeForFuzzy = (text: string): string => {
  let normalized = '';
  let pendingSpace = false;
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index);
    if (code >= FIRST_NON_ASCII) return normalizeUnicodeForFuzzy(text);
    if (code >= A && code <= Z) code += LOWERCASE_OFFSET;
    const alphanumeric = (code >= a && code <= z) || (code >= ZERO && code <= NINE);
    // The e of ae, oe or ue goes (an a, o or u is never itself such an e, so pairs do not overlap).
    if (!alphanumeric || (code === LOWER_E && isAouAt(text, index - 1))) {
      pendingSpace ||= !alphanumeric && normalized !== '';
      continue;
    }
    if (pendingSpace) normalized += ' ';
    pendingSpace = false;
    normalized += String.fromCharCode(code);
  }
  return normalized;
};

/** The normalized tokens a fuzzy query requires; empty when the query holds no letters or digits. */
export const fuzzyTokens = (query: string): string[] => {
  const normalized = normalizeForFuzzy(query);
  return normalized === '' ? [] : normalized.split(' ');
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/** Own members only: a custom key such as `constructor` must not find what every object inherits. */
const memberAt = (value: unknown, path: string, stepsIntoArrays: boolean): unknown => {
  let current: unknown = value;
  for (const segment of path.split('.')) {
    if (!isObject(current) || (!stepsIntoArrays && Array.isArray(current)) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
};

const valueAtPath = (view: DocumentView, path: string): unknown => {
  if (!isCustomFieldPath(path)) return memberAt(view, path, true);
  const value = memberAt(view, path, false);
  return isObject(value) ? undefined : value;
};

const isBlank = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const equals = (stored: unknown, value: unknown): boolean =>
  (Array.isArray(value) ? value : [value]).some((candidate) => (Array.isArray(stored) ? stored.includes(candidate) : stored === candidate));

/** Order of two values of the same kind (both numbers or both strings); undefined when they are not comparable. */
const orderOf = (stored: unknown, value: number | string): number | undefined => {
  if (typeof stored !== typeof value || (typeof stored !== 'number' && typeof stored !== 'string')) return undefined;
  return stored < value ? -1 : stored > value ? 1 : 0;
};

const compareWith = (stored: unknown, value: number | string, holds: (order: number) => boolean): boolean => {
  const order = orderOf(stored, value);
  return order !== undefined && holds(order);
};

const matchesCondition = (stored: unknown, condition: Condition): boolean => {
  switch (condition.op) {
    case 'eq':
      return equals(stored, condition.value);
    case 'not':
      return !equals(stored, condition.value);
    case 'blank':
      return isBlank(stored) === condition.value;
    case 'contains':
      return typeof stored === 'string' && stored.toLowerCase().includes(condition.value.toLowerCase());
    case 'fuzzy': {
      if (typeof stored !== 'string') return false;
      const normalized = normalizeForFuzzy(stored);
      return fuzzyTokens(condition.value).every((token) => normalized.includes(token));
    }
    case 'lt':
      return compareWith(stored, condition.value, (order) => order < 0);
    case 'lte':
      return compareWith(stored, condition.value, (order) => order <= 0);
    case 'gt':
      return compareWith(stored, condition.value, (order) => order > 0);
    case 'gte':
      return compareWith(stored, condition.value, (order) => order >= 0);
    case 'range':
      return (
        compareWith(stored, condition.value.from, (order) => order >= 0) && compareWith(stored, condition.value.to, (order) => order <= 0)
      );
  }
};

const matchesFilter = (view: DocumentView, filter: Filter): boolean =>
  filter.all.every((condition) => matchesCondition(valueAtPath(view, condition.path), condition));

/**
 * MongoDB's cross-type sort order, trimmed to what views hold: null and missing first, then
 * numbers, strings, objects and arrays (not ordered among themselves), booleans. Typed fields
 * hold one kind or null; only custom fields mix kinds.
 */
const kindRank = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 4;
  return 3;
};

const compareValues = (a: unknown, b: unknown): number => {
  const byKind = kindRank(a) - kindRank(b);
  if (byKind !== 0) return byKind;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return 0;
};

const compareIds = (a: DocumentView, b: DocumentView): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Sorts by the keys in order (descending reverses a key, so nulls come last), then by id ascending. */
export const compareForSort =
  (sort: SortKey[]) =>
  (a: DocumentView, b: DocumentView): number => {
    for (const key of sort) {
      const order = compareValues(valueAtPath(a, key.path), valueAtPath(b, key.path));
      if (order !== 0) return key.direction === 'asc' ? order : -order;
    }
    return compareIds(a, b);
  };

/** Filters, sorts and pages; `total` counts every match, not just the page. */
export const runQuery = (views: Iterable<DocumentView>, query: DocumentQuery): QueryResult<DocumentView> => {
  const matching = [...views].filter((view) => matchesFilter(view, query.filter)).sort(compareForSort(query.sort));
  const start = (query.page.number - 1) * query.page.size;
  return { items: matching.slice(start, start + query.page.size), total: matching.length };
};
