import type { Document, Filter as MongoFilter, Sort } from 'mongodb';
import { fuzzyTokens } from '../../read-model/evaluate-query.js';
import { customFieldParents, isCustomFieldPath } from '../../read-model/filterable-fields.js';
import type { Condition, Filter, SortKey } from '../../read-model/query.js';
import { fuzzyShadowPath } from './fuzzy-shadows.js';

/**
 * The filter tree as a MongoDB query, one to one with the in-memory semantics (evaluate-query.ts).
 * They need no type guards: MongoDB's type bracketing already compares numbers only with numbers and
 * strings only with strings, and `$in`/`$nin` on an array field test its elements. Only portable
 * operators are used, so FerretDB v1 answers alike.
 *
 * Custom field paths find only scalars reached through objects, where MongoDB would step into arrays
 * and match an array by its elements: a condition on one holds where its clauses hold and no array
 * lies on the path, nor an object or array at its end; the negative ones (`not`, `blank: true`) hold
 * where that positive form does not.
 */

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const BLANK_VALUES = [null, '', []];

const NOT_ARRAY = { $not: { $type: 'array' } };
const NOT_OBJECT = { $not: { $type: 'object' } };

const scalarPathGuards = (path: string): Array<MongoFilter<Document>> => [
  ...customFieldParents(path).map((parent) => ({ [parent]: NOT_ARRAY })),
  { [path]: NOT_ARRAY },
  { [path]: NOT_OBJECT },
];

/** The custom field form of a condition; see the module comment. */
const customFieldClausesOf = (condition: Condition): Array<MongoFilter<Document>> => {
  const { path } = condition;
  const guarded = (clauses: Array<MongoFilter<Document>>) => [...scalarPathGuards(path), ...clauses];
  switch (condition.op) {
    case 'not':
      return [{ $nor: [{ $and: guarded(clausesOf({ ...condition, op: 'eq' })) }] }];
    case 'blank':
      if (condition.value) return [{ $nor: [{ $and: guarded(clausesOf({ ...condition, value: false })) }] }];
      return guarded(clausesOf(condition));
    default:
      return guarded(clausesOf(condition));
  }
};

const clausesOf = (condition: Condition): Array<MongoFilter<Document>> => {
  const { path } = condition;
  switch (condition.op) {
    case 'eq':
      return [{ [path]: { $in: [condition.value].flat() } }];
    case 'not':
      return [{ [path]: { $nin: [condition.value].flat() } }];
    case 'blank':
      return [{ [path]: condition.value ? { $in: BLANK_VALUES } : { $nin: BLANK_VALUES } }];
    case 'contains':
      return [{ [path]: { $regex: escapeRegex(condition.value), $options: 'i' } }];
    case 'fuzzy': {
      // The shadow exists exactly when the field holds text; each token must occur in it.
      const shadow = fuzzyShadowPath(path);
      return [
        { [shadow]: { $type: 'string' } },
        ...fuzzyTokens(condition.value).map((token) => ({ [shadow]: { $regex: escapeRegex(token) } })),
      ];
    }
    case 'lt':
      return [{ [path]: { $lt: condition.value } }];
    case 'lte':
      return [{ [path]: { $lte: condition.value } }];
    case 'gt':
      return [{ [path]: { $gt: condition.value } }];
    case 'gte':
      return [{ [path]: { $gte: condition.value } }];
    case 'range':
      return [{ [path]: { $gte: condition.value.from, $lte: condition.value.to } }];
  }
};

/** The tenant first, so every query starts on the tenant prefix of an index; conditions on one path stay apart under `$and`. */
export const toMongoFilter = (tenantId: string, filter: Filter): MongoFilter<Document> => {
  const clauses = filter.all.flatMap((condition) =>
    isCustomFieldPath(condition.path) ? customFieldClausesOf(condition) : clausesOf(condition),
  );
  return clauses.length === 0 ? { tenant_id: tenantId } : { tenant_id: tenantId, $and: clauses };
};

/**
 * MongoDB sorts null and missing first ascending and last descending, and numbers before strings, as the
 * evaluator does. Ties break by id ascending unless id is itself a key (a later `id` would override it).
 */
export const toMongoSort = (sort: SortKey[]): Sort => {
  const keys: Array<[string, 1 | -1]> = sort.map((key) => [key.path, key.direction === 'asc' ? 1 : -1]);
  return sort.some((key) => key.path === 'id') ? keys : [...keys, ['id', 1]];
};
