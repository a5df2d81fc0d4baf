import type { IndexDescription } from 'mongodb';
import { fixedFieldNames, lookupField } from '../../read-model/filterable-fields.js';
import { fuzzyShadowPath } from './fuzzy-shadows.js';

const FILTERABLE_PATHS = fixedFieldNames()
  .flatMap((name) => lookupField(name)?.path ?? [])
  .filter((path) => path !== 'id');

const FUZZY_INDEXED_PATHS = ['sender_address.company_name'];

/**
 * Every query starts with the tenant, then filters or sorts by one field and breaks ties by id, so each
 * filterable field gets `{tenant_id, <path>, id}`; the default sort (newest first) gets its own. Custom
 * fields are open-ended and stay unindexed (FerretDB v1 has no wildcard indexes). The fuzzy shadow of
 * the sender's company name, the name lists search most, is indexed too: its regexes then run over index
 * keys instead of fetched documents. MongoDB allows 64 indexes per collection; this is 58 with `_id`.
 */
export const DOCUMENT_VIEW_INDEXES: IndexDescription[] = [
  // Identity: the conditional upsert relies on its uniqueness.
  { key: { tenant_id: 1, id: 1 }, name: 'tenant_id_id', unique: true },
  { key: { tenant_id: 1, 'document.created_at': -1, id: 1 }, name: 'newest_first' },
  ...FILTERABLE_PATHS.map((path): IndexDescription => ({ key: { tenant_id: 1, [path]: 1, id: 1 }, name: path })),
  ...FUZZY_INDEXED_PATHS.map((path): IndexDescription => ({
    key: { tenant_id: 1, [fuzzyShadowPath(path)]: 1, id: 1 },
    name: fuzzyShadowPath(path),
  })),
];
