import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { IdempotencyClaim, IdempotencyStore } from '../../ports/idempotency-store.js';
import { writeFileAtomically } from './atomic-write-file.js';

const StoredClaim = z.object({
  tenantId: z.string(),
  key: z.string(),
  requestHash: z.string(),
  documentId: z.string(),
  claimedAt: z.string(),
});

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * One small JSON file per claimed key, named by a hash of tenant and key (both client input), written
 * atomically. The embedded process is the only writer of its data directory, so claims on one key are
 * serialised in memory.
 */
export const openFileIdempotencyStore = async (directory: string): Promise<IdempotencyStore> => {
  await mkdir(directory, { recursive: true });
  const fileOf = (tenantId: string, key: string) =>
    join(directory, `${createHash('sha256').update(`${tenantId}\0${key}`).digest('hex')}.json`);
  const queues = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier piece of work on the same file. */
  const serialised = <T>(file: string, work: () => Promise<T>): Promise<T> => {
    const result = (queues.get(file) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    queues.set(file, settled);
    void settled.then(() => {
      if (queues.get(file) === settled) queues.delete(file);
    });
    return result;
  };

  const read = async (file: string): Promise<IdempotencyClaim | null> => {
    try {
      return StoredClaim.parse(JSON.parse(await readFile(file, 'utf8')));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    claim: (candidate, replaceClaimedBefore) => {
      const file = fileOf(candidate.tenantId, candidate.key);
      return serialised(file, async () => {
        const held = await read(file);
        if (held && held.claimedAt >= replaceClaimedBefore) return held;
        await writeFileAtomically(file, JSON.stringify(candidate));
        return candidate;
      });
    },
    release: (tenantId, key, documentId) => {
      const file = fileOf(tenantId, key);
      return serialised(file, async () => {
        if ((await read(file))?.documentId === documentId) await rm(file, { force: true });
      });
    },
    async prune(claimedBefore) {
      let pruned = 0;
      for (const name of await readdir(directory)) {
        if (!name.endsWith('.json')) continue;
        const file = join(directory, name);
        const removed = await serialised(file, async () => {
          const held = await read(file);
          if (!held || held.claimedAt >= claimedBefore) return false;
          await rm(file, { force: true });
          return true;
        });
        if (removed) pruned++;
      }
      return pruned;
    },
    async close() {
      await Promise.all(queues.values());
    },
  };
};
