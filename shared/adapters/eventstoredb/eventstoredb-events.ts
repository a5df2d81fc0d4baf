import type { JSONEventData, JSONType, Position, RecordedEvent as ClientRecordedEvent } from '@eventstore/db-client';
import { AppError } from '../../errors/app-error.js';
import type { EventMetadata } from '../../../contracts/events/metadata.js';
import type { NewEvent, RecordedEvent } from '../../ports/event-store.js';

/** What this adapter writes as an EventStoreDB event's metadata: the port's metadata plus the schema version. */
type StoredMetadata = EventMetadata & { schemaVersion: number };

/**
 * The port's `position` is the event's commit position in EventStoreDB's transaction log (a byte
 * offset). Every event appended over gRPC is its own committed record, so its commit and prepare
 * positions are equal: the number alone names the event, increases along `$all`, and is a valid
 * place to start reading `$all` again. (Events of the legacy TCP API's explicit transactions share a
 * commit position; this adapter never writes them.) 2^53 bytes of log is 8 PiB, beyond any store we run.
 */
export const portPosition = (position: Position | undefined): number => {
  if (!position || position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new AppError({
      code: 'unsupported_event_store',
      status: 500,
      title: 'Unsupported EventStoreDB',
      detail: 'EventStoreDB reported no usable $all position for an event (stream reads report it from server 22.6 on)',
    });
  }
  return Number(position.commit);
};

export const logPosition = (position: number): Position => ({ commit: BigInt(position), prepare: BigInt(position) });

/** Streams and event types starting with `$` belong to the server (statistics, settings, projections). */
export const isSystemEvent = (event: ClientRecordedEvent) => event.streamId.startsWith('$') || event.type.startsWith('$');

export const toEventData = (event: NewEvent & { eventId: string }): JSONEventData => ({
  id: event.eventId,
  contentType: 'application/json',
  type: event.type,
  // The client JSON-encodes whatever it is given; its type only names the usual shapes.
  data: event.data as JSONType,
  metadata: { ...event.metadata, schemaVersion: event.schemaVersion } satisfies StoredMetadata,
});

export const toRecordedEvent = (event: ClientRecordedEvent): RecordedEvent => {
  const { schemaVersion, ...metadata } = event.metadata as StoredMetadata;
  return {
    eventId: event.id,
    type: event.type,
    schemaVersion,
    data: event.data,
    metadata,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: portPosition(event.position),
    recordedAt: event.created.toISOString(),
  };
};
