import { randomUUID } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { errors } from '../../errors/app-error.js';

export interface PidLock {
  release(): Promise<void>;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwner = async (path: string): Promise<number | null> => {
  try {
    const pid = Number((await readFile(path, 'utf8')).trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** Creates `path` holding our pid, or returns false when it exists. Linking a finished file makes the lock never appear empty. */
const tryCreate = async (path: string) => {
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${process.pid}\n`);
  try {
    await link(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
};

/**
 * Makes this process the only owner of `path`. A lock left by a process that is no longer alive is taken over.
 * Two processes taking over the same stale lock at the same instant are not told apart; starting one
 * embedded runner per data directory is the operator's job, the lock only catches the mistake.
 */
export const acquirePidLock = async (path: string): Promise<PidLock> => {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await tryCreate(path)) {
      return {
        async release() {
          if ((await readOwner(path)) === process.pid) await rm(path, { force: true });
        },
      };
    }
    const owner = await readOwner(path);
    if (owner !== null && isAlive(owner)) throw errors.unavailable(`${path} is held by process ${owner}`);
    await rm(path, { force: true });
  }
  throw errors.unavailable(`${path} is being taken over by another process`);
};
