import { createHash } from 'node:crypto';
import { readFile as readFileWithCallback } from 'node:fs';
import { chmod, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { DocumentKeyStore } from '../../ports/document-key-store.js';
import { pooledRandomBytes } from '../pooled-random-bytes.js';
import { createDirectorySync } from './directory-sync.js';
import { writeNewFileDurably } from './small-file-calls.js';

const KEY_BYTES = 32;
const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;
/** Keys kept in memory: every event's payload is sealed and opened with its document's key. */
const CACHED_KEYS = 10_000;

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** fs.readFile with a callback: a rebuild reads every key once, and this costs half the CPU of fs/promises' readFile. */
const readKeyFile = (path: string) =>
  new Promise<Buffer>((resolve, reject) => readFileWithCallback(path, (error, bytes) => (error ? reject(error) : resolve(bytes))));

/**
 * Keys as files only the service's user can read, named by a hash of the document id (ids are the
 * client's path input). The process owns its data directory (the event log's lock), so a key is made
 * in place (callers asking at once share one making) and kept in memory; a key not in memory is made
 * before it is looked for (`wx`, then read on EEXIST): most are asked for by a new document's first append,
 * and a failed read (an open and an ENOENT error) per create cost more than a failed `wx` on the rarer
 * sealing for a document whose key left the cache. A key is on disk, its
 * directory entry included, before it is handed out: no event is sealed with a key a crash could lose.
 * The directory's fsyncs are shared by keys made at once. Destroying overwrites the file before
 * unlinking it.
 */
export const openFileKeyStore = async (directory: string): Promise<DocumentKeyStore> => {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
  await chmod(directory, PRIVATE_DIRECTORY);
  const pathOf = (documentId: string) => join(directory, `${createHash('sha256').update(documentId).digest('hex')}.key`);

  const cached = new LRUCache<string, Buffer>({ max: CACHED_KEYS });

  const find = async (documentId: string): Promise<Buffer | null> => {
    const known = cached.get(documentId);
    if (known) return known;
    try {
      const key = await readKeyFile(pathOf(documentId));
      if (key.length !== KEY_BYTES) return null;
      cached.set(documentId, key);
      return key;
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    }
  };

  const syncDirectory = createDirectorySync(directory);

  const writeNew = async (path: string, key: Buffer) => {
    await writeNewFileDurably(path, key, PRIVATE_FILE);
    await syncDirectory();
  };

  const make = async (documentId: string): Promise<Buffer> => {
    const key = pooledRandomBytes(KEY_BYTES);
    try {
      await writeNew(pathOf(documentId), key);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
      // A whole key was there after all; a torn one was never handed out (see above): it is made anew.
      const found = await find(documentId);
      if (found) return found;
      await rm(pathOf(documentId), { force: true });
      await writeNew(pathOf(documentId), key);
    }
    cached.set(documentId, key);
    return key;
  };

  /** Callers asking at once for the same document's key (its events sealed together) share one making. */
  const asked = new Map<string, Promise<Buffer>>();

  return {
    find,
    async keyFor(documentId) {
      const known = cached.get(documentId);
      if (known) return known;
      let answer = asked.get(documentId);
      if (!answer) {
        answer = make(documentId).finally(() => asked.delete(documentId));
        asked.set(documentId, answer);
      }
      return answer;
    },
    async destroy(documentId) {
      cached.delete(documentId);
      const path = pathOf(documentId);
      try {
        const file = await open(path, 'r+');
        try {
          await file.write(Buffer.alloc(KEY_BYTES), 0, KEY_BYTES, 0);
          await file.sync();
        } finally {
          await file.close();
        }
      } catch (error) {
        if (isCode(error, 'ENOENT')) return;
        throw error;
      }
      await rm(path, { force: true });
    },
    async close() {},
  };
};
