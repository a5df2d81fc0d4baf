import { escapeLiteral } from 'pg';
import { quotedSchema } from './postgres-database.js';

/** The LISTEN/NOTIFY channel that `append_events` notifies on commit. */
export const appendedChannel = (schema: string): string => `${schema}_events_appended`;

/**
 * Tables and the append function of the event store in `schema`; every statement is idempotent.
 *
 * Positions: a bigserial would hand out numbers at insert time, so a transaction holding position 7
 * could commit after one holding 8, and a follower that already read past 8 would never see 7.
 * Instead every append first locks the single row of `position_counter` and holds that lock until
 * it commits, so appends commit one after another and each takes the positions after the last
 * committed one: a reader always sees a gap-free prefix of the global order. The same lock makes the
 * expected-revision check and the insert atomic. The lock is held for one statement (the function
 * runs inside the caller's single-statement transaction), so appends stay short.
 *
 * `json`, not `jsonb`: payloads are stored and returned as written (jsonb would refuse `\u0000`
 * and reformat numbers), and the store never queries inside them.
 */
export const eventStoreMigration = (schema: string): string[] => {
  const s = quotedSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.events (
      position bigint PRIMARY KEY,
      stream_name text NOT NULL,
      revision bigint NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL,
      data json NOT NULL,
      metadata json NOT NULL,
      recorded_at timestamptz NOT NULL,
      UNIQUE (stream_name, revision)
    )`,
    `CREATE TABLE IF NOT EXISTS ${s}.position_counter (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      last_assigned bigint NOT NULL
    )`,
    `INSERT INTO ${s}.position_counter (last_assigned) VALUES (0) ON CONFLICT DO NOTHING`,
    // expected_revision: the revision of the stream's last event, -1 for no stream, NULL for no check.
    `CREATE OR REPLACE FUNCTION ${s}.append_events(stream text, expected_revision bigint, new_events json)
    RETURNS TABLE (appended boolean, last_revision bigint, last_position bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      event_count bigint := json_array_length(new_events);
      previous_position bigint;
      previous_revision bigint;
    BEGIN
      SELECT counter.last_assigned INTO previous_position FROM ${s}.position_counter counter FOR UPDATE;
      SELECT coalesce(max(events.revision), -1) INTO previous_revision FROM ${s}.events WHERE events.stream_name = stream;
      IF expected_revision IS NOT NULL AND expected_revision <> previous_revision THEN
        RETURN QUERY SELECT false, previous_revision, previous_position;
        RETURN;
      END IF;
      INSERT INTO ${s}.events (position, stream_name, revision, event_id, type, schema_version, data, metadata, recorded_at)
        SELECT previous_position + item.n, stream, previous_revision + item.n, item.event->>'eventId', item.event->>'type',
          (item.event->>'schemaVersion')::integer, item.event->'data', item.event->'metadata',
          date_trunc('milliseconds', clock_timestamp())
        FROM json_array_elements(new_events) WITH ORDINALITY AS item(event, n);
      UPDATE ${s}.position_counter SET last_assigned = previous_position + event_count;
      PERFORM pg_notify(${escapeLiteral(appendedChannel(schema))}, '');
      RETURN QUERY SELECT true, previous_revision + event_count, previous_position + event_count;
    END
    $$`,
  ];
};
