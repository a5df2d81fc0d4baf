import type { Logger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { createProjector, type ProjectorOptions } from './projector-service.js';
import { replayIntoReadModel, type ReplayPrefill, type ReplayProgress } from './replay-read-model.js';

/** The read model readers use now, and the projector that keeps it in step. */
interface Live {
  readModel: DocumentReadModel;
  caughtUp(): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * A projection whose read model can be rebuilt while it serves: the rebuild replays the whole log into
 * a new read model beside the live one, the live projector stops once the new one has caught up, the
 * new one catches up on what came meanwhile and takes over, and readers move to it in one step (they
 * read through `readModel`, which always answers from exactly one of the two). The old one is closed.
 * A first start (a read model that never projected an event) builds its read model the same way.
 */
export const createRebuildableProjection = <Next extends DocumentReadModel>(
  ports: {
    store: EventStore;
    logger: Logger;
    /** The read model readers use when the projection starts. */
    openReadModel(): Promise<DocumentReadModel>;
    /** An empty read model for a rebuild. */
    openNextReadModel(): Promise<Next>;
    /** Fills it first from the log by other means than one projector (in parallel), if there are any. */
    prefillNextReadModel?(next: Next): ReplayPrefill;
    /** Called once a rebuilt read model has taken over, to make it the one opened at the next start. */
    promote(readModel: DocumentReadModel): Promise<void>;
  },
  options: ProjectorOptions,
) => {
  let live: Live | null = null;
  let rebuilding: Promise<ReplayProgress> | null = null;
  const current = (): DocumentReadModel => {
    if (!live) throw new Error('the projection has not started');
    return live.readModel;
  };

  const readModel: DocumentReadModel = {
    upsert: (view) => current().upsert(view),
    get: (tenantId, documentId) => current().get(tenantId, documentId),
    remove: (tenantId, documentId) => current().remove(tenantId, documentId),
    find: (tenantId, query) => current().find(tenantId, query),
    loadCheckpoint: () => current().loadCheckpoint(),
    saveCheckpoint: (position) => current().saveCheckpoint(position),
    close: async () => undefined,
  };

  const rebuildNow = async (onProgress?: (progress: ReplayProgress) => void): Promise<ReplayProgress> => {
    const next = await ports.openNextReadModel();
    const replay = await replayIntoReadModel(
      { store: ports.store, readModel: next, logger: ports.logger },
      { ...options, onProgress, prefill: ports.prefillNextReadModel?.(next) },
    );
    await replay.caughtUp();
    // None at a first start, which builds its read model this way too.
    const previous = live;
    await previous?.stop();
    const done = await replay.caughtUp();
    live = { readModel: next, caughtUp: () => replay.caughtUp(), stop: () => replay.stop() };
    await previous?.readModel.close();
    await ports.promote(next);
    ports.logger.info(
      { events: done.events, seconds: done.elapsedMs / 1000, eventsPerSecond: Math.round(done.eventsPerSecond) },
      'read model rebuilt and switched over',
    );
    return done;
  };

  const service: Service & { caughtUp(): Promise<void> } = {
    name: 'projector',
    async start() {
      const first = await ports.openReadModel();
      if ((await first.loadCheckpoint()) === 0) {
        // Never projected an event: built as a rebuild builds one, loaded in bulk.
        await first.close();
        await rebuildNow();
        return;
      }
      const projector = createProjector({ store: ports.store, readModel: first, logger: ports.logger }, options);
      await projector.start();
      live = { readModel: first, caughtUp: () => projector.caughtUp(), stop: () => projector.stop() };
    },
    async caughtUp() {
      await rebuilding?.catch(() => undefined);
      await live?.caughtUp();
    },
    async stop() {
      await rebuilding?.catch(() => undefined);
      await live?.stop();
      await live?.readModel.close();
      live = null;
    },
  };

  return {
    readModel,
    service,
    /** Rebuilds the read model from the whole log; a rebuild asked for while one runs joins it. */
    rebuild(onProgress?: (progress: ReplayProgress) => void): Promise<ReplayProgress> {
      rebuilding ??= rebuildNow(onProgress).finally(() => (rebuilding = null));
      return rebuilding;
    },
  };
};
