import { fuzzyTokens } from '../../read-model/evaluate-query.js';
import type { Condition, DocumentQuery, FilterValue, SortKey } from '../../read-model/query.js';
import { isCustomFieldPath } from '../../read-model/filterable-fields.js';

/**
 * The filter tree as SQLite SQL over the stored views, with the semantics of evaluate-query.ts (MongoDB's):
 * values compare only with values of their own JSON kind, null and missing never satisfy a comparison,
 * `eq` on a stored array means "holds that element", `not` is its negation (so it matches missing values),
 * `contains` and `fuzzy` read shadows of the string fields lowercased and normalized at write time.
 * Fields that nearly every list filters or sorts by have columns of their own, indexed (see HOT_COLUMNS).
 */

/** A view field with a column of its own: one JSON kind or null, so the column compares as the path would. */
export interface HotColumn {
  path: string;
  column: string;
  kind: 'number' | 'text';
}

export const HOT_COLUMNS: HotColumn[] = [
  { path: 'document.created_at', column: 'created_at', kind: 'text' },
  { path: 'document.current_status', column: 'current_status', kind: 'text' },
  { path: 'accounting_document.amount_total', column: 'amount_total', kind: 'number' },
  { path: 'accounting_document.invoice_date', column: 'invoice_date', kind: 'text' },
  { path: 'accounting_document.currency', column: 'currency', kind: 'text' },
];
/**
 * The fuzzy shadow of the field most searched by name gets a column of its own too, with a trigram index
 * (an FTS5 table of that name + `_trigrams`) that finds the values holding a token of three or more characters.
 */
export const FUZZY_COLUMNS: Record<string, string> = { 'sender_address.company_name': 'fuzzy_sender_company' };

export const trigramTable = (column: string): string => `${column}_trigrams`;

/** The shortest token a trigram index finds: FTS5's trigram tokenizer matches nothing shorter. */
const TRIGRAM = 3;

export interface Sql {
  text: string;
  parameters: unknown[];
}

/** A JSON path with every segment quoted, so custom field keys with `-` read as keys. */
export const jsonPath = (path: string): string =>
  `$${path
    .split('.')
    .map((segment) => `."${segment}"`)
    .join('')}`;
/** A key of the flat shadow objects: the whole dotted path, quoted. */
const shadowPath = (path: string): string => `$."${path}"`;

const NUMBER_TYPES = "('integer','real')";

interface Operand {
  type: string;
  value: string;
  parameters: unknown[];
  /** Set when the operand is a hot column: its kind, so type checks are known in advance. */
  hot?: HotColumn;
}

const operandOf = (path: string): Operand => {
  const hot = HOT_COLUMNS.find((column) => column.path === path);
  if (hot) return { type: '', value: hot.column, parameters: [], hot };
  if (isCustomFieldPath(path))
    return { type: scalarOnly('json_type'), value: scalarOnly('json_extract'), parameters: [jsonPath(path)], hot: undefined };
  return { type: 'json_type(body, ?)', value: 'json_extract(body, ?)', parameters: [jsonPath(path)], hot: undefined };
};

/**
 * A custom field path finds a scalar only (see isCustomFieldPath): an object or array there reads as
 * missing. The path is bound once and named in a derived table, so the operand takes one parameter.
 */
const scalarOnly = (read: 'json_type' | 'json_extract'): string =>
  `(select case when json_type(body, at) in ('object', 'array') then null else ${read}(body, at) end from (select ? as at))`;

/** SQL that holds when the operand is of `kind`; `null` when a hot column can never be. */
const isKind = (operand: Operand, kind: 'number' | 'text'): Sql | null => {
  if (operand.hot) return operand.hot.kind === kind ? { text: `${operand.value} is not null`, parameters: [] } : null;
  return { text: `${operand.type} ${kind === 'number' ? `in ${NUMBER_TYPES}` : "= 'text'"}`, parameters: operand.parameters };
};

const kindOfValue = (value: number | string): 'number' | 'text' => (typeof value === 'number' ? 'number' : 'text');

const NEVER: Sql = { text: '0', parameters: [] };

