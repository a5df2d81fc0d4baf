import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../../shared/adapters/embedded/atomic-write-file.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { Service } from '../../shared/runtime/service.js';
import type { ReplayProgress } from './replay-read-model.js';

/**
 * How an operator asks a running embedded Kontor to rebuild its read model: the process owns DATA_DIR
 * (its event log is locked), so `npm run read-model -- rebuild` sends it SIGUSR2 and follows the
 * rebuild in `DATA_DIR/read-model/rebuild.json`, which the process rewrites as it goes.
 */
export const REBUILD_SIGNAL = 'SIGUSR2';

export interface RebuildStatus {
  /** `ready`: the process listens for the signal (a process that does not yet would die of it). */
  state: 'ready' | 'running' | 'done' | 'failed';
  pid: number;
  startedAt: string;
  finishedAt: string | null;
  progress: ReplayProgress;
  error: string | null;
}

export const rebuildStatusPath = (dataDir: string): string => path.join(dataDir, 'read-model', 'rebuild.json');

export const readRebuildStatus = async (dataDir: string): Promise<RebuildStatus | null> => {
  try {
    return JSON.parse(await readFile(rebuildStatusPath(dataDir), 'utf8')) as RebuildStatus;
  } catch {
    return null;
  }
};

const PROGRESS_WRITE_MS = 500;

/** Rebuilds on REBUILD_SIGNAL while the process runs, reporting to the status file. */
export const rebuildOnSignal = (
  rebuild: (onProgress: (progress: ReplayProgress) => void) => Promise<ReplayProgress>,
  options: { dataDir: string; logger: Logger },
): Service => {
  const file = rebuildStatusPath(options.dataDir);
  let writes: Promise<void> = Promise.resolve();
  const report = (status: RebuildStatus) => {
    writes = writes
      .then(() => writeFileAtomically(file, JSON.stringify(status)))
      .catch((error: unknown) => options.logger.warn({ err: error }, 'could not write the rebuild status'));
    return writes;
  };
  const onSignal = () => {
    const startedAt = new Date().toISOString();
    let lastWrite = 0;
    const status = (state: RebuildStatus['state'], progress: ReplayProgress, error: string | null = null): RebuildStatus => ({
      state,
      pid: process.pid,
      startedAt,
      finishedAt: state === 'running' ? null : new Date().toISOString(),
      progress,
      error,
    });
    options.logger.info('rebuilding the read model');
    void report(status('running', { events: 0, position: 0, elapsedMs: 0, eventsPerSecond: 0 }));
    void rebuild((progress) => {
      if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = Date.now();
      void report(status('running', progress));
    }).then(
      (done) => report(status('done', done)),
      (error: unknown) => {
        options.logger.error({ err: error }, 'read model rebuild failed; the old read model stays');
        return report(
          status(
            'failed',
            { events: 0, position: 0, elapsedMs: 0, eventsPerSecond: 0 },
            error instanceof Error ? error.message : String(error),
          ),
        );
      },
    );
  };
  return {
    name: 'rebuild-on-signal',
    async start() {
      await mkdir(path.dirname(file), { recursive: true });
      process.on(REBUILD_SIGNAL, onSignal);
      const now = new Date().toISOString();
      await report({
        state: 'ready',
        pid: process.pid,
        startedAt: now,
        finishedAt: now,
        progress: { events: 0, position: 0, elapsedMs: 0, eventsPerSecond: 0 },
        error: null,
      });
    },
    async stop() {
      process.off(REBUILD_SIGNAL, onSignal);
      await writes;
    },
  };
};
