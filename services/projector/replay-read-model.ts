import type { Logger } from '../../shared/logging/logger.js';
import type { DocumentReadModel, LoadingDocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { createProjector, type ProjectorOptions } from './projector-service.js';

export interface ReplayProgress {
  /** Events replayed so far. */
  events: number;
  /** Global position reached. */
  position: number;
  elapsedMs: number;
  eventsPerSecond: number;
}

export interface Replay {
  /** Resolves once the whole log up to now is in the read model. */
  caughtUp(): Promise<ReplayProgress>;
  /** Stops following the log; the read model stays as it is. */
  stop(): Promise<void>;
}

/** Fills an empty read model from the log up to a position by other means (in parts, in parallel), reporting as it goes. */
export type ReplayPrefill = (report: (progress: { events: number; position: number }) => void) => Promise<void>;

/**
 * Replays the whole event log into an empty read model with the projector itself (the decider's
 * evolve, the same view builder), and keeps following the log until stopped: a rebuild is a second
 * projector that started from position 0. Progress comes with every batch the projector checkpoints.
 * A read model that loads in bulk is finished once the replay has first caught up, before `caughtUp`
 * resolves (the projector keeps writing into it meanwhile, as it does after). With a `prefill`, the projector starts
 * from the checkpoint the prefill left, and the progress counts the prefill's events.
 */
export const replayIntoReadModel = async (
  ports: { store: EventStore; readModel: DocumentReadModel | LoadingDocumentReadModel; logger: Logger },
  options: ProjectorOptions & { onProgress?(progress: ReplayProgress): void; prefill?: ReplayPrefill },
): Promise<Replay> => {
  const started = Date.now();
  const progress: ReplayProgress = { events: 0, position: 0, elapsedMs: 0, eventsPerSecond: 0 };
  const report = () => {
    progress.elapsedMs = Date.now() - started;
    progress.eventsPerSecond = progress.events / Math.max(progress.elapsedMs / 1000, 0.001);
    options.onProgress?.({ ...progress });
  };
  await options.prefill?.(({ events, position }) => {
    Object.assign(progress, { events, position });
    report();
  });
  const counting: EventStore = {
    ...ports.store,
    readAll: async (after, limit) => {
      const events = await ports.store.readAll(after, limit);
      progress.events += events.length;
      return events;
    },
  };
  const observed: DocumentReadModel = {
    ...ports.readModel,
    saveCheckpoint: async (position) => {
      await ports.readModel.saveCheckpoint(position);
      progress.position = position;
      report();
    },
  };
  const projector = createProjector({ store: counting, readModel: observed, logger: ports.logger }, options);
  await projector.start();
  let loaded: Promise<void> | null = null;
  return {
    caughtUp: async () => {
      await projector.caughtUp();
      if ('finishLoading' in ports.readModel) await (loaded ??= ports.readModel.finishLoading());
      return {
        ...progress,
        elapsedMs: Date.now() - started,
        eventsPerSecond: progress.events / Math.max((Date.now() - started) / 1000, 0.001),
      };
    },
    stop: () => projector.stop(),
  };
};
