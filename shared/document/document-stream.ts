import type { DocumentEvent, EventData } from '../../contracts/events/document-events.js';
import { readAppendedDocumentEvent, toStoredBody } from '../../contracts/events/registry.js';
import type { NewEvent, RecordedEvent } from '../ports/event-store.js';
import { currentTraceparent } from '../telemetry/tracing.js';
import { foldEvents, type PositionedDocumentEvent } from './document-decider.js';
import type { Principal } from '../auth/token-registry.js';
import type { DocumentState } from './document-state.js';

export const documentStreamName = (documentId: string): string => `document-${documentId}`;

export const documentIdOfStream = (streamName: string): string | null =>
  streamName.startsWith('document-') ? streamName.slice('document-'.length) : null;

/** A stored event in its newest schema version (see `readAppendedDocumentEvent`), with its place in the stream. */
export const toDocumentEvent = (recorded: RecordedEvent): PositionedDocumentEvent => ({
  ...readAppendedDocumentEvent(recorded),
  revision: recorded.revision,
  recordedAt: recorded.recordedAt,
});

/** The erasure of a stored stream, if it was erased: then its other payloads are shredded and none is read. */
export const erasureOf = (recorded: RecordedEvent[]): EventData<'DocumentErased'> | null => {
  const erased = recorded.find((event) => event.type === 'DocumentErased');
  return erased ? (readAppendedDocumentEvent(erased).data as EventData<'DocumentErased'>) : null;
};

/**
 * The one fold of a stored stream: every service, the projector and the query side read a document
 * this way. An erased document folds to nothing, as if it had never been submitted.
 */
export const foldDocument = (recorded: RecordedEvent[]): DocumentState | null =>
  erasureOf(recorded) ? null : foldEvents(recorded.map(toDocumentEvent));

export interface EventOrigin {
  tenantId: string;
  documentId: string;
  producer: string;
  causationId?: string;
  requestedBy?: Principal;
}

/** Validates each event against its newest schema and wraps it with metadata for the store. */
export const toNewEvents = (events: DocumentEvent[], origin: EventOrigin): NewEvent[] => {
  const traceparent = currentTraceparent();
  return events.map((event) => ({
    ...toStoredBody(event),
    metadata: {
      tenantId: origin.tenantId,
      documentId: origin.documentId,
      producer: origin.producer,
      ...(origin.causationId ? { causationId: origin.causationId } : {}),
      ...(origin.requestedBy ? { requestedBy: { tenantId: origin.requestedBy.tenantId, tokenId: origin.requestedBy.tokenId } } : {}),
      ...(traceparent ? { traceparent } : {}),
    },
  }));
};
