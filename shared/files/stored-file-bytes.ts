import type { StoredFile } from '../../contracts/events/common.js';
import { errors } from '../errors/app-error.js';
import type { BlobStore } from '../ports/blob-store.js';

/** The bytes of a file an event references; a missing blob is an outage of the store, to be retried. */
export const storedFileBytes = async (blobs: BlobStore, file: StoredFile, what: string): Promise<Buffer> => {
  const bytes = await blobs.get(file.blob.hash);
  if (!bytes) throw errors.unavailable(`${what} (blob ${file.blob.hash}) is missing from the blob store`);
  return bytes;
};
