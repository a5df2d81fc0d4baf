import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { readEventLogHead } from '../../shared/adapters/embedded/event-log-partition.js';
import type { SqliteLoadingReadModel } from '../../shared/adapters/embedded/sqlite-read-model.js';
import type { ViewOptions } from '../../shared/read-model/build-document-view.js';
import { startModuleWorker } from '../../shared/runtime/module-worker.js';
import type { ReplayPartReport, ReplayPartTask } from './replay-part-protocol.js';
import type { ReplayPrefill } from './replay-read-model.js';

const WORKER_MODULE = new URL(`./replay-part-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url);

/** Runs one part's replay in a worker thread; resolves with the events it replayed. */
const replayPartInThread = (
  task: ReplayPartTask,
  onProgress: (progress: { events: number; position: number }) => void,
  signal: AbortSignal,
) => {
  const worker = startModuleWorker(WORKER_MODULE);
  const stop = () => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  return new Promise<number>((resolve, reject) => {
    worker.on('message', (report: ReplayPartReport) => {
      if (report.kind === 'progress') onProgress(report);
      else if (report.kind === 'done') resolve(report.events);
      else reject(new Error(`the replay of part ${task.part + 1} of ${task.parts} failed: ${report.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the replay of part ${task.part + 1} of ${task.parts} ended early (exit code ${code})`)),
    );
    worker.postMessage(task);
  }).finally(() => {
    signal.removeEventListener('abort', stop);
    stop();
  });
};

/**
 * Fills an empty embedded read model from the log in parts, one worker thread per core: each replays the
 * streams of its part (a stream's events all fall into one part, so each document is folded whole by one
 * thread, with the projector itself) up to the log's head when the fill began, into a bulk-loaded read model
 * of its own under `workDirectory`. The views of every part are then copied into `readModel` and its
 * checkpoint set to that head: the projector goes on from there with what was appended meanwhile. Reading,
 * decrypting, evolving and building views, most of a replay's work, so run on every core at once.
 */
export const replayLogInParts =
  (
    dataDir: string,
    readModel: SqliteLoadingReadModel,
    options: { view: ViewOptions; workDirectory: string; parts?: number },
  ): ReplayPrefill =>
  async (report) => {
    const upTo = await readEventLogHead(path.join(dataDir, 'events'));
    if (upTo === 0) return;
    const parts = options.parts ?? availableParallelism();
    const reached = Array.from({ length: parts }, () => ({ events: 0, position: 0 }));
    const reportAll = () =>
      report({
        events: reached.reduce((sum, { events }) => sum + events, 0),
        position: Math.min(...reached.map(({ position }) => position)),
      });
    const directories = reached.map((_, part) => path.join(options.workDirectory, `part-${part + 1}-of-${parts}`));
    // One part failing stops the others: the fill fails as a whole, and the caller's replay with it.
    const stopping = new AbortController();
    try {
      await Promise.all(
        directories.map(async (directory, part) => {
          const task = { dataDir, part, parts, upTo, directory, view: options.view };
          const onProgress = (progress: { events: number; position: number }) => {
            reached[part] = progress;
            reportAll();
          };
          reached[part] = { events: await replayPartInThread(task, onProgress, stopping.signal), position: upTo };
        }),
      );
      for (const directory of directories) await readModel.takeViewsOf(directory);
      await readModel.saveCheckpoint(upTo);
      reportAll();
    } finally {
      stopping.abort();
      await rm(options.workDirectory, { recursive: true, force: true });
    }
  };
