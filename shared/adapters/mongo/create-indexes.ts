import type { Collection, Document, IndexDescription } from 'mongodb';

/**
 * Creates the indexes one request each. Every request is a no-op once its index exists, but FerretDB
 * v1 crashes the connection on a single request naming two or more existing indexes (it drops them
 * from its to-do list by stale position), which a second start of any process would send.
 */
export const createIndexes = async <Schema extends Document>(
  collection: Collection<Schema>,
  indexes: IndexDescription[],
): Promise<void> => {
  for (const index of indexes) await collection.createIndexes([index]);
};
