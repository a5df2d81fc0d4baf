import type { ObservableResult } from '@opentelemetry/api';
import type { Logger } from '../../shared/logging/logger.js';
import type { BusMessage, EventBus } from '../../shared/ports/event-bus.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
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
  /** Events published but not yet acknowledged, at most; bounds memory and redelivery after a crash. */
  maxInFlight: number;
  retryDelayMs: number;
}

const CHECKPOINT = 'relay';

export const toBusMessage = (event: RecordedEvent): BusMessage => ({
  key: event.metadata.documentId,
  event,
  headers: event.metadata.traceparent ? { traceparent: event.metadata.traceparent } : {},
});

/**
 * The outbox relay: follows the event store's feed and publishes every event to the bus, keyed by
 * document id. The checkpoint only moves past events the bus acknowledged, so a crash can repeat
 * a message but never lose one. Publishing is pipelined: slow consumers of one document do not
 * hold back the next.
 */
export const createRelay = (ports: RelayPorts, options: RelayOptions) => {
  const { store, bus, checkpoints, logger } = ports;
  let watermark: Watermark | null = null;
  let stopping = false;
  let saving: Promise<void> = Promise.resolve();
  const slotFreed: Array<() => void> = [];
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
    if (watermark!.acknowledge(position)) {
      const reached = watermark!.value;
      saving = saving.then(() => checkpoints.save(CHECKPOINT, reached)).catch((error: unknown) => {
        logger.error({ err: error }, 'relay checkpoint save failed');
      });
    }
    slotFreed.shift()?.();
  };

  const follower = createFeedFollower({
    name: 'relay',
    store,
    logger,
    loadCheckpoint: async () => {
      const position = await checkpoints.load(CHECKPOINT);
      watermark = new Watermark(position);
      return position;
    },
    handleBatch: async (events) => {
      unacknowledged += events.length;
      for (const event of events) {
        while (!stopping && watermark!.inFlight >= options.maxInFlight) {
          await new Promise<void>((resolve) => slotFreed.push(resolve));
        }
        if (stopping) return;
        watermark!.track(event.position);
        void publishUntilAcknowledged(event).then((acknowledged) => {
          if (acknowledged) onAcknowledged(event.position);
        });
      }
    },
  });

  return {
    ...follower,
    async start() {
      stopping = false;
      unacknowledged = 0;
      backlog.addCallback(observeBacklog);
      await follower.start();
    },
    async stop() {
      stopping = true;
      slotFreed.splice(0).forEach((free) => free());
      await follower.stop();
      await saving;
      backlog.removeCallback(observeBacklog);
    },
  };
};