const compare = (operand: Operand, operator: string, value: number | string): Sql => {
  const kind = isKind(operand, kindOfValue(value));
  if (!kind) return NEVER;
  return { text: `(${kind.text} and ${operand.value} ${operator} ?)`, parameters: [...kind.parameters, ...operand.parameters, value] };
};

/** The stored value equals `value`, or is an array holding it. */
const equalsOne = (path: string, operand: Operand, value: FilterValue): Sql => {
  if (typeof value === 'boolean') {
    if (operand.hot) return NEVER;
    const type = value ? "'true'" : "'false'";
    return {
      text: `(${operand.type} = ${type} or (${operand.type} = 'array' and exists (select 1 from json_each(body, ?) where type = ${type})))`,
      parameters: [...operand.parameters, ...operand.parameters, jsonPath(path)],
    };
  }
  const scalar = compare(operand, '=', value);
  if (operand.hot) return scalar;
  const elementType = typeof value === 'number' ? `in ${NUMBER_TYPES}` : "= 'text'";
  return {
    text: `(${scalar.text} or (${operand.type} = 'array' and exists (select 1 from json_each(body, ?) where type ${elementType} and value = ?)))`,
    parameters: [...scalar.parameters, ...operand.parameters, jsonPath(path), value],
  };
};

const anyOf = (parts: Sql[]): Sql => ({
  text: `coalesce(${parts.map((part) => part.text).join(' or ') || '0'}, 0)`,
  parameters: parts.flatMap((part) => part.parameters),
});

/**
 * Comparisons of a hot column are never null (`x is not null and x < ?` is 0 for a null x), so they need
 * no coalesce, and left bare SQLite answers them from the column's index.
 */
const anyOfOperand = (operand: Operand, parts: Sql[]): Sql =>
  operand.hot
    ? { text: `(${parts.map((part) => part.text).join(' or ') || '0'})`, parameters: parts.flatMap((part) => part.parameters) }
    : anyOf(parts);

/** A condition's SQL; `trigrams` when it reads a trigram index. */
interface ConditionSql extends Sql {
  trigrams?: true;
}

const conditionSql = (condition: Condition, useTrigrams: boolean): ConditionSql => {
  const operand = operandOf(condition.path);
  switch (condition.op) {
    case 'eq':
    case 'not': {
      const values = Array.isArray(condition.value) ? condition.value : [condition.value];
      const equals = anyOfOperand(
        operand,
        values.map((value) => equalsOne(condition.path, operand, value)),
      );
      return condition.op === 'eq' ? equals : { text: `not ${equals.text}`, parameters: equals.parameters };
    }
    case 'blank': {
      const blank = operand.hot
        ? { text: `(${operand.value} is null${operand.hot.kind === 'text' ? ` or ${operand.value} = ''` : ''})`, parameters: [] }
        : {
            text: `(${operand.type} is null or ${operand.type} = 'null' or (${operand.type} = 'text' and ${operand.value} = '') or (${operand.type} = 'array' and json_array_length(body, ?) = 0))`,
            parameters: [...Array(5).fill(operand.parameters).flat(), jsonPath(condition.path)],
          };
      return condition.value ? anyOf([blank]) : { text: `not ${anyOf([blank]).text}`, parameters: blank.parameters };
    }
    case 'contains':
      return anyOf([
        { text: `instr(json_extract(lowered, ?), ?) > 0`, parameters: [shadowPath(condition.path), condition.value.toLowerCase()] },
      ]);
    case 'fuzzy': {
      const column = FUZZY_COLUMNS[condition.path];
      const source = column
        ? { text: column, parameters: [] }
        : { text: 'json_extract(fuzzy, ?)', parameters: [shadowPath(condition.path)] };
      const tokens = fuzzyTokens(condition.value);
      // A trigram phrase query finds exactly the values holding the token, so only shorter tokens need instr.
      const indexed = column && useTrigrams ? tokens.filter((token) => [...token].length >= TRIGRAM) : [];
      const scanned = tokens.filter((token) => !indexed.includes(token));
      const matches = anyOf([
        {
          text: [`${source.text} is not null`, ...scanned.map(() => `instr(${source.text}, ?) > 0`)].join(' and '),
          parameters: [...source.parameters, ...scanned.flatMap((token) => [...source.parameters, token])],
        },
      ]);
      if (!column || indexed.length === 0) return matches;
      const table = trigramTable(column);
      const found: Sql = {
        text: `rowid in (select rowid from ${table} where ${table} match ?)`,
        parameters: [indexed.map((token) => `"${token}"`).join(' ')],
      };
      return scanned.length === 0
        ? { ...found, trigrams: true }
        : { text: `(${found.text} and ${matches.text})`, parameters: [...found.parameters, ...matches.parameters], trigrams: true };
    }
    case 'lt':
      return anyOfOperand(operand, [compare(operand, '<', condition.value)]);
    case 'lte':
      return anyOfOperand(operand, [compare(operand, '<=', condition.value)]);
    case 'gt':
      return anyOfOperand(operand, [compare(operand, '>', condition.value)]);
    case 'gte':
      return anyOfOperand(operand, [compare(operand, '>=', condition.value)]);
    case 'range': {
      const from = compare(operand, '>=', condition.value.from);
      const to = compare(operand, '<=', condition.value.to);
      return anyOfOperand(operand, [{ text: `(${from.text} and ${to.text})`, parameters: [...from.parameters, ...to.parameters] }]);
    }
  }
};

