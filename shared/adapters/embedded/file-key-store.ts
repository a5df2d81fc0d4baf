import { createHash, randomBytes } from 'node:crypto';
import { readFile as readFileWithCallback } from 'node:fs';
import { chmod, mkdir, open, readdir, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentKeyStore } from '../../ports/document-key-store.js';
import { syncDirectory } from './directory-sync.js';

const KEY_BYTES = 32;
/** A record of the key log: the SHA-256 of the document id, then its key (all zeros once destroyed). */
const RECORD_BYTES = 32 + KEY_BYTES;
export const KEY_LOG_FILE = 'keys.log';
const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;
const DESTROYED = Buffer.alloc(KEY_BYTES);
const LEGACY_KEY_FILE = /^([0-9a-f]{64})\.key$/;

const isCode = (error: unknown, code: string) => (error as NodeJS.ErrnoException).code === code;

/** fs.readFile with a callback: a rebuild reads every key once, and this costs half the CPU of fs/promises' readFile. */
const readKeyFile = (path: string) =>
  new Promise<Buffer>((resolve, reject) => readFileWithCallback(path, (error, bytes) => (error ? reject(error) : resolve(bytes))));

const writeFullyAt = async (file: FileHandle, bytes: Buffer, position: number) => {
  for (let written = 0; written < bytes.length;) {
    written += (await file.write(bytes, written, bytes.length - written, position + written)).bytesWritten;
  }
};

interface PendingKey {
  hash: string;
  key: Buffer;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Keys in one file only the service's user can read (`keys.log`): fixed-size records of a hash of the document id
 * (ids are the client's path input) and the key, appended by one process (the event log's lock owner). Keys made
 * while one append is written are written together after it with one `fdatasync` (a group commit), and a key is
 * handed out only once its record is on disk: no event is sealed with a key a crash could lose. Records are
 * written at their place, so a record torn by a crash is ignored at the next open and overwritten by the next
 * append. Destroying overwrites the record's key with zeros (and syncs) in place. Other readers of the same
 * directory (a rebuild's worker threads) read records appended after they opened when they miss a key.
 * Keys of earlier versions, one file per key (`<hash>.key`), are still read and destroyed.
 */
export const openFileKeyStore = async (directory: string): Promise<DocumentKeyStore> => {
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY });
  await chmod(directory, PRIVATE_DIRECTORY);
  const hashOf = (documentId: string) => createHash('sha256').update(documentId).digest('hex');
  const legacyPathOf = (hash: string) => join(directory, `${hash}.key`);

  const logPath = join(directory, KEY_LOG_FILE);
  let file: FileHandle;
  try {
    file = await open(logPath, 'r+');
  } catch (error) {
    if (!isCode(error, 'ENOENT')) throw error;
    file = await open(logPath, 'a+', PRIVATE_FILE);
    await file.close();
    // The log's own directory entry is durable before any key in it is handed out.
    await syncDirectory(directory);
    file = await open(logPath, 'r+');
  }

  /** Record index of each document's latest record, by hash; its key in memory. */
  const records = new Map<string, { index: number; key: Buffer }>();
  /** Whole records read or written so far: the next append goes after them. */
  let recordCount = 0;
  const addRecords = (bytes: Buffer, firstIndex: number) => {
    for (let offset = 0; offset + RECORD_BYTES <= bytes.length; offset += RECORD_BYTES) {
      const hash = bytes.toString('hex', offset, offset + 32);
      const key = bytes.subarray(offset + 32, offset + RECORD_BYTES);
      if (key.equals(DESTROYED)) records.delete(hash);
      else records.set(hash, { index: firstIndex + offset / RECORD_BYTES, key });
    }
  };
  /** Reads the whole records past those known (all of them at open; later, those another process appended). */
  const readNewRecords = async () => {
    const { size } = await file.stat();
    const wholeBytes = Math.floor(size / RECORD_BYTES) * RECORD_BYTES - recordCount * RECORD_BYTES;
    if (wholeBytes <= 0) return;
    const bytes = Buffer.alloc(wholeBytes);
    const { bytesRead } = await file.read(bytes, 0, wholeBytes, recordCount * RECORD_BYTES);
    const whole = bytes.subarray(0, Math.floor(bytesRead / RECORD_BYTES) * RECORD_BYTES);
    addRecords(whole, recordCount);
    recordCount += whole.length / RECORD_BYTES;
  };
  await readNewRecords();

