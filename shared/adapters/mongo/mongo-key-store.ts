import { randomBytes } from 'node:crypto';
import { Binary } from 'mongodb';
import type { DocumentKeyStore } from '../../ports/document-key-store.js';
import { connectToDatabase } from './connect-to-database.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

interface StoredKey {
  _id: string;
  key: Binary;
}

/** Keys in one collection, one document per document id; the unique `_id` settles racing makers. */
export const openMongoKeyStore = async (options: { url: string; database: string; collection?: string }): Promise<DocumentKeyStore> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  const keys = db.collection<StoredKey>(options.collection ?? 'document_keys');

  const find = async (documentId: string): Promise<Buffer | null> => {
    const stored = await keys.findOne({ _id: documentId });
    return stored ? Buffer.from(stored.key.buffer) : null;
  };

  return {
    find,
    async keyFor(documentId) {
      const existing = await find(documentId);
      if (existing) return existing;
      try {
        await keys.insertOne({ _id: documentId, key: new Binary(randomBytes(32)) });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      return (await find(documentId))!;
    },
    async destroy(documentId) {
      await keys.deleteOne({ _id: documentId });
    },
    close: () => client.close(),
  };
};
