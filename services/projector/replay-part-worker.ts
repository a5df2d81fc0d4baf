/**
 * A worker thread replaying one part of the embedded log's streams into a read model of its own (see
 * replay-in-parts.ts): reading, decrypting, evolving and building views on a core of its own.
 */
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { openEventLogPartition } from '../../shared/adapters/embedded/event-log-partition.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import { openSqliteReadModelForBulkLoad } from '../../shared/adapters/embedded/sqlite-read-model.js';
import { withDocumentPayloadEncryption } from '../../shared/document/document-payload-encryption.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { ReplayPartReport, ReplayPartTask } from './replay-part-protocol.js';
import { replayIntoReadModel } from './replay-read-model.js';

const port = parentPort!;
const send = (report: ReplayPartReport) => port.postMessage(report);

const replayPart = async (task: ReplayPartTask): Promise<number> => {
  const log = await openEventLogPartition(path.join(task.dataDir, 'events'), task);
  const keys = await openFileKeyStore(path.join(task.dataDir, 'keys'));
  // A replay reads every payload: decrypted as each page is read.
  // Loaded, not finished: the thread that asked takes its views and builds the indexes once for all parts.
  const { finishLoading: _finishedByTheOwner, ...readModel } = await openSqliteReadModelForBulkLoad(task.directory);
  try {
    const replay = await replayIntoReadModel(
      { store: withDocumentPayloadEncryption(log, keys, { decrypt: 'at once' }), readModel, logger: createLogger('read-model', 'warn') },
      { ...task.view, onProgress: ({ events, position }) => send({ kind: 'progress', events, position }) },
    );
    const { events } = await replay.caughtUp();
    await replay.stop();
    return events;
  } finally {
    await readModel.close();
    await keys.close();
    await log.close();
  }
};

port.once('message', (task: ReplayPartTask) => {
  replayPart(task).then(
    (events) => send({ kind: 'done', events }),
    (error: unknown) => send({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
