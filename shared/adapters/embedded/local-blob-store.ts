import { createHash } from 'node:crypto';
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobRef } from '../../../contracts/events/common.js';
import type { BlobStore } from '../../ports/blob-store.js';
import { LRUCache } from 'lru-cache';
import { writeFileAtomically } from './atomic-write-file.js';
import { createDirectorySync } from './directory-sync.js';

const SHA256_HEX = /^[a-f0-9]{64}$/;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Hashes this store knows are on disk (it wrote or found them), so a repeated upload costs no look-up. */
const REMEMBERED_BLOBS = 10_000;

/**
 * Blobs as files named by their SHA-256, fanned out by the first two hex digits (`ab/cdef…`). The
 * process owns its data directory, so what it stored or found is remembered; the fsyncs of a fan-out
 * directory are shared by the blobs written into it at once.
 */
export const openLocalBlobStore = async (directory: string): Promise<BlobStore> => {
  await mkdir(directory, { recursive: true });
  const pathOf = (hash: string) => join(directory, hash.slice(0, 2), hash.slice(2));
  const stored = new LRUCache<string, true>({ max: REMEMBERED_BLOBS });
  const fanOutSyncs = new Map<string, () => Promise<void>>();
  /** The fan-out directory of `hash`, made the first time: its shared sync. */
  const fanOutOf = async (hash: string) => {
    const fanOut = join(directory, hash.slice(0, 2));
    let sync = fanOutSyncs.get(fanOut);
    if (!sync) {
      await mkdir(fanOut, { recursive: true });
      sync = createDirectorySync(fanOut);
      fanOutSyncs.set(fanOut, sync);
    }
    return sync;
  };

  const exists = async (path: string) => {
    try {
      await access(path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  return {
    async put(bytes: Buffer): Promise<BlobRef> {
      const hash = createHash('sha256').update(bytes).digest('hex');
      const path = pathOf(hash);
      // Same hash, same bytes: a blob that is already there needs no second write.
      if (!stored.has(hash) && !(await exists(path))) await writeFileAtomically(path, bytes, await fanOutOf(hash));
      stored.set(hash, true);
      return { hash, size: bytes.length };
    },
    async get(hash: string): Promise<Buffer | null> {
      // Only a well-formed hash becomes a path, so no caller can reach outside the directory.
      if (!SHA256_HEX.test(hash)) return null;
      try {
        return await readFile(pathOf(hash));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(hash: string): Promise<void> {
      if (!SHA256_HEX.test(hash)) return;
      stored.delete(hash);
      await rm(pathOf(hash), { force: true });
    },
    // Nothing is held open between calls.
    async close() {},
  };
};
