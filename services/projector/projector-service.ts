import { LRUCache } from 'lru-cache';
import { evolve, initialState } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { documentIdOfStream, foldDocument, toDocumentEvent } from '../../shared/document/document-stream.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import { isShreddedPayload, type EventStore, type RecordedEvent } from '../../shared/ports/event-store.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
import type { ForegroundWork } from '../../shared/runtime/foreground-work.js';
import { kontorMetrics, secondsSince } from '../../shared/telemetry/kontor-metrics.js';
import { inLeafSpan, SpanAttribute } from '../../shared/telemetry/tracing.js';

export interface ProjectorPorts {
  store: EventStore;
  readModel: DocumentReadModel;
  logger: Logger;
}

export interface ProjectorOptions extends ViewOptions {
  /** Documents whose folded state is kept between batches, so the next event is one `evolve`. */
  cachedDocuments?: number;
  /** Events read per batch; each document a batch touches is written once. */
  batchSize?: number;
  /** Requests the projector gives way to, reading the events they appended as one batch (see FeedFollowerOptions). */
  foreground?: ForegroundWork;
}

/** How long a projector read waits for requests under way: the lag lists may show while a burst of creates lasts. */
const FOREGROUND_WAIT_MS = 50;

/**
 * Events per batch by default: large, so that catching up (a first start, a rebuild) writes a document about
 * once instead of once per 200 events, in few transactions. A follower that is caught up reads what there is.
 */
export const PROJECTOR_BATCH_SIZE = 5_000;

/** A document as the projector last folded it: its state and the global position of its newest event. */
interface Projected {
  state: DocumentState;
  position: number;
  traceparent: string | undefined;
}

/**
 * Keeps the read model in step with the event store: follows the global feed from the read model's own
 * checkpoint and folds each event into the document's state with the decider's `evolve`, as a projection
 * does. The stream is read whole only for a document it has not folded yet (after a start, or once the
 * cache let it go) from a later event than its first, or when an event arrives out of revision order. Views carry the position of their
 * newest event, so replays and repeats are ignored by the read model; each touched document is written
 * once per batch. An erased document's view is removed.
 */
export const createProjector = (ports: ProjectorPorts, options: ProjectorOptions) => {
  const { store, readModel, logger } = ports;
  const folded = new LRUCache<string, Projected>({ max: options.cachedDocuments ?? 10_000 });

  const refold = async (streamName: string): Promise<Projected | undefined> => {
    const history = await store.readStream(streamName);
    const state = foldDocument(history);
    const last = history[history.length - 1];
    return state && last ? { state, position: last.position, traceparent: last.metadata.traceparent } : undefined;
  };

  const project = async (event: RecordedEvent): Promise<Projected | undefined> => {
    const current = folded.get(event.streamName);
    if (current && event.revision <= current.state.revision) return current;
    // A stream's first event has no history to read: a replay of the whole log reads no stream at all. A shredded
    // payload is an erased document's, whose erasure may come later in the log: its whole stream says so.
    if (!isShreddedPayload(event.data) && (current ? event.revision === current.state.revision + 1 : event.revision === 0)) {
      const state = evolve(current?.state ?? initialState(), toDocumentEvent(event));
      return state ? { state, position: event.position, traceparent: event.metadata.traceparent } : undefined;
    }
    return refold(event.streamName);
  };

  return createFeedFollower({
    name: 'projector',
    store,
    logger,
    batchSize: options.batchSize ?? PROJECTOR_BATCH_SIZE,
    ...(options.foreground ? { giveWay: { to: options.foreground, maxWaitMs: FOREGROUND_WAIT_MS } } : {}),
    loadCheckpoint: () => readModel.loadCheckpoint(),
    handleBatch: async (events) => {
      const touched = new Map<string, Projected>();
      const erased: RecordedEvent[] = [];
      for (const event of events) {
        if (!documentIdOfStream(event.streamName)) continue;
        if (event.type === 'DocumentErased') {
          erased.push(event);
          folded.delete(event.streamName);
          touched.delete(event.streamName);
          continue;
        }
        const projected = await project(event);
        if (!projected) continue;
        folded.set(event.streamName, projected);
        touched.set(event.streamName, projected);
      }
      for (const { state, position, traceparent } of touched.values()) {
        // The view continues the trace of the newest event it shows, so a document's trace ends here.
        const started = performance.now();
        await inLeafSpan('projector project', traceparent, () => readModel.upsert(buildDocumentView(state, position, options)), {
          [SpanAttribute.documentId]: state.documentId,
          [SpanAttribute.tenantId]: state.tenantId,
          [SpanAttribute.step]: 'project',
          [SpanAttribute.pages]: state.conversion?.pages.length ?? 0,
        });
        kontorMetrics().stepDuration.record(secondsSince(started), { step: 'project', outcome: 'recorded' });
      }
      for (const { metadata } of erased) await readModel.remove(metadata.tenantId, metadata.documentId);
      await readModel.saveCheckpoint(events[events.length - 1]!.position);
    },
  });
};
