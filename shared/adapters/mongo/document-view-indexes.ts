import type { IndexDescription } from 'mongodb';
import { fixedFieldNames, lookupField } from '../../read-model/filterable-fields.js';

const FILTERABLE_PATHS = fixedFieldNames()
  .flatMap((name) => lookupField(name)?.path ?? [])
  .filter((path) => path !== 'id');

/**
 * Every query starts with the tenant, then filters or sorts by one field and breaks ties by id, so each
 * filterable field gets `{tenant_id, <path>, id}`; the default sort (newest first) gets its own. Custom
 * fields are open-ended and stay unindexed (FerretDB v1 has no wildcard indexes). MongoDB allows 64
 * indexes per collection; this is 57 with `_id`.
 */
export const DOCUMENT_VIEW_INDEXES: IndexDescription[] = [
  // Identity: the conditional upsert relies on its uniqueness.
  { key: { tenant_id: 1, id: 1 }, name: 'tenant_id_id', unique: true },
  { key: { tenant_id: 1, 'document.created_at': -1, id: 1 }, name: 'newest_first' },
  ...FILTERABLE_PATHS.map((path): IndexDescription => ({ key: { tenant_id: 1, [path]: 1, id: 1 }, name: path })),
];
