import type { EventMetadata } from '../../contracts/events/metadata.js';

export interface NewEvent {
  /** Unique id; adapters generate one when absent. Lets a consumer recognise a redelivered event. */
  eventId?: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
  streamName: string;
  /** 0-based position inside its stream. */
  revision: number;
  /** Position in the store's global order: strictly increasing, never reused, never skipping a committed event. */
  position: number;
  recordedAt: string;
}

/**
 * What a payload reads as once its document's key was destroyed (an erased document's, crypto-shredded):
 * stores that encrypt payloads give it back instead of the payload.
 */
export const SHREDDED_PAYLOAD = { shredded: true } as const;

export const isShreddedPayload = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { shredded?: unknown }).shredded === true && Object.keys(data).length === 1;

/**
 * `noStream`: the stream must not exist yet. A number: the revision of the stream's last event.
 * `any`: no check.
 */
export type ExpectedRevision = number | 'noStream' | 'any';

export interface AppendResult {
  /** Revision of the last appended event. */
  revision: number;
  /** Global position of the last appended event. */
  position: number;
}

/**
 * Append-only store of event streams with one global order.
 * Appends are atomic per call; a wrong expected revision fails with the retriable
 * `wrong_expected_revision` AppError and writes nothing.
 */
export interface EventStore {
  append(streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The whole stream in revision order; empty when the stream does not exist. */
  readStream(streamName: string): Promise<RecordedEvent[]>;
  /**
   * Up to `limit` events with position > `after`, in global order. `after` is 0 or a position this
   * store returned: positions need not be dense (EventStoreDB's are log offsets).
   */
  readAll(after: number, limit: number): Promise<RecordedEvent[]>;
  /** Calls `listener` after new events may have been committed. A hint, not a guarantee: followers also poll. */
  onAppended(listener: () => void): () => void;
  close(): Promise<void>;
}
