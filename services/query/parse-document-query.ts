import { z } from 'zod';
import { ValidationErrors, errors, isAppError } from '../../shared/errors/app-error.js';
import type { AppError } from '../../shared/errors/app-error.js';
import { fuzzyTokens } from '../../shared/read-model/evaluate-query.js';
import { MAX_CUSTOM_FIELD_DEPTH } from '../../contracts/requests/custom-fields.js';
import {
  CUSTOM_FIELD_PREFIX,
  DECIMAL,
  fixedFieldNames,
  inferCustomFieldType,
  lookupField,
} from '../../shared/read-model/filterable-fields.js';
import type { FilterableField } from '../../shared/read-model/filterable-fields.js';
import type { Condition, DocumentQuery, FieldType, FilterValue, Operator, SortKey } from '../../shared/read-model/query.js';

/**
 * Turns the JSON:API query parameters of a document collection request into a DocumentQuery.
 * Every parameter is either understood or rejected with a 400 naming it; nothing is ignored.
 */

export const INCLUDABLE_RELATIONSHIPS = ['accounting_document', 'sender_address', 'receiver_address'] as const;
export type IncludableRelationship = (typeof INCLUDABLE_RELATIONSHIPS)[number];

export interface ParsedDocumentQuery {
  query: DocumentQuery;
  include: IncludableRelationship[];
}

export const DEFAULT_SORT = '-created_at';
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** One parameter as the client wrote it: `name` is what error sources cite, e.g. `filter[amount_total_gt]`. */
interface Parameter {
  name: string;
  value: unknown;
}

interface ParameterFamilies {
  filter: Map<string, Parameter>;
  page: Map<string, Parameter>;
  sort: Parameter | undefined;
  include: Parameter | undefined;
}

const OPERATOR_SUFFIXES: ReadonlyArray<readonly [suffix: string, op: Operator]> = [
  ['_not', 'not'],
  ['_blank', 'blank'],
  ['_contains', 'contains'],
  ['_fuzzy', 'fuzzy'],
  ['_lt', 'lt'],
  ['_lte', 'lte'],
  ['_gt', 'gt'],
  ['_gte', 'gte'],
  ['_range', 'range'],
];

const TEXT_OPERATORS: Operator[] = ['eq', 'not', 'blank', 'contains', 'fuzzy'];
const ORDERED_OPERATORS: Operator[] = ['eq', 'not', 'blank', 'lt', 'lte', 'gt', 'gte', 'range'];
const OPERATORS_BY_TYPE: Record<FieldType, Operator[]> = {
  text: TEXT_OPERATORS,
  keyword: TEXT_OPERATORS,
  keyword_list: ['eq', 'not', 'blank'],
  boolean: ['eq', 'not', 'blank'],
  number: ORDERED_OPERATORS,
  date: ORDERED_OPERATORS,
  datetime: ORDERED_OPERATORS,
};

const isoDate = z.iso.date();
const isoTimestamp = z.iso.datetime({ offset: true });

const badRequest = (code: string, detail: string, parameter: string): AppError => errors.badRequest(code, detail, { parameter });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Accepts qs-style nested objects (`{ filter: { x: '1' } }`) and flat keys (`{ 'filter[x]': '1' }`) alike. */
const groupParameters = (params: Record<string, unknown>, problems: AppError[]): ParameterFamilies => {
  const families: ParameterFamilies = { filter: new Map(), page: new Map(), sort: undefined, include: undefined };
  const codeOf = { filter: 'invalid_filter_value', page: 'invalid_page' } as const;
  const addMember = (family: 'filter' | 'page', key: string, value: unknown) => {
    const name = `${family}[${key}]`;
    if (families[family].has(key)) problems.push(badRequest(codeOf[family], `${name} is given more than once`, name));
    else families[family].set(key, { name, value });
  };
  for (const [name, value] of Object.entries(params)) {
    const bracketed = /^(filter|page)\[([^[\]]*)\]$/.exec(name);
    if (bracketed) addMember(bracketed[1] as 'filter' | 'page', bracketed[2] ?? '', value);
    else if (name === 'filter' || name === 'page') {
      if (isPlainObject(value)) for (const [key, member] of Object.entries(value)) addMember(name, key, member);
      else problems.push(badRequest(codeOf[name], `${name} takes bracketed members, such as ${name}[...]=value`, name));
    } else if (name === 'sort' || name === 'include') families[name] = { name, value };
    else
      problems.push(
        badRequest(
          'unknown_parameter',
          `unknown query parameter ${name}; known are filter[...], sort, page[number], page[size] and include`,
          name,
        ),
      );
  }
  return families;
};

