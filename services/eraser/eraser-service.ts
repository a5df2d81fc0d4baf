import type { EventData } from '../../contracts/events/document-events.js';
import { referencedBlobHashes } from '../../shared/audit/hash-chain.js';
import { readAppendedDocumentEvent } from '../../contracts/events/registry.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { DocumentKeyStore } from '../../shared/ports/document-key-store.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
import { createNewestPositionSaver } from '../../shared/runtime/newest-position-saver.js';

export interface EraserPorts {
  /** The log as services read it: payloads decrypted, an erased document's shredded. */
  store: EventStore;
  keys: DocumentKeyStore;
  blobs: BlobStore;
  checkpoints: CheckpointStore;
  logger: Logger;
}

/** Where the eraser has read the log to (in the checkpoint store). */
export const ERASER_CHECKPOINT = 'eraser';
const SCAN_PAGE = 1000;

/** Blob hashes still referenced by a document that is not being erased: content-addressed bytes may be shared. */
const stillReferenced = async (store: EventStore, candidates: Set<string>, erasedStreams: Set<string>): Promise<Set<string>> => {
  const referenced = new Set<string>();
  const erased = new Set(erasedStreams);
  const references = new Map<string, string[]>();
  for (let page = await store.readAll(0, SCAN_PAGE); page.length > 0; page = await store.readAll(page.at(-1)!.position, SCAN_PAGE)) {
    for (const event of page) {
      if (event.type === 'DocumentErased') erased.add(event.streamName);
      const hashes = referencedBlobHashes(event.data).filter((hash) => candidates.has(hash));
      if (hashes.length > 0) references.set(event.streamName, [...(references.get(event.streamName) ?? []), ...hashes]);
    }
  }
  for (const [streamName, hashes] of references) if (!erased.has(streamName)) hashes.forEach((hash) => referenced.add(hash));
  return referenced;
};

/**
 * Carries out erasures: follows the log from its own checkpoint and, for each DocumentErased, destroys
 * the document's key (again: the gateway destroys it at once, this makes it certain after a crash) and
 * deletes the blobs the document referenced that no other document still references. Deleting twice is
 * harmless, so the at-least-once feed is enough; for the same reason the checkpoint is saved behind the reading
 * (the newest position once the save before it is written), not once per batch: a burst of appends wakes the
 * eraser for nearly every event, and a restart that reads a few events again only finds them done.
 */
export const createEraser = (ports: EraserPorts) => {
  const { store, keys, blobs, checkpoints, logger } = ports;
  const checkpoint = createNewestPositionSaver(
    (position) => checkpoints.save(ERASER_CHECKPOINT, position),
    (error) => logger.error({ err: error }, 'eraser checkpoint save failed'),
  );
  const follower = createFeedFollower({
    name: 'eraser',
    store,
    logger,
    loadCheckpoint: () => checkpoints.load(ERASER_CHECKPOINT),
    handleBatch: async (events: RecordedEvent[]) => {
      const erasures = events.filter((event) => event.type === 'DocumentErased');
      if (erasures.length > 0) {
        const candidates = new Set<string>();
        for (const erasure of erasures) {
          await keys.destroy(erasure.metadata.documentId);
          (readAppendedDocumentEvent(erasure).data as EventData<'DocumentErased'>).blobs.forEach((hash) => candidates.add(hash));
        }
        const kept = await stillReferenced(store, candidates, new Set(erasures.map((erasure) => erasure.streamName)));
        for (const hash of candidates) if (!kept.has(hash)) await blobs.delete(hash);
        logger.info(
          {
            documents: erasures.map((erasure) => erasure.metadata.documentId),
            deleted_blobs: candidates.size - kept.size,
            kept_shared_blobs: kept.size,
          },
          'erased',
        );
      }
      void checkpoint.save(events[events.length - 1]!.position);
    },
  });
  return {
    ...follower,
    async stop() {
      await follower.stop();
      await checkpoint.settled();
    },
  };
};
