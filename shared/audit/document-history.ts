import type { EventMetadata } from '../../contracts/events/metadata.js';
import type { EventData } from '../../contracts/events/document-events.js';
import { currentSchemaVersion, readAppendedDocumentEvent } from '../../contracts/events/registry.js';
import { erasureOf } from '../document/document-stream.js';
import { AppError } from '../errors/app-error.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import { loadTenantStream } from './document-audit.js';

/**
 * A document's history as an auditor reads it: every event of its stream in order, in today's schema,
 * with where it stands, who or what appended it, how it relates to the events before it and the hash
 * that seals it. Pure over the stored stream; the HTTP layer only renders it.
 */

/** Who appended an event: a client's token, a processing service, or (for corrections) a reviewer. */
export type EventActor =
  | { kind: 'token'; id: string; tenant_id: string }
  | { kind: 'service'; id: string }
  | { kind: 'reviewer'; id: string; tenant_id?: string; token_id?: string };

export interface HistoryEvent {
  eventId: string;
  type: string;
  /** The version the payload is shown in, after upcasting. */
  schemaVersion: number;
  /** The version the payload was written in. */
  storedSchemaVersion: number;
  revision: number;
  position: number;
  recordedAt: string;
  causationId: string | null;
  /** The first event of the request from outside (a command) this event descends from, following causation ids. */
  correlationId: string;
  traceId: string | null;
  actor: EventActor;
  /** The event's hash in its stream's chain, and the one before it; null for events written before chaining. */
  chain: { hash: string; previousHash: string } | null;
  payload: unknown;
}

/**
 * Who appended an event: a reviewer for a correction that names one (FieldsCorrected's `reviewer`,
 * with the token that sent it), the client's token for any other command from outside, else the service.
 */
export const actorOf = (metadata: EventMetadata, payload: unknown): EventActor => {
  const reviewer = (payload as { reviewer?: unknown } | null)?.reviewer;
  const token = metadata.requestedBy;
  if (typeof reviewer === 'string' && reviewer !== '')
    return { kind: 'reviewer', id: reviewer, ...(token ? { tenant_id: token.tenantId, token_id: token.tokenId } : {}) };
  if (token) return { kind: 'token', id: token.tokenId, tenant_id: token.tenantId };
  return { kind: 'service', id: metadata.producer };
};

/** The trace id of a W3C `traceparent` (`00-<trace id>-<span id>-<flags>`). */
export const traceIdOf = (traceparent: string | undefined): string | null =>
  /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent ?? '')?.[1] ?? null;

/**
 * Each event's correlation id: the root of its causation chain inside the stream. Events of one request
 * from outside (a submission and its uploads) have no cause but share their trace: they correlate with
 * the first of them.
 */
const correlationIds = (events: readonly RecordedEvent[]): Map<string, string> => {
  const byId = new Map(events.map((event) => [event.eventId, event]));
  const firstOfRequest = new Map<string, string>();
  const roots = new Map<string, string>();
  for (const event of events) {
    const cause = event.metadata.causationId;
    // Events follow their causes in a stream, so a cause inside it has its root already.
    const root = cause && byId.has(cause) ? roots.get(cause) : undefined;
    if (root) {
      roots.set(event.eventId, root);
      continue;
    }
    const request = traceIdOf(event.metadata.traceparent) ?? event.eventId;
    if (!firstOfRequest.has(request)) firstOfRequest.set(request, event.eventId);
    roots.set(event.eventId, firstOfRequest.get(request)!);
  }
  return roots;
};

/** A readable (not erased) stream as history entries, each payload in its newest schema. */
export const toHistory = (events: readonly RecordedEvent[]): HistoryEvent[] => {
  const correlations = correlationIds(events);
  return events.map((event) => {
    const payload = readAppendedDocumentEvent(event).data;
    return {
      eventId: event.eventId,
      type: event.type,
      schemaVersion: currentSchemaVersion(event.type) ?? event.schemaVersion,
      storedSchemaVersion: event.schemaVersion,
      revision: event.revision,
      position: event.position,
      recordedAt: event.recordedAt,
      causationId: event.metadata.causationId ?? null,
      correlationId: correlations.get(event.eventId) ?? event.eventId,
      traceId: traceIdOf(event.metadata.traceparent),
      actor: actorOf(event.metadata, payload),
      chain: event.metadata.chain ?? null,
      payload,
    };
  });
};

/** A history that is no longer there to read: it says who erased the document, and when. */
const documentErased = (documentId: string, erasure: EventData<'DocumentErased'>): AppError =>
  new AppError({
    code: 'document_erased',
    status: 410,
    title: 'Document erased',
    detail: `document ${documentId} was erased at ${erasure.erasedAt} at the request of tenant ${erasure.requestedBy.tenantId}${
      erasure.requestedBy.tokenId ? ` (token ${erasure.requestedBy.tokenId})` : ''
    }; its history is kept only as hashes`,
    meta: {
      erased_at: erasure.erasedAt,
      requested_by: { tenant_id: erasure.requestedBy.tenantId, token_id: erasure.requestedBy.tokenId },
    },
  });

/**
 * The stored stream of this tenant's document, decrypted: another tenant's document is as unknown as
 * a missing one (404); an erased one answers 410, and none of its shredded payloads is read.
 */
export const loadReadableStream = async (store: EventStore, tenantId: string, documentId: string): Promise<RecordedEvent[]> => {
  const events = await loadTenantStream(store, tenantId, documentId);
  const erasure = erasureOf(events);
  if (erasure) throw documentErased(documentId, erasure);
  return events;
};
