import type { Collection } from 'mongodb';
import type { IdempotencyClaim, IdempotencyStore } from '../../ports/idempotency-store.js';
import { connectToDatabase } from './connect-to-database.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

interface StoredClaim {
  /** `<tenant>/<key>`: tenant ids hold no slash, so keys of different tenants never meet. */
  _id: string;
  tenantId: string;
  key: string;
  requestHash: string;
  documentId: string;
  claimedAt: Date;
}

const toClaim = (stored: StoredClaim): IdempotencyClaim => ({
  tenantId: stored.tenantId,
  key: stored.key,
  requestHash: stored.requestHash,
  documentId: stored.documentId,
  claimedAt: stored.claimedAt.toISOString(),
});

/**
 * A TTL index lets the server forget claims a day after they were made. Servers without TTL indexes
 * (FerretDB v1 answers NotImplemented) get a plain index on the time; `prune` forgets them there.
 */
const createExpiryIndex = async (claims: Collection<StoredClaim>): Promise<void> => {
  try {
    await claims.createIndex({ claimedAt: 1 }, { expireAfterSeconds: 24 * 60 * 60 });
  } catch (error) {
    if ((error as { codeName?: string }).codeName !== 'NotImplemented') throw error;
    await claims.createIndex({ claimedAt: 1 });
  }
};

/**
 * Claims in one collection keyed by tenant and key. A claim is one conditional upsert: it replaces only
 * an expired claim, and the unique `_id` refuses the insert of a racing claimer, which then reads the
 * winner.
 */
export const openMongoIdempotencyStore = async (options: {
  url: string;
  database: string;
  collection?: string;
}): Promise<IdempotencyStore> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  const claims = db.collection<StoredClaim>(options.collection ?? 'idempotency_keys');
  await createExpiryIndex(claims);
  const idOf = (tenantId: string, key: string) => `${tenantId}/${key}`;

  return {
    async claim(candidate, replaceClaimedBefore) {
      const _id = idOf(candidate.tenantId, candidate.key);
      try {
        const stored = await claims.findOneAndUpdate(
          { _id, claimedAt: { $lt: new Date(replaceClaimedBefore) } },
          { $set: { ...candidate, claimedAt: new Date(candidate.claimedAt) } },
          { upsert: true, returnDocument: 'after' },
        );
        if (stored) return toClaim(stored);
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await claims.findOne({ _id });
      if (!held) throw new Error(`idempotency key ${_id} vanished while being claimed`);
      return toClaim(held);
    },
    async release(tenantId, key, documentId) {
      await claims.deleteOne({ _id: idOf(tenantId, key), documentId });
    },
    async prune(claimedBefore) {
      return (await claims.deleteMany({ claimedAt: { $lt: new Date(claimedBefore) } })).deletedCount;
    },
    close: () => client.close(),
  };
};
