import { close, fdatasync, fsync, open, write } from 'node:fs';
import { promisify } from 'node:util';

/**
 * File-system calls of the create path through fs's callback API, not fs/promises: a `FileHandle` costs the
 * main thread about twice the CPU per call (its close alone was 0.2 ms a create in the creates' profile), and
 * a create makes a key file and shares a directory sync. Each call still runs in libuv's thread pool.
 */
const openFile = promisify(open);
const closeFile = promisify(close);
const syncData = promisify(fdatasync);
const syncAll = promisify(fsync);
/** fs.write's own promisified form resolves an object; the count of bytes written is what is wanted. */
const writeAt = (descriptor: number, bytes: Buffer, offset: number) =>
  new Promise<number>((resolve, reject) =>
    write(descriptor, bytes, offset, bytes.length - offset, offset, (error, written) => (error ? reject(error) : resolve(written))),
  );

/** Opens `path`, runs `use` on its descriptor, and closes it whatever `use` did. */
const withDescriptor = async <T>(path: string, flags: string, mode: number | undefined, use: (descriptor: number) => Promise<T>) => {
  const descriptor = await openFile(path, flags, mode);
  try {
    return await use(descriptor);
  } finally {
    await closeFile(descriptor);
  }
};

/** Writes `bytes` into a new file at `path` (EEXIST if there is one) and `fdatasync`s it before closing. */
export const writeNewFileDurably = (path: string, bytes: Buffer, mode: number): Promise<void> =>
  withDescriptor(path, 'wx', mode, async (descriptor) => {
    for (let written = 0; written < bytes.length;) written += await writeAt(descriptor, bytes, written);
    await syncData(descriptor);
  });

/** One fsync of `directory` itself, making the entries made in it so far durable. */
export const fsyncDirectory = (directory: string): Promise<void> => withDescriptor(directory, 'r', undefined, syncAll);