const singleString = (parameter: Parameter, code: string): string => {
  if (typeof parameter.value === 'string') return parameter.value;
  if (Array.isArray(parameter.value)) throw badRequest(code, `${parameter.name} is given more than once`, parameter.name);
  throw badRequest(code, `${parameter.name} takes a single value, not nested parameters`, parameter.name);
};

/**
 * Field names contain underscores, so a key is split at an operator suffix only when that leaves a
 * field. Catalog fields: the longest known name wins. Custom keys are open-ended (any of them may
 * end like an operator), so there a recognised operator suffix always counts as the operator.
 */
const resolveFilterKey = (key: string): { field: FilterableField; op: Operator } | undefined => {
  const suffixed = OPERATOR_SUFFIXES.find(([suffix]) => key.endsWith(suffix));
  const whole = { name: key, op: 'eq' as Operator };
  const stripped = suffixed && { name: key.slice(0, -suffixed[0].length), op: suffixed[1] };
  const candidates = key.startsWith(CUSTOM_FIELD_PREFIX) ? [stripped, whole] : [whole, stripped];
  for (const candidate of candidates) {
    const field = candidate && lookupField(candidate.name);
    if (candidate && field) return { field, op: candidate.op };
  }
  return undefined;
};

const unknownFilter = (key: string, parameter: string): AppError => {
  if (key.startsWith(CUSTOM_FIELD_PREFIX))
    return badRequest(
      'unknown_filter',
      `${parameter}: a custom field is addressed as custom_fields.<key>, or a value nested in it as ` +
        `custom_fields.<key>.<member>… (at most ${MAX_CUSTOM_FIELD_DEPTH + 1} names); each name is 1 to 64 letters, digits, "_" or "-"`,
      parameter,
    );
  const suffix = OPERATOR_SUFFIXES.find(([candidate]) => key.endsWith(candidate))?.[0] ?? '';
  const base = key.slice(0, key.length - suffix.length);
  const similar = fixedFieldNames().filter((name) => name.endsWith(`.${base}`));
  const hint = similar.length > 0 ? ` (did you mean ${similar.map((name) => `filter[${name}${suffix}]`).join(' or ')}?)` : '';
  return badRequest(
    'unknown_filter',
    `${parameter} names no filterable field${hint}; filterable are document attributes such as created_at, ` +
      'accounting_document.*, sender_address.*, receiver_address.* and custom_fields.<key>[.<member>…]',
    parameter,
  );
};

const listing = (words: string[]): string =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words.join('');

const parseFlag = (raw: string, parameter: string): boolean => {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badRequest('invalid_filter_value', `${parameter} takes true or false, not "${raw}"`, parameter);
};

const parseBoolean = (raw: string, parameter: string): boolean => {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  throw badRequest('invalid_filter_value', `${parameter} takes true or false, not "${raw}"`, parameter);
};

const parseNumber = (raw: string, parameter: string): number => {
  const value = Number(raw);
  if (!DECIMAL.test(raw) || !Number.isFinite(value))
    throw badRequest('invalid_filter_value', `${parameter} takes a decimal number such as 12 or -0.5, not "${raw}"`, parameter);
  return value;
};

const parseDate = (raw: string, parameter: string): string => {
  if (!isoDate.safeParse(raw).success)
    throw badRequest('invalid_filter_value', `${parameter} takes a calendar date YYYY-MM-DD, not "${raw}"`, parameter);
  return raw;
};

const requireText = (raw: string, parameter: string, blankHint: string): string => {
  if (raw === '') throw badRequest('invalid_filter_value', `${parameter} needs a value${blankHint}`, parameter);
  return raw;
};

/**
 * A datetime field compared with a date stands for that whole UTC day: from its first to its last
 * millisecond. A timestamp with time zone stands for itself, normalized to the stored form
 * (UTC with milliseconds) so the two compare as strings.
 */
type Instant = { day: string } | { timestamp: string };

const parseInstant = (raw: string, parameter: string): Instant => {
  if (isoDate.safeParse(raw).success) return { day: raw };
  if (isoTimestamp.safeParse(raw).success) return { timestamp: new Date(raw).toISOString() };
  throw badRequest(
    'invalid_filter_value',
    `${parameter} takes a date YYYY-MM-DD or a timestamp with time zone such as 2026-03-01T10:00:00Z, not "${raw}"`,
    parameter,
  );
};

