import { close, constants, fdatasync, fsync, open, write } from 'node:fs';
import { promisify } from 'node:util';

/**
 * File-system calls of the create path through fs's callback API, not fs/promises: a `FileHandle` costs the
 * main thread about twice the CPU per call (its close alone was 0.2 ms a create in the creates' profile), and
 * a create makes a key file and shares a directory sync. Each call still runs in libuv's thread pool.
 */
const openFile = promisify(open);
const closeFile = promisify(close);
const syncAll = promisify(fsync);

/**
 * A new file (EEXIST if there is one) whose writes return only once their data and the size needed to read
 * it back are on disk (`O_DSYNC`: the guarantee of a write followed by `fdatasync`), so a file is made in
 * three of the thread pool's calls (open, write, close) instead of four.
 */
// Node leaves O_DSYNC undefined where the platform has none (Windows): there the write is followed by an fdatasync.
const DATA_SYNC_FLAG = (constants.O_DSYNC as number | undefined) ?? null;
const NEW_DURABLE_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (DATA_SYNC_FLAG ?? 0);

/** Writes `bytes` into a new file at `path` (EEXIST if there is one), durably, before closing it: one promise for its three calls. */
export const writeNewFileDurably = (path: string, bytes: Buffer, mode: number): Promise<void> =>
  new Promise((resolve, reject) =>
    open(path, NEW_DURABLE_FILE, mode, (opening, descriptor) => {
      if (opening) return reject(opening);
      const closeAfter = (failure: Error | null) =>
        close(descriptor, (closing) => ((failure ?? closing) ? reject(failure ?? closing) : resolve()));
      const syncThenClose = (failure: Error | null) =>
        failure || DATA_SYNC_FLAG !== null ? closeAfter(failure) : fdatasync(descriptor, (syncing) => closeAfter(syncing));
      const writeFrom = (offset: number): void =>
        write(descriptor, bytes, offset, bytes.length - offset, offset, (writing, written) => {
          if (writing || offset + written >= bytes.length) syncThenClose(writing);
          else writeFrom(offset + written);
        });
      writeFrom(0);
    }),
  );

/** One fsync of `directory` itself, making the entries made in it so far durable. */
export const fsyncDirectory = async (directory: string): Promise<void> => {
  const descriptor = await openFile(directory, 'r');
  try {
    await syncAll(descriptor);
  } finally {
    await closeFile(descriptor);
  }
};
