import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { GridFSBucket } from 'mongodb';
import type { GridFSFile } from 'mongodb';
import type { BlobRef } from '../../../contracts/events/common.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { connectToDatabase } from './connect-to-database.js';
import { createIndexes } from './create-indexes.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

const SHA256_HEX = /^[a-f0-9]{64}$/;

export interface GridFsBlobStoreOptions {
  url: string;
  database: string;
  /** Collections `<bucketName>.files` and `<bucketName>.chunks`; default `blobs`. */
  bucketName?: string;
}

/**
 * Blobs as GridFS files named by their SHA-256. A unique index on the name keeps one file per hash:
 * of two concurrent puts of the same bytes, the second one's file document collides and it removes
 * the chunks it wrote. Readers only ever see a file whose chunks are complete, as GridFS writes the
 * file document last.
 */
export const openGridFsBlobStore = async (options: GridFsBlobStoreOptions): Promise<BlobStore> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  const bucketName = options.bucketName ?? 'blobs';
  const bucket = new GridFSBucket(db, { bucketName });
  const files = db.collection<GridFSFile>(`${bucketName}.files`);
  const chunks = db.collection(`${bucketName}.chunks`);
  // The driver would create its two indexes on the first upload; created here, a server lacking them fails at start.
  await createIndexes(files, [{ key: { filename: 1, uploadDate: 1 } }, { key: { filename: 1 }, name: 'one_file_per_hash', unique: true }]);
  await createIndexes(chunks, [{ key: { files_id: 1, n: 1 }, unique: true }]);

  const fileNamed = (hash: string) => files.findOne({ filename: hash }, { projection: { _id: 1 } });

  return {
    async put(bytes: Buffer): Promise<BlobRef> {
      const ref = { hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
      if (await fileNamed(ref.hash)) return ref;
      const upload = bucket.openUploadStream(ref.hash);
      try {
        await finished(upload.end(bytes));
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        await chunks.deleteMany({ files_id: upload.id });
      }
      return ref;
    },
    async get(hash: string): Promise<Buffer | null> {
      if (!SHA256_HEX.test(hash)) return null;
      const file = await fileNamed(hash);
      return file && Buffer.concat(await bucket.openDownloadStream(file._id).toArray());
    },
    async delete(hash: string): Promise<void> {
      if (!SHA256_HEX.test(hash)) return;
      const file = await fileNamed(hash);
      if (!file) return;
      // The file document first: readers find no file before its chunks go.
      await files.deleteOne({ _id: file._id });
      await chunks.deleteMany({ files_id: file._id });
    },
    close: () => client.close(),
  };
};
