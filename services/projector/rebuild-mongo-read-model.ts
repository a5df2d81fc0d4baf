import { openMongoReadModel } from '../../shared/adapters/mongo/mongo-read-model.js';
import { nextVersion, openReadModelVersions } from '../../shared/adapters/mongo/read-model-versions.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { ProjectorOptions } from './projector-service.js';
import { replayIntoReadModel, type ReplayProgress } from './replay-read-model.js';

export interface MongoRebuildReport {
  from: string;
  to: string;
  replay: ReplayProgress;
}

/** Long enough for every process to have looked the active version up again (they do at least every second). */
export const SWITCH_OVER_MS = 5_000;

/**
 * The distributed rebuild: projects the whole log into the next MongoDB collection version beside the
 * live one, moves the active-version pointer once it has caught up (every reader switches whole), keeps
 * following while the processes switch (the old projector may write the old version only until it
 * has), then drops the old version.
 */
export const rebuildMongoReadModel = async (
  ports: { store: EventStore; logger: Logger },
  mongo: { url: string; database: string },
  options: ProjectorOptions & {
    onProgress?(progress: ReplayProgress): void;
    onCaughtUp?(report: MongoRebuildReport): void;
    switchOverMs?: number;
  },
): Promise<MongoRebuildReport> => {
  const versions = await openReadModelVersions(mongo);
  try {
    const from = await versions.active();
    const to = nextVersion(from);
    await versions.drop(to);
    const readModel = await openMongoReadModel({ ...mongo, collectionVersion: to });
    try {
      const replay = await replayIntoReadModel({ store: ports.store, readModel, logger: ports.logger }, options);
      const caughtUp = await replay.caughtUp();
      await versions.activate(to);
      options.onCaughtUp?.({ from, to, replay: caughtUp });
      await new Promise((resolve) => setTimeout(resolve, options.switchOverMs ?? SWITCH_OVER_MS));
      const done = await replay.caughtUp();
      await replay.stop();
      await versions.drop(from);
      return { from, to, replay: done };
    } finally {
      await readModel.close();
    }
  } finally {
    await versions.close();
  }
};
