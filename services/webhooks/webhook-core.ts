import { createHash } from 'node:crypto';
import type { WebhookDelivery, WebhookEventType, WebhookSubscription } from '../../shared/ports/webhook-store.js';

/** Which recorded event tells a subscriber what; by type name, so an event added later needs only its line here. */
const WEBHOOK_EVENT_OF: Record<string, WebhookEventType> = {
  ProcessingCompleted: 'document.done',
  ProcessingFailed: 'document.failed',
  FieldsCorrected: 'document.corrected',
};

export const webhookEventTypeOf = (recordedType: string): WebhookEventType | null => WEBHOOK_EVENT_OF[recordedType] ?? null;

/** What the dispatcher knows of a recorded document event. */
export interface DocumentEventNotice {
  eventId: string;
  type: string;
  position: number;
  recordedAt: string;
  tenantId: string;
  documentId: string;
  data: unknown;
}

/** The same event and subscription always make the same message id, so a replayed feed repeats nothing. */
const messageIdOf = (eventId: string, subscriptionId: string): string =>
  `msg_${createHash('sha256').update(`${eventId}\0${subscriptionId}`).digest('hex').slice(0, 32)}`;

const errorCodeOf = (data: unknown): string | null => {
  const code = (data as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
};

/**
 * The body of a message, in the Standard Webhooks shape `{type, timestamp, data}`. A thin event: it
 * names the document; the client reads the document for its data, which stays behind its token.
 */
const payloadOf = (type: WebhookEventType, event: DocumentEventNotice): string =>
  JSON.stringify({
    type,
    timestamp: event.recordedAt,
    data: {
      tenant_id: event.tenantId,
      document_id: event.documentId,
      ...(type === 'document.failed' ? { error_code: errorCodeOf(event.data) } : {}),
    },
  });

/**
 * The deliveries a document event causes: one per subscription of its tenant that asked for the event
 * and existed when it was recorded (a new subscription does not receive the past).
 */
export const deliveriesFor = (event: DocumentEventNotice, subscriptions: WebhookSubscription[]): WebhookDelivery[] => {
  const type = webhookEventTypeOf(event.type);
  if (!type) return [];
  return subscriptions
    .filter(
      (subscription) =>
        subscription.tenantId === event.tenantId && subscription.events.includes(type) && subscription.createdAt <= event.recordedAt,
    )
    .map((subscription) => ({
      id: messageIdOf(event.eventId, subscription.id),
      tenantId: event.tenantId,
      subscriptionId: subscription.id,
      documentId: event.documentId,
      eventType: type,
      position: event.position,
      payload: payloadOf(type, event),
      createdAt: event.recordedAt,
      status: 'pending',
      attempts: [],
      nextAttemptAt: event.recordedAt,
    }));
};

/**
 * After a failed attempt: when to try again, or null to give up. `retryDelaysMs[n]` is the wait after
 * the (n+1)-th failure, so the schedule's sum bounds how long a message is retried.
 */
export const nextAttemptAt = (failedAttempts: number, at: Date, retryDelaysMs: number[]): string | null => {
  const delay = retryDelaysMs[failedAttempts - 1];
  return delay === undefined ? null : new Date(at.getTime() + delay).toISOString();
};

/**
 * The deliveries to attempt now: of each document's pending deliveries to one subscription only the
 * first, so a receiver sees a document's events in order, and only when it is due.
 */
export const dueDeliveries = (pendingByPosition: WebhookDelivery[], now: Date): WebhookDelivery[] => {
  const heads = new Map<string, WebhookDelivery>();
  for (const delivery of pendingByPosition) {
    const queue = `${delivery.subscriptionId}\0${delivery.documentId}`;
    if (!heads.has(queue)) heads.set(queue, delivery);
  }
  const nowIso = now.toISOString();
  return [...heads.values()].filter((delivery) => delivery.nextAttemptAt !== null && delivery.nextAttemptAt <= nowIso);
};
