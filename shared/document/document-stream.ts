import type { DocumentEvent } from '../../contracts/events/document-events.js';
import { readDocumentEvent, toStoredBody } from '../../contracts/events/registry.js';
import type { EventStore, NewEvent, RecordedEvent } from '../ports/event-store.js';
import { currentTraceparent } from '../telemetry/tracing.js';
import type { DocumentState } from './document-state.js';
import { evolve } from './evolve.js';

export const documentStreamName = (documentId: string): string => `document-${documentId}`;

export const documentIdOfStream = (streamName: string): string | null =>
  streamName.startsWith('document-') ? streamName.slice('document-'.length) : null;

/** Folds recorded events into the document's state; events are read in their newest schema version. */
export const foldDocument = (recorded: RecordedEvent[]): DocumentState | null =>
  recorded.reduce<DocumentState | null>(
    (state, event) => evolve(state, readDocumentEvent(event), { revision: event.revision, recordedAt: event.recordedAt }),
    null,
  );

export const loadDocument = async (store: EventStore, documentId: string): Promise<DocumentState | null> =>
  foldDocument(await store.readStream(documentStreamName(documentId)));

export interface EventOrigin {
  tenantId: string;
  documentId: string;
  producer: string;
  causationId?: string;
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
      ...(traceparent ? { traceparent } : {}),
    },
  }));
};