/** MongoDB's order of kinds, as compareForSort has it: null and missing, numbers, strings, objects and arrays, booleans. */
const KIND_RANK =
  "case json_type(body, ?) when 'integer' then 1 when 'real' then 1 when 'text' then 2 when 'array' then 3 when 'object' then 3 when 'true' then 4 when 'false' then 4 else 0 end";

const sortSql = (key: SortKey): Sql => {
  const direction = key.direction === 'asc' ? 'asc' : 'desc';
  const operand = operandOf(key.path);
  // A hot column holds one kind or null, and SQLite puts null first, as the kind order does.
  if (operand.hot) return { text: `${operand.value} ${direction}`, parameters: [] };
  return { text: `${KIND_RANK} ${direction}, json_extract(body, ?) ${direction}`, parameters: [jsonPath(key.path), jsonPath(key.path)] };
};

/** The index of a hot column in one direction: `(tenant_id, column [desc], id)`. */
export const hotIndexName = (column: HotColumn, direction: 'asc' | 'desc'): string =>
  `views_${column.column}${direction === 'desc' ? '_desc' : ''}`;

/** The index that yields the rows already in the order of a sort by one hot column, if the sort is one. */
export const sortIndexOf = (sort: SortKey[]): string | null => {
  const [key, ...more] = sort;
  const hot = key && HOT_COLUMNS.find((column) => column.path === key.path);
  return hot && more.length === 0 ? hotIndexName(hot, key.direction) : null;
};

/**
 * WHERE (after the tenant), ORDER BY and LIMIT/OFFSET of one query. Fuzzy conditions use the trigram
 * index unless `useTrigrams` is false: a scan along the sort's index checks few rows, and checks them
 * faster with instr than by collecting every match from the trigram index first.
 */
export const documentQueryToSql = (
  query: DocumentQuery,
  useTrigrams = true,
): { tenant: string; where: Sql; orderBy: Sql; page: unknown[] } => {
  const conditions = query.filter.all.map((condition) => conditionSql(condition, useTrigrams));
  const sorts = query.sort.map(sortSql);
  const trigrams = conditions.some((condition) => condition.trigrams);
  return {
    // With the tenant's indexes out of reach (`+`), SQLite reads the trigram index's rows by rowid
    // instead of walking every view of the tenant and looking each one up in the trigram matches.
    tenant: trigrams ? '+tenant_id = ?' : 'tenant_id = ?',
    where: {
      text: conditions.map((condition) => `and ${condition.text}`).join(' '),
      parameters: conditions.flatMap((condition) => condition.parameters),
    },
    orderBy: { text: [...sorts.map((sort) => sort.text), 'id asc'].join(', '), parameters: sorts.flatMap((sort) => sort.parameters) },
    page: [query.page.size, (query.page.number - 1) * query.page.size],
  };
};
