import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../contracts/events/metadata.js';
import { errors } from '../../errors/app-error.js';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from '../../ports/event-store.js';
import { appendedChannel, eventStoreMigration } from './event-store-migration.js';
import { listenForNotifications, type NotificationListener } from './notification-listener.js';
import { openPostgresDatabase, type PostgresStoreOptions } from './postgres-database.js';
import { asStoreError } from './postgres-errors.js';
import { createAppendListeners } from '../append-listeners.js';

interface EventRow {
  position: string;
  stream_name: string;
  revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

interface AppendRow {
  appended: boolean;
  last_revision: string;
  last_position: string;
}

const EVENT_COLUMNS = 'position, stream_name, revision, event_id, type, schema_version, data, metadata, recorded_at';

/** bigint columns arrive as strings; positions and revisions stay far below 2^53. */
const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  type: row.type,
  schemaVersion: row.schema_version,
  data: row.data,
  metadata: row.metadata,
  streamName: row.stream_name,
  revision: Number(row.revision),
  position: Number(row.position),
  recordedAt: row.recorded_at.toISOString(),
});

/** `append_events` takes the expected revision as the last event's revision, -1 for no stream, NULL for no check. */
const expectedRevisionParameter = (expected: ExpectedRevision): number | null =>
  expected === 'any' ? null : expected === 'noStream' ? -1 : expected;

const describeRevision = (revision: number) => (revision === -1 ? 'noStream' : String(revision));

/** An event store in PostgreSQL: one row per event, appended through `append_events` (see its migration). */
export const openPostgresEventStore = async (options: PostgresStoreOptions): Promise<EventStore> => {
  const database = await openPostgresDatabase(options, eventStoreMigration, 'event store');
  const s = database.quotedSchema;
  const appended = createAppendListeners();
  let notifications: NotificationListener;
  try {
    notifications = await listenForNotifications(options.connectionString, appendedChannel(database.schema), appended.notify);
  } catch (error) {
    await database.close();
    throw asStoreError(error, 'listen for appends');
  }
  let closing: Promise<void> | null = null;

  return {
    async append(streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      if (events.length === 0) {
        throw errors.emptyAppend(streamName);
      }
      const newEvents = events.map(({ eventId = randomUUID(), type, schemaVersion, data, metadata }) => ({
        eventId,
        type,
        schemaVersion,
        data,
        metadata,
      }));
      const [result] = await database.query<AppendRow>(
        `append to ${streamName}`,
        `SELECT appended, last_revision, last_position FROM ${s}.append_events($1, $2, $3)`,
        [streamName, expectedRevisionParameter(expected), JSON.stringify(newEvents)],
      );
      const revision = Number(result!.last_revision);
      if (!result!.appended) throw errors.wrongExpectedRevision(streamName, String(expected), describeRevision(revision));
      return { revision, position: Number(result!.last_position) };
    },
    async readStream(streamName: string): Promise<RecordedEvent[]> {
      const rows = await database.query<EventRow>(
        `read ${streamName}`,
        `SELECT ${EVENT_COLUMNS} FROM ${s}.events WHERE stream_name = $1 ORDER BY revision`,
        [streamName],
      );
      return rows.map(toRecordedEvent);
    },
    async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
      const rows = await database.query<EventRow>(
        'read the global feed',
        `SELECT ${EVENT_COLUMNS} FROM ${s}.events WHERE position > $1 ORDER BY position LIMIT $2`,
        [after, limit],
      );
      return rows.map(toRecordedEvent);
    },
    onAppended(listener) {
      return appended.add(listener);
    },
    close() {
      closing ??= Promise.all([notifications.close(), database.close()]).then(() => undefined);
      return closing;
    },
  };
};
