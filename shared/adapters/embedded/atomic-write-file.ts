import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirectory as syncDirectoryOf } from './directory-sync.js';

/**
 * Replaces `path` with `bytes` so that a crash leaves either the old or the new content, never a mix:
 * write a temp file beside it, fsync, rename over, then fsync the directory so the rename itself is
 * durable (with `syncDirectory`, a sync of `path`'s directory shared with other writers, see directory-sync.ts).
 */
export const writeFileAtomically = async (
  path: string,
  bytes: Buffer | string,
  syncDirectory: () => Promise<void> = () => syncDirectoryOf(dirname(path)),
): Promise<void> => {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    const file = await open(temporary, 'wx');
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory();
};