const startOf = (instant: Instant): string => ('day' in instant ? `${instant.day}T00:00:00.000Z` : instant.timestamp);
const endOf = (instant: Instant): string => ('day' in instant ? `${instant.day}T23:59:59.999Z` : instant.timestamp);

/** A bound for `lt`/`lte`/`gt`/`gte`/a range end, of a number, date or datetime field. */
const parseBound = (type: FieldType, raw: string, parameter: string, side: 'start' | 'end'): number | string => {
  if (type === 'number') return parseNumber(raw, parameter);
  if (type === 'date') return parseDate(raw, parameter);
  const instant = parseInstant(raw, parameter);
  return side === 'start' ? startOf(instant) : endOf(instant);
};

const typeOfCondition = (field: FilterableField, op: Operator, values: string[]): FieldType => {
  if (field.type !== 'inferred') return field.type;
  return op === 'contains' || op === 'fuzzy' ? 'text' : inferCustomFieldType(values);
};

const checkOperator = (field: FilterableField, type: FieldType, op: Operator, parameter: string) => {
  if (OPERATORS_BY_TYPE[type].includes(op)) return;
  const allowing = (Object.keys(OPERATORS_BY_TYPE) as FieldType[]).filter((other) => OPERATORS_BY_TYPE[other].includes(op));
  const detail =
    field.type === 'inferred'
      ? `${parameter} compares custom field values as numbers or dates, so it needs a decimal number or a date YYYY-MM-DD`
      : `${parameter}: the ${op} operator does not apply to ${field.name}, a ${type} field; it applies to ${listing(allowing)} fields`;
  throw badRequest('invalid_filter_operator', detail, parameter);
};

const rangeCondition = (field: FilterableField, raw: string, parameter: string): Condition => {
  const ends = raw.split('..');
  const [fromRaw, toRaw] = ends;
  if (ends.length !== 2 || !fromRaw || !toRaw)
    throw badRequest('invalid_filter_value', `${parameter} takes FROM..TO with both ends given, not "${raw}"`, parameter);
  const type = typeOfCondition(field, 'range', [fromRaw, toRaw]);
  checkOperator(field, type, 'range', parameter);
  const from = parseBound(type, fromRaw, parameter, 'start');
  const to = parseBound(type, toRaw, parameter, 'end');
  const startsAfterEnd = typeof from === 'number' && typeof to === 'number' ? from > to : String(from) > String(to);
  if (startsAfterEnd) throw badRequest('invalid_filter_value', `${parameter}: the range starts after it ends ("${raw}")`, parameter);
  return { path: field.path, type, op: 'range', value: { from, to } };
};

const parseCondition = (key: string, parameter: Parameter): Condition => {
  const resolved = resolveFilterKey(key);
  if (!resolved) throw unknownFilter(key, parameter.name);
  const { field, op } = resolved;
  const raw = singleString(parameter, 'invalid_filter_value');
  const name = parameter.name;
  const path = field.path;

  if (op === 'blank') return { path, type: field.type === 'inferred' ? 'text' : field.type, op, value: parseFlag(raw, name) };
  if (op === 'range') return rangeCondition(field, raw, name);

  const type = typeOfCondition(field, op, [raw]);
  checkOperator(field, type, op, name);
  switch (op) {
    case 'contains':
      return { path, type, op, value: requireText(raw, name, '') };
    case 'fuzzy':
      if (fuzzyTokens(raw).length === 0)
        throw badRequest('invalid_filter_value', `${name} needs at least one letter or digit to search for`, name);
      return { path, type, op, value: raw };
    case 'lt':
    case 'gte':
      return { path, type, op, value: parseBound(type, raw, name, 'start') };
    case 'lte':
    case 'gt':
      return { path, type, op, value: parseBound(type, raw, name, 'end') };
    case 'eq':
    case 'not':
      return equalityCondition(field, type, op, raw, name);
  }
};

/** Clients store custom values as they like (`4711` or `"4711"`, `true` or `"true"`); equality matches either. */
const customFieldSpellings = (type: FieldType, raw: string, parameter: string): FilterValue | FilterValue[] => {
  if (type === 'number') return [parseNumber(raw, parameter), raw];
  if (raw === 'true' || raw === 'false') return [raw === 'true', raw];
  return raw;
};

