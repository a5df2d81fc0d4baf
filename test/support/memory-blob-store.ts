import { createHash } from 'node:crypto';
import type { BlobStore } from '../../shared/ports/blob-store.js';

/** Blobs in a map, for tests and benchmarks that need a blob store but no files. */
export const createMemoryBlobStore = (): BlobStore => {
  const blobs = new Map<string, Buffer>();
  return {
    async put(bytes) {
      const hash = createHash('sha256').update(bytes).digest('hex');
      blobs.set(hash, bytes);
      return { hash, size: bytes.length };
    },
    get: async (hash) => blobs.get(hash) ?? null,
    delete: async (hash) => void blobs.delete(hash),
    close: async () => {},
  };
};
