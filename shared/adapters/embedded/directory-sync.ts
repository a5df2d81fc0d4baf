import { fsyncDirectory } from './small-file-calls.js';

/** Makes the entries made so far in `directory` durable: one fsync of the directory itself. */
export const syncDirectory = fsyncDirectory;

/**
 * Makes new entries of `directory` (files created, renamed into it) durable, with one fsync of the
 * directory for all callers that ask while one is under way: they wait for the next, which starts
 * when it ends and so covers every entry made before they asked (a group commit).
 */
export const createDirectorySync = (directory: string): (() => Promise<void>) => {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const syncNow = () => {
    running = syncDirectory(directory).finally(() => (running = null));
    return running;
  };
  return () => {
    if (!running) return syncNow();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return syncNow();
      });
    return next;
  };
};
