import type { Logger } from '../../shared/logging/logger.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import type { WebhookDelivery, WebhookStore } from '../../shared/ports/webhook-store.js';
import { createFeedFollower } from '../../shared/runtime/feed-follower.js';
import type { Service } from '../../shared/runtime/service.js';
import { deliveriesFor, dueDeliveries, nextAttemptAt, webhookEventTypeOf } from './webhook-core.js';
import type { WebhookSender } from './send-webhook.js';

export interface WebhookDispatcherPorts {
  store: EventStore;
  checkpoints: CheckpointStore;
  webhooks: WebhookStore;
  send: WebhookSender;
  logger: Logger;
}

export interface WebhookDispatcherOptions {
  retryDelaysMs: number[];
  /** How often pending deliveries are looked at when nothing new came in. */
  pollIntervalMs?: number;
  /** Deliveries looked at per round; the rest wait for the next. */
  batchSize?: number;
  /** Attempts under way at once, to all receivers together. */
  maxConcurrentAttempts?: number;
}

/** Where the webhook dispatcher has read the log to (in the checkpoint store). */
export const WEBHOOKS_CHECKPOINT = 'webhooks';

/**
 * Webhooks in two loops. The follower reads the event feed from its checkpoint and records the
 * deliveries each document event causes (the core decides which; message ids are deterministic, so a
 * repeated feed adds nothing) before it moves the checkpoint. The sender sends the due deliveries,
 * each document's in order, records every attempt, and schedules retries until one succeeds or the
 * schedule is spent: at least once, in order per document and subscription.
 */
export const createWebhookDispatcher = (
  ports: WebhookDispatcherPorts,
  options: WebhookDispatcherOptions,
  now: () => Date = () => new Date(),
): Service & { caughtUp(): Promise<void> } => {
  const { store, checkpoints, webhooks, send, logger } = ports;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? 500;
  const maxConcurrentAttempts = options.maxConcurrentAttempts ?? 32;
  let running = false;
  let sending: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const recordDeliveries = async (events: RecordedEvent[]) => {
    for (const event of events) {
      if (!webhookEventTypeOf(event.type)) continue;
      const { tenantId, documentId } = event.metadata;
      const subscriptions = await webhooks.subscriptions(tenantId);
      // Without subscribers the event's payload is never read, so a sealed one is never decrypted.
      if (subscriptions.length === 0) continue;
      const deliveries = deliveriesFor({ ...event, tenantId, documentId }, subscriptions);
      if (deliveries.length > 0) await webhooks.enqueue(deliveries);
    }
    await checkpoints.save(WEBHOOKS_CHECKPOINT, events[events.length - 1]!.position);
    wake?.();
  };

  const attempt = async (delivery: WebhookDelivery) => {
    const log = logger.child({
      tenant_id: delivery.tenantId,
      document_id: delivery.documentId,
      webhook_id: delivery.subscriptionId,
      message_id: delivery.id,
    });
    const subscription = await webhooks.subscription(delivery.tenantId, delivery.subscriptionId);
    const at = now();
    const started = performance.now();
    const outcome = subscription ? await send(subscription, delivery, at) : { statusCode: null, error: 'the subscription was removed' };
    const record = {
      at: at.toISOString(),
      statusCode: outcome.statusCode,
      durationMs: Math.round(performance.now() - started),
      error: outcome.error,
    };
    if (outcome.error === null) {
      await webhooks.recordAttempt(delivery.id, record, { status: 'delivered', nextAttemptAt: null });
      log.info({ status: outcome.statusCode, attempt: delivery.attempts.length + 1 }, 'webhook delivered');
      return;
    }
    const retryAt = subscription ? nextAttemptAt(delivery.attempts.length + 1, now(), options.retryDelaysMs) : null;
    await webhooks.recordAttempt(delivery.id, record, { status: retryAt ? 'pending' : 'failed', nextAttemptAt: retryAt });
    log.warn(
      { status: outcome.statusCode, error: outcome.error, retry_at: retryAt },
      retryAt ? 'webhook attempt failed; will retry' : 'webhook given up',
    );
  };

  /** Attempts under way by delivery id: a slow receiver holds only its own deliveries back. */
  const inFlight = new Map<string, Promise<void>>();

  const startAttempt = (delivery: WebhookDelivery) => {
    const settled = attempt(delivery)
      .catch((error: unknown) =>
        logger.error({ err: error, message_id: delivery.id }, 'webhook attempt could not be recorded; it is tried again'),
      )
      .finally(() => {
        inFlight.delete(delivery.id);
        wake?.();
      });
    inFlight.set(delivery.id, settled);
  };

  const sendDue = async () => {
    while (running) {
      try {
        const due = dueDeliveries(await webhooks.pending(batchSize), now()).filter((delivery) => !inFlight.has(delivery.id));
        for (const delivery of due.slice(0, maxConcurrentAttempts - inFlight.size)) startAttempt(delivery);
      } catch (error) {
        logger.error({ err: error }, 'webhook sending failed; retrying');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    await Promise.all(inFlight.values());
  };

  const follower = createFeedFollower({
    name: 'webhooks',
    store,
    logger,
    loadCheckpoint: () => checkpoints.load(WEBHOOKS_CHECKPOINT),
    handleBatch: recordDeliveries,
  });

  return {
    name: 'webhooks',
    async start() {
      running = true;
      await follower.start();
      sending = sendDue();
    },
    async stop() {
      running = false;
      wake?.();
      await follower.stop();
      await sending;
      sending = null;
    },
    caughtUp: () => follower.caughtUp(),
  };
};
