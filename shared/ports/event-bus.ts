import type { RecordedEvent } from './event-store.js';

export interface BusMessage {
  /** Partitioning key: the document id, so one document's events are handled in order. */
  key: string;
  event: RecordedEvent;
  /** Tracing and delivery headers (W3C traceparent, attempt count, …). */
  headers: Record<string, string>;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface SubscriptionOptions {
  /** One consumer group per service: each group sees every message once (at least once). */
  group: string;
  handler: MessageHandler;
  /** Called when a message failed `maxAttempts` times and has been moved to the dead-letter place. */
  onDeadLetter: (message: BusMessage, error: unknown) => Promise<void>;
  /** How many messages of different keys may be handled at once. Messages of one key are handled in order. */
  concurrency?: number;
}

export interface Subscription {
  /** Stops taking new messages and waits for the ones being handled. */
  stop(): Promise<void>;
}

/** How far one consumer group is behind. */
export interface GroupBacklog {
  group: string;
  /** Published messages the group has not handled (or dead-lettered) yet. */
  messages: number;
}

/**
 * At-least-once delivery between services. A handler that throws gets the message again later
 * with backoff; after the configured number of attempts the message is dead-lettered.
 */
export interface EventBus {
  /** Resolves once the messages are durably accepted and will be delivered to every group. */
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(options: SubscriptionOptions): Promise<Subscription>;
  /** The backlog of every group subscribed through this bus (what autoscaling and alerts watch); empty once closed. */
  backlog(): Promise<GroupBacklog[]>;
  close(): Promise<void>;
}
