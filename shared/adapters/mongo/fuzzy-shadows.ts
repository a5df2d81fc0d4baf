import type { DocumentView } from '../../read-model/document-view.js';
import { normalizeForFuzzy } from '../../read-model/evaluate-query.js';
import { CUSTOM_FIELD_PREFIX, fixedFieldNames, lookupField } from '../../read-model/filterable-fields.js';

/**
 * A fuzzy filter needs the stored text normalized (normalizeForFuzzy), which no portable MongoDB query
 * can compute, so each stored view carries the normalized form of every text it may be fuzzy-searched
 * by, under `_fuzzy.<path>`. Views written before normalizeForFuzzy changes need a rebuild.
 */
export const FUZZY_SHADOWS = '_fuzzy';

export const fuzzyShadowPath = (path: string): string => `${FUZZY_SHADOWS}.${path}`;

const FUZZY_SEARCHABLE_PATHS = fixedFieldNames().flatMap((name) => {
  const field = lookupField(name);
  return field?.type === 'text' || field?.type === 'keyword' ? [field.path] : [];
});

const valueAtPath = (view: DocumentView, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (current, segment) => (current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined),
      view,
    );

const setAtPath = (target: Record<string, unknown>, path: string, value: string): void => {
  const segments = path.split('.');
  const last = segments.pop() ?? path;
  let current = target;
  for (const segment of segments) current = (current[segment] ??= {}) as Record<string, unknown>;
  current[last] = value;
};

/** The filterable paths of a custom field value's strings, reached through objects only (as filters address them). */
const customTextPaths = (value: unknown, name: string): string[] => {
  if (typeof value === 'string') return [lookupField(name)?.path ?? []].flat();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([key, member]) => customTextPaths(member, `${name}.${key}`));
};

/** The `_fuzzy` member of a stored view: the normalized text of its fixed text fields and textual custom fields. */
export const fuzzyShadowsOf = (view: DocumentView): Record<string, unknown> => {
  const customFieldPaths = customTextPaths(view.document.custom_fields, CUSTOM_FIELD_PREFIX.slice(0, -1));
  const shadows: Record<string, unknown> = {};
  for (const path of [...FUZZY_SEARCHABLE_PATHS, ...customFieldPaths]) {
    const value = valueAtPath(view, path);
    if (typeof value === 'string') setAtPath(shadows, path, normalizeForFuzzy(value));
  }
  return shadows;
};
