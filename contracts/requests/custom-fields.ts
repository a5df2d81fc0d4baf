import { z } from 'zod';

/**
 * Custom fields: the client's own data, stored with the document and echoed exactly. Any JSON value
 * is allowed below a top-level key, within bounds that keep one document's data small and every
 * walk over it shallow.
 */
export const CUSTOM_FIELD_KEY = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_CUSTOM_FIELDS = 50;
/** UTF-8 bytes of `custom_fields` serialized as compact JSON. */
export const MAX_CUSTOM_FIELDS_BYTES = 32 * 1024;
/** Levels of objects and arrays within one field's value: `{"a": {"b": [1]}}` nests two. */
export const MAX_CUSTOM_FIELD_DEPTH = 8;
/** Assigning it replaces an object's prototype; refused anywhere so no consumer can trip over it. */
const RESERVED_KEY = '__proto__';

type Path = Array<string | number>;

interface Problem {
  path: Path;
  message: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first problem in a field's value; recursion stops at the depth limit, so it is bounded. */
const problemInValue = (value: unknown, path: Path, depth: number): Problem | undefined => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, message: 'numbers must be finite' };
  if (typeof value !== 'object') return { path, message: 'must be a JSON value' };
  if (depth >= MAX_CUSTOM_FIELD_DEPTH)
    return { path, message: `custom field values nest at most ${MAX_CUSTOM_FIELD_DEPTH} levels of objects and arrays` };
  const members: Array<[string | number, unknown]> = Array.isArray(value)
    ? value.map((element, index) => [index, element])
    : Object.entries(value);
  for (const [key, member] of members) {
    if (key === RESERVED_KEY) return { path: [...path, key], message: `"${RESERVED_KEY}" is reserved` };
    const problem = problemInValue(member, [...path, key], depth + 1);
    if (problem) return problem;
  }
  return undefined;
};

const problemInFields = (fields: unknown): Problem | undefined => {
  if (!isPlainObject(fields)) return { path: [], message: 'must be an object' };
  const keys = Object.keys(fields);
  if (keys.length > MAX_CUSTOM_FIELDS) return { path: [], message: `at most ${MAX_CUSTOM_FIELDS} custom fields` };
  const badKey = keys.find((key) => !CUSTOM_FIELD_KEY.test(key) || key === RESERVED_KEY);
  if (badKey !== undefined) return { path: [badKey], message: 'keys are 1-64 letters, digits, _ or -, and not __proto__' };
  for (const key of keys) {
    const problem = problemInValue(fields[key], [key], 0);
    if (problem) return problem;
  }
  const bytes = Buffer.byteLength(JSON.stringify(fields));
  if (bytes > MAX_CUSTOM_FIELDS_BYTES)
    return { path: [], message: `custom fields take at most ${MAX_CUSTOM_FIELDS_BYTES} bytes as JSON, not ${bytes}` };
  return undefined;
};

/** Validated as given and passed on untouched (no copy), so what is stored is exactly what was sent. */
export const CustomFields = z.unknown().transform((fields, context) => {
  const problem = problemInFields(fields);
  if (!problem) return fields as Record<string, unknown>;
  context.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  return z.NEVER;
});