const equalityCondition = (field: FilterableField, type: FieldType, op: 'eq' | 'not', raw: string, parameter: string): Condition => {
  const path = field.path;
  if (field.type === 'inferred') return { path, type, op, value: customFieldSpellings(type, raw, parameter) };
  switch (type) {
    case 'number':
      return { path, type, op, value: parseNumber(raw, parameter) };
    case 'boolean':
      return { path, type, op, value: parseBoolean(raw, parameter) };
    case 'date':
      return { path, type, op, value: parseDate(raw, parameter) };
    case 'datetime': {
      const instant = parseInstant(raw, parameter);
      if ('timestamp' in instant) return { path, type, op, value: instant.timestamp };
      if (op === 'eq') return { path, type, op: 'range', value: { from: startOf(instant), to: endOf(instant) } };
      // "Not on that day" is an either-or, which the all-of filter tree cannot hold.
      throw badRequest(
        'invalid_filter_value',
        `${parameter} takes a full timestamp such as 2026-03-01T10:00:00Z; a whole day cannot be excluded`,
        parameter,
      );
    }
    case 'text':
    case 'keyword':
    case 'keyword_list':
      return { path, type, op, value: requireText(raw, parameter, `; use filter[${field.name}_blank]=true to find empty ones`) };
  }
};

const parseSort = (parameter: Parameter | undefined): SortKey[] => {
  const raw = parameter ? singleString(parameter, 'invalid_sort') : DEFAULT_SORT;
  const seen = new Set<string>();
  return raw.split(',').map((segment) => {
    const direction = segment.startsWith('-') ? 'desc' : 'asc';
    const name = direction === 'desc' ? segment.slice(1) : segment;
    const field = lookupField(name);
    if (!field) throw badRequest('invalid_sort', `sort names "${name}", which is no sortable field`, 'sort');
    if (field.type === 'keyword_list') throw badRequest('invalid_sort', `sort cannot order by ${name}, a list`, 'sort');
    if (seen.has(name)) throw badRequest('invalid_sort', `sort names ${name} more than once`, 'sort');
    seen.add(name);
    // Custom fields sort in the mixed order of the evaluator: missing, numbers, then strings.
    return { path: field.path, type: field.type === 'inferred' ? 'text' : field.type, direction };
  });
};

const parsePageMember = (parameter: Parameter, minimum: number, maximum: number): number => {
  const raw = singleString(parameter, 'invalid_page');
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
    const bounds = maximum === Number.MAX_SAFE_INTEGER ? `at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw badRequest('invalid_page', `${parameter.name} takes a whole number ${bounds}, not "${raw}"`, parameter.name);
  }
  return value;
};

const parseInclude = (parameter: Parameter | undefined): IncludableRelationship[] => {
  if (!parameter) return [];
  const raw = singleString(parameter, 'invalid_include');
  if (raw === '') return [];
  const names = raw.split(',');
  const unknown = names.filter((name) => !(INCLUDABLE_RELATIONSHIPS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw badRequest(
      'invalid_include',
      `include names ${unknown.map((name) => `"${name}"`).join(', ')}; includable are ${INCLUDABLE_RELATIONSHIPS.join(', ')}`,
      'include',
    );
  return [...new Set(names as IncludableRelationship[])];
};

/** Runs one parameter's parsing, recording its error instead of stopping, so a response lists every problem. */
const collect = <T>(problems: AppError[], parse: () => T): T | undefined => {
  try {
    return parse();
  } catch (error) {
    if (!isAppError(error)) throw error;
    problems.push(error);
    return undefined;
  }
};

export const parseDocumentQuery = (params: Record<string, unknown>): ParsedDocumentQuery => {
  const problems: AppError[] = [];
  const families = groupParameters(params, problems);

  const conditions = [...families.filter].flatMap(([key, parameter]) => collect(problems, () => parseCondition(key, parameter)) ?? []);
  const sort = collect(problems, () => parseSort(families.sort)) ?? [];
  const page = { number: 1, size: DEFAULT_PAGE_SIZE };
  for (const [key, parameter] of families.page) {
    collect(problems, () => {
      if (key === 'number') page.number = parsePageMember(parameter, 1, Number.MAX_SAFE_INTEGER);
      else if (key === 'size') page.size = parsePageMember(parameter, 1, MAX_PAGE_SIZE);
      else
        throw badRequest('invalid_page', `unknown page parameter ${parameter.name}; known are page[number] and page[size]`, parameter.name);
    });
  }
  const include = collect(problems, () => parseInclude(families.include)) ?? [];

  const [first] = problems;
  if (first && problems.length === 1) throw first;
  if (problems.length > 1) throw new ValidationErrors(problems);
  return { query: { filter: { all: conditions }, sort, page }, include };
};
