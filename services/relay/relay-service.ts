import type { ObservableResult } from '@opentelemetry/api';
import type { Logger } from '../../shared/logging/logger.js';
import type { BusMessage, EventBus } from '../../shared/ports/event-bus.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
import { createNewestPositionSaver } from '../../shared/runtime/newest-position-saver.js';
import { TenantFairQueue } from '../../shared/runtime/tenant-fair-queue.js';
import { kontorMetrics } from '../../shared/telemetry/kontor-metrics.js';
import { withTraceparent } from '../../shared/telemetry/tracing.js';
import { Watermark } from './watermark.js';

export interface RelayPorts {
  store: EventStore;
  bus: EventBus;
  checkpoints: CheckpointStore;
  logger: Logger;
}

export interface RelayOptions {
  /** Published events not yet acknowledged above which new documents wait; later steps never wait. */
  maxInFlight: number;
  retryDelayMs: number;
}

/** Where the relay has published the log to (in the checkpoint store). */
export const RELAY_CHECKPOINT = 'relay';

const toBusMessage = (event: RecordedEvent): BusMessage => ({
  key: event.metadata.documentId,
  event,
  headers: event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : {},
});

/** Where a held-back event lies in the feed: read again with `readAll(after, 1)` when its document is let in. */
interface HeldEvent {
  after: number;
  position: number;
}

/**
 * The outbox relay: follows the event store's feed and publishes every event to the bus, keyed by
 * document id. The checkpoint only moves past events the bus acknowledged, so a crash can repeat
 * a message but never lose one. Publishing is pipelined: slow consumers of one document do not
 * hold back the next.
 *
 * The window admits documents, not events: a document's later steps are published at once, so a
 * burst of new documents cannot starve the documents already being processed. A new document's first
 * event waits (only its place in the feed is kept) while `maxInFlight` events are unacknowledged;
 * waiting documents are let in tenant by tenant, oldest first, with every event they had meanwhile.
 * A tenant with nothing in flight and nothing waiting gets its new document in at once: one tenant's
 * burst fills the window, and another tenant's document would otherwise wait for it to drain.
 */
export const createRelay = (ports: RelayPorts, options: RelayOptions) => {
  const { store, bus, checkpoints, logger } = ports;
  let watermark: Watermark | null = null;
  let lastRead = 0;
  let inFlight = 0;
  /** Published and not yet acknowledged, per tenant. */
  const inFlightOf = new Map<string, number>();
  let stopping = false;
  const checkpoint = createNewestPositionSaver(
    (position) => checkpoints.save(RELAY_CHECKPOINT, position),
    (error) => logger.error({ err: error }, 'relay checkpoint save failed'),
  );
  const held = new Map<string, HeldEvent[]>();
  const waiting = new TenantFairQueue<string>();
  let admitting: Promise<void> | null = null;
  /** Read from the store and not yet acknowledged by the bus: the relay's backlog. */
  let unacknowledged = 0;
  const backlog = kontorMetrics().backlog;
  const observeBacklog = (result: ObservableResult) => result.observe(unacknowledged, { consumer_group: 'relay', source: 'relay' });

  /** Resolves true once acknowledged; false when the relay stopped first (the event is relayed again at the next start). */
  const publishUntilAcknowledged = async (event: RecordedEvent): Promise<boolean> => {
    while (!stopping) {
      try {
        // In the event's trace, so what the bus adapter does (a Kafka produce span) joins the document's trace.
        await withTraceparent(event.metadata.traceparent, () => bus.publish([toBusMessage(event)]));
        return true;
      } catch (error) {
        if (stopping) break;
        logger.warn({ err: error, position: event.position }, 'relay publish failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
      }
    }
    return false;
  };

  const onAcknowledged = (position: number) => {
    unacknowledged -= 1;
    if (watermark!.acknowledge(position)) void checkpoint.save(watermark!.value);
  };

  const publish = (event: RecordedEvent) => {
    const tenantId = event.metadata.tenantId;
    inFlight += 1;
    inFlightOf.set(tenantId, (inFlightOf.get(tenantId) ?? 0) + 1);
    void publishUntilAcknowledged(event).then((acknowledged) => {
      inFlight -= 1;
      const left = inFlightOf.get(tenantId)! - 1;
      if (left === 0) inFlightOf.delete(tenantId);
      else inFlightOf.set(tenantId, left);
      if (acknowledged) onAcknowledged(event.position);
      admitWaiting();
    });
  };

  /** Publishes a waiting document's held events in feed order, including any held while it is read. */
  const admit = async (documentId: string) => {
    const events = held.get(documentId)!;
    while (events.length > 0) {
      const { after, position } = events[0]!;
      const [event] = await store.readAll(after, 1);
      if (stopping) return;
      if (event?.position !== position) throw new Error(`relay: event at position ${position} not found again`);
      events.shift();
      publish(event);
    }
    held.delete(documentId);
  };

  const isIdle = (tenantId: string) => !inFlightOf.has(tenantId) && !waiting.has(tenantId);

  const mayAdmit = () => !stopping && inFlight < options.maxInFlight && waiting.size > 0;

  const admitWaiting = () => {
    if (admitting || !mayAdmit()) return;
    admitting = (async () => {
      while (mayAdmit()) await admit(waiting.shift()!);
    })()
      .catch((error: unknown) => {
        // The event stays unacknowledged, so the checkpoint stays before it and a restart relays it again.
        logger.error({ err: error }, 'relay could not read a waiting document again');
      })
      .finally(() => {
        admitting = null;
        admitWaiting();
      });
  };

  const follower = createFeedFollower({
    name: 'relay',
    store,
    logger,
    loadCheckpoint: async () => {
      const position = await checkpoints.load(RELAY_CHECKPOINT);
      watermark = new Watermark(position);
      lastRead = position;
      return position;
    },
    handleBatch: async (events) => {
      unacknowledged += events.length;
      for (const event of events) {
        if (stopping) return;
        const place = { after: lastRead, position: event.position };
        lastRead = event.position;
        watermark!.track(event.position);
        const documentId = event.metadata.documentId;
        const earlier = held.get(documentId);
        if (earlier) earlier.push(place);
        else if (event.revision > 0 || (inFlight < options.maxInFlight && waiting.size === 0) || isIdle(event.metadata.tenantId)) {
          publish(event);
        } else {
          held.set(documentId, [place]);
          waiting.push(event.metadata.tenantId, event.position, documentId);
        }
      }
    },
  });

  return {
    ...follower,
    async start() {
      stopping = false;
      held.clear();
      waiting.clear();
      inFlightOf.clear();
      unacknowledged = 0;
      backlog.addCallback(observeBacklog);
      await follower.start();
    },
    async stop() {
      stopping = true;
      await follower.stop();
      await admitting;
      await checkpoint.settled();
      backlog.removeCallback(observeBacklog);
    },
  };
};
