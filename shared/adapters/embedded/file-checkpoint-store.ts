import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../errors/app-error.js';
import type { CheckpointStore } from '../../ports/checkpoint-store.js';
import { writeFileAtomically } from './atomic-write-file.js';

/** Lower case only, so two names never share a file on case-insensitive file systems; no separators, no `..`. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;

const isPosition = (value: number) => Number.isSafeInteger(value) && value >= 0;

const invalidCheckpoint = (detail: string) =>
  new AppError({ code: 'invalid_checkpoint', status: 500, title: 'Invalid checkpoint', detail });

/** One small file per follower holding its position, replaced atomically on every save. */
export const openFileCheckpointStore = async (directory: string): Promise<CheckpointStore> => {
  await mkdir(directory, { recursive: true });

  const pathOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw invalidCheckpoint(`checkpoint name ${JSON.stringify(name)} must match ${SAFE_NAME}`);
    return join(directory, `${name}.checkpoint`);
  };

  return {
    async load(name: string): Promise<number> {
      const path = pathOf(name);
      let text: string;
      try {
        text = (await readFile(path, 'utf8')).trim();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      const position = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!isPosition(position)) throw invalidCheckpoint(`${path} holds no position`);
      return position;
    },
    async save(name: string, position: number): Promise<void> {
      const path = pathOf(name);
      if (!isPosition(position)) throw invalidCheckpoint(`position ${position} is not a non-negative integer`);
      await writeFileAtomically(path, `${position}\n`);
    },
    // Nothing is held open between calls.
    async close() {},
  };
};