  let pending: PendingKey[] = [];
  let writing: Promise<void> | null = null;

  const writeGroup = async (group: PendingKey[]) => {
    const bytes = Buffer.concat(group.flatMap(({ hash, key }) => [Buffer.from(hash, 'hex'), key]));
    try {
      await writeFullyAt(file, bytes, recordCount * RECORD_BYTES);
      await file.datasync();
    } catch (error) {
      // Nothing of the group was handed out; the next append writes over whatever part of it reached the file.
      for (const waiting of group) waiting.reject(error);
      return;
    }
    addRecords(bytes, recordCount);
    recordCount += group.length;
    for (const waiting of group) waiting.resolve();
  };
  const writePending = async () => {
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      await writeGroup(group);
    }
  };
  const startWriting = () => {
    writing = writePending().finally(() => {
      writing = null;
      // Asked for between the last group and this turn.
      if (pending.length > 0) startWriting();
    });
  };
  const append = (hash: string, key: Buffer) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ hash, key, resolve, reject });
      if (!writing) startWriting();
    });

  // Listed once: no key is written to a file of its own any more, so a look-up of a new document's key costs no file system call.
  const legacyHashes = new Set((await readdir(directory)).flatMap((name) => LEGACY_KEY_FILE.exec(name)?.[1] ?? []));
  const findLegacy = async (hash: string): Promise<Buffer | null> => {
    if (!legacyHashes.has(hash)) return null;
    try {
      const key = await readKeyFile(legacyPathOf(hash));
      return key.length === KEY_BYTES ? key : null;
    } catch (error) {
      if (isCode(error, 'ENOENT')) return null;
      throw error;
    }
  };

  /** A key not in the records known may be in records another process appended since (this one knows its own). */
  const findByHash = async (hash: string): Promise<Buffer | null> => {
    const known = records.get(hash)?.key;
    if (known) return known;
    if (!writing) {
      await readNewRecords();
      const appended = records.get(hash)?.key;
      if (appended) return appended;
    }
    return findLegacy(hash);
  };

  /** Callers asking at once for the same document's key (its events sealed together) share one look-up. */
  const asked = new Map<string, Promise<Buffer>>();

  return {
    find: (documentId) => findByHash(hashOf(documentId)),
    async keyFor(documentId) {
      const hash = hashOf(documentId);
      const known = records.get(hash)?.key;
      if (known) return known;
      let answer = asked.get(hash);
      if (!answer) {
        // Only the log's owner makes keys, and it knows every record: no look-up beyond the earlier layout's files.
        answer = (async () => {
          const found = await findLegacy(hash);
          if (found) return found;
          const key = randomBytes(KEY_BYTES);
          await append(hash, key);
          return key;
        })().finally(() => asked.delete(hash));
        asked.set(hash, answer);
      }
      return answer;
    },
    async destroy(documentId) {
      const hash = hashOf(documentId);
      legacyHashes.delete(hash);
      await writing;
      const record = records.get(hash);
      if (record) {
        records.delete(hash);
        await writeFullyAt(file, DESTROYED, record.index * RECORD_BYTES + 32);
        await file.datasync();
      }
      try {
        const legacy = await open(legacyPathOf(hash), 'r+');
        try {
          await legacy.write(DESTROYED, 0, KEY_BYTES, 0);
          await legacy.sync();
        } finally {
          await legacy.close();
        }
      } catch (error) {
        if (isCode(error, 'ENOENT')) return;
        throw error;
      }
      await rm(legacyPathOf(hash), { force: true });
    },
    async close() {
      await writing;
      await file.close();
    },
  };
};
