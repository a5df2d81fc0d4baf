import { documentIdOfStream, foldDocument } from '../../shared/document/document-stream.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
import { inSpan } from '../../shared/telemetry/tracing.js';
import { buildDocumentView, type ViewOptions } from './document-view-builder.js';

export interface ProjectorPorts {
  store: EventStore;
  readModel: DocumentReadModel;
  logger: Logger;
}

/** Document streams touched by a batch, each once, so a burst of events costs one rebuild per document. */
const touchedDocuments = (events: RecordedEvent[]): string[] => [
  ...new Set(events.flatMap((event) => (documentIdOfStream(event.streamName) ? [event.streamName] : []))),
];

/**
 * Keeps the read model in step with the event store: follows the global feed from the read model's
 * own checkpoint and rebuilds each touched document's view from its whole stream. Views carry the
 * stream's last position, so replays and repeats are ignored by the read model.
 */
export const createProjector = (ports: ProjectorPorts, options: ViewOptions) => {
  const { store, readModel, logger } = ports;
  return createFeedFollower({
    name: 'projector',
    store,
    logger,
    loadCheckpoint: () => readModel.loadCheckpoint(),
    handleBatch: async (events) => {
      for (const streamName of touchedDocuments(events)) {
        const history = await store.readStream(streamName);
        const state = foldDocument(history);
        const last = history[history.length - 1];
        if (!state || !last) continue;
        // The view continues the trace of the newest event it shows, so a document's trace ends here.
        await inSpan('projector project', last.metadata.traceparent, () => readModel.upsert(buildDocumentView(state, last.position, options)));
      }
      await readModel.saveCheckpoint(events[events.length - 1]!.position);
    },
  });
};
