/**
 * The one small filter language every read-model adapter evaluates: parsed from JSON:API
 * parameters by the query service, evaluated in memory by the embedded adapter and translated
 * to a MongoDB query by the server adapter.
 */
export type FieldType = 'text' | 'keyword' | 'number' | 'date' | 'datetime' | 'boolean' | 'keyword_list';

export type Operator = 'eq' | 'not' | 'blank' | 'contains' | 'fuzzy' | 'lt' | 'lte' | 'gt' | 'gte' | 'range';

export type FilterValue = string | number | boolean;

export type Condition =
  /** A list value means any of them: a custom field `4711` may have been stored as a number or as text. */
  | { path: string; type: FieldType; op: 'eq' | 'not'; value: FilterValue | FilterValue[] }
  | { path: string; type: FieldType; op: 'blank'; value: boolean }
  | { path: string; type: FieldType; op: 'contains' | 'fuzzy'; value: string }
  | { path: string; type: FieldType; op: 'lt' | 'lte' | 'gt' | 'gte'; value: number | string }
  | { path: string; type: FieldType; op: 'range'; value: { from: number | string; to: number | string } };

/** All conditions must hold. `path` is a dotted path into DocumentView, e.g. `document.current_status`. */
export interface Filter {
  all: Condition[];
}

export interface SortKey {
  path: string;
  type: FieldType;
  direction: 'asc' | 'desc';
}

export interface DocumentQuery {
  filter: Filter;
  /** Applied in order; adapters break remaining ties by `id` ascending so pages are stable. */
  sort: SortKey[];
  page: { number: number; size: number };
}

export interface QueryResult<T> {
  items: T[];
  total: number;
}
