import { randomUUID } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { syncDirectory as syncDirectoryOf } from './directory-sync.js';
import { writeNewFileDurably } from './small-file-calls.js';

/** What `open` gives a new file by default (before the umask), as fs/promises' open did here. */
const NEW_FILE_MODE = 0o666;

/**
 * Replaces `path` with `bytes` so that a crash leaves either the old or the new content, never a mix:
 * write a temp file beside it durably (`O_DSYNC`: a new file's size counts as its data), rename over, then fsync the
 * directory so the rename itself is durable (with `syncDirectory`, a sync of `path`'s directory shared with other
 * writers, see directory-sync.ts).
 */
export const writeFileAtomically = async (
  path: string,
  bytes: Buffer | string,
  syncDirectory: () => Promise<void> = () => syncDirectoryOf(dirname(path)),
): Promise<void> => {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeNewFileDurably(temporary, typeof bytes === 'string' ? Buffer.from(bytes) : bytes, NEW_FILE_MODE);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory();
};
