import { documentEventTypes } from '../../contracts/events/registry.js';
import { ValidationErrors, errors, type AppError } from '../../shared/errors/app-error.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './parse-document-query.js';

/** What a history request asks for: a page of the events, of some types only or of all. */
export interface HistoryQuery {
  /** Null: every type. */
  types: string[] | null;
  page: { number: number; size: number };
}

const WHOLE_NUMBER = /^[0-9]{1,9}$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ page: { size: '5' } }` (nested) and `{ 'page[size]': '5' }` (flat) alike, as flat names. */
const flatten = (params: Record<string, unknown>): Array<[string, unknown]> =>
  Object.entries(params).flatMap(([name, value]): Array<[string, unknown]> =>
    (name === 'page' || name === 'filter') && isPlainObject(value)
      ? Object.entries(value).map(([member, inner]) => [`${name}[${member}]`, inner])
      : [[name, value]],
  );

const pageMember = (name: string, raw: unknown, minimum: number, maximum: number): number => {
  if (typeof raw !== 'string' || !WHOLE_NUMBER.test(raw) || Number(raw) < minimum || Number(raw) > maximum) {
    const range =
      maximum === Number.MAX_SAFE_INTEGER ? `a whole number, at least ${minimum}` : `a whole number from ${minimum} to ${maximum}`;
    throw errors.badRequest('invalid_page', `${name} takes ${range}`, { parameter: name });
  }
  return Number(raw);
};

const eventTypes = (raw: unknown): string[] => {
  const parameter = 'filter[type]';
  if (typeof raw !== 'string' || raw === '')
    throw errors.badRequest('invalid_filter_value', `${parameter} takes one or more event types, comma separated`, { parameter });
  const known = documentEventTypes();
  const types = [...new Set(raw.split(',').map((type) => type.trim()))];
  const unknown = types.filter((type) => !known.includes(type));
  if (unknown.length > 0)
    throw errors.badRequest(
      'invalid_filter_value',
      `${parameter}: unknown event type ${unknown.join(', ')}; known are ${known.join(', ')}`,
      {
        parameter,
      },
    );
  return types;
};

/** The query parameters of a document's history; every other parameter is refused, all problems at once. */
export const parseHistoryQuery = (params: Record<string, unknown>): HistoryQuery => {
  const query: HistoryQuery = { types: null, page: { number: 1, size: DEFAULT_PAGE_SIZE } };
  const problems: AppError[] = [];
  for (const [name, value] of flatten(params)) {
    try {
      if (name === 'page[number]') query.page.number = pageMember(name, value, 1, Number.MAX_SAFE_INTEGER);
      else if (name === 'page[size]') query.page.size = pageMember(name, value, 1, MAX_PAGE_SIZE);
      else if (name === 'filter[type]') query.types = eventTypes(value);
      else
        throw errors.badRequest(
          'unknown_parameter',
          `unknown query parameter ${name}; known are filter[type], page[number] and page[size]`,
          {
            parameter: name,
          },
        );
    } catch (error) {
      problems.push(error as AppError);
    }
  }
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) throw new ValidationErrors(problems);
  return query;
};
