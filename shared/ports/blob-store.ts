import type { BlobRef } from '../../contracts/events/common.js';

/** Content-addressed bytes: the key is the SHA-256 of the content, so a put is idempotent. */
export interface BlobStore {
  put(bytes: Buffer): Promise<BlobRef>;
  /** The bytes, or null when no blob has that hash. */
  get(hash: string): Promise<Buffer | null>;
  /** Deletes the bytes for good (an erased document's); deleting a missing blob is no error. */
  delete(hash: string): Promise<void>;
  close(): Promise<void>;
}
