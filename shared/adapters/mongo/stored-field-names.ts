/**
 * MongoDB refuses field names holding a dot or starting with `$` (FerretDB refuses both anywhere), and
 * BSON cannot hold a NUL in one, yet views carry such keys: `evidence` is keyed by field path
 * (`accounting_document.amount_total`), custom fields by whatever the client chose. Stored names escape
 * `%`, `.`, `$` and NUL percent-style, and the empty name is stored as a lone `%` (which no escaped
 * name can be). No filterable path holds any of them, so queries address stored fields by their plain names.
 */
const ESCAPED: Record<string, string> = { '%': '%25', '.': '%2E', $: '%24', '\0': '%00' };
const EMPTY_NAME = '%';
const UNESCAPED: Record<string, string> = Object.fromEntries(Object.entries(ESCAPED).map(([plain, escaped]) => [escaped, plain]));

const renameKeys = (value: unknown, rename: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((element) => renameKeys(element, rename));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [rename(key), renameKeys(member, rename)]));
};

/** A deep copy of a JSON-like value whose every field name MongoDB accepts. */
export const toStoredFieldNames = (value: unknown): unknown =>
  renameKeys(value, (key) => (key === '' ? EMPTY_NAME : key.replace(/[%.$\0]/g, (character) => ESCAPED[character] ?? character)));

/** The inverse of toStoredFieldNames. */
export const fromStoredFieldNames = (value: unknown): unknown =>
  renameKeys(value, (key) => (key === EMPTY_NAME ? '' : key.replace(/%(?:25|2E|24|00)/g, (escape) => UNESCAPED[escape] ?? escape)));
