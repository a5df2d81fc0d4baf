import { randomUUID } from 'node:crypto';
import {
  ANY,
  EventStoreDBClient,
  NO_STREAM,
  START,
  StreamNotFoundError,
  isCommandError,
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type ReadPosition,
  type StreamingRead,
} from '@eventstore/db-client';
import { errors } from '../../errors/app-error.js';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from '../../ports/event-store.js';
import { subscribeToAppends, type AppendSubscription } from './append-subscription.js';
import { asStoreError, isTransient } from './eventstoredb-errors.js';
import { isSystemEvent, logPosition, portPosition, toEventData, toRecordedEvent } from './eventstoredb-events.js';
import { createAppendListeners } from '../append-listeners.js';

export interface EventStoreDbOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
}

const toClientRevision = (expected: ExpectedRevision): AppendExpectedRevision =>
  expected === 'any' ? ANY : expected === 'noStream' ? NO_STREAM : BigInt(expected);

const collect = async <Item>(read: StreamingRead<Item>): Promise<Item[]> => {
  const items: Item[] = [];
  for await (const item of read) items.push(item);
  return items;
};

/** Up to `count` events of `$all` from `from` on, inclusive. (Without resolving links every entry carries its event.) */
const readAllPage = async (client: EventStoreDBClient, from: ReadPosition, count: number): Promise<AllStreamRecordedEvent[]> =>
  (await collect(client.readAll({ fromPosition: from, maxCount: count }))).flatMap(({ event }) => (event ? [event] : []));

/**
 * An event store on EventStoreDB: port streams are EventStoreDB streams, the global order is `$all`
 * without the server's own (`$`) events, positions are commit positions (see `portPosition`).
 */
export const openEventStoreDbEventStore = async ({ connectionString }: EventStoreDbOptions): Promise<EventStore> => {
  const client = EventStoreDBClient.connectionString(connectionString);
  const appended = createAppendListeners();
  let subscription: AppendSubscription;
  try {
    subscription = await subscribeToAppends(client, appended.notify);
  } catch (error) {
    await client.dispose();
    throw asStoreError(error, 'subscribe to $all');
  }
  let closing: Promise<void> | null = null;

  /** Runs `operation`, mapping its failures onto the port's errors. */
  const attempt = async <Result>(action: string, operation: () => Promise<Result>): Promise<Result> => {
    if (closing) throw errors.unavailable('event store is closed');
    try {
      return await operation();
    } catch (error) {
      throw asStoreError(error, action);
    }
  };

  const readStream = async (streamName: string, fromRevision?: bigint, maxCount?: number): Promise<RecordedEvent[]> => {
    try {
      return (await collect(client.readStream(streamName, { fromRevision, maxCount }))).flatMap(({ event }) =>
        event ? [toRecordedEvent(event)] : [],
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  };

  /**
   * Starts where `after` says. A number that is no event's position (the port allows any) is no valid
   * place to start in the log, and the server refuses it; then the feed is read from its start instead.
   */
  const readAllFrom = async (after: number, count: number): Promise<AllStreamRecordedEvent[]> => {
    if (after === 0) return readAllPage(client, START, count);
    try {
      return await readAllPage(client, logPosition(after), count);
    } catch (error) {
      if (!(error instanceof Error && isCommandError(error)) || isTransient(error)) throw error;
      return readAllPage(client, START, count);
    }
  };

  return {
    append(streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
      return attempt(`append to ${streamName}`, async () => {
        if (events.length === 0) {
          throw errors.emptyAppend(streamName);
        }
        const data = events.map((event) => toEventData({ ...event, eventId: event.eventId ?? randomUUID() }));
        const { nextExpectedRevision } = await client.appendToStream(streamName, data, { expectedRevision: toClientRevision(expected) });
        // The append's own position answer is not reliably the last event's $all position (an
        // idempotent retry answers differently), so the last event is read back: it tells exactly.
        const [last] = await readStream(streamName, nextExpectedRevision, 1);
        return { revision: Number(nextExpectedRevision), position: last!.position };
      });
    },
    readStream(streamName: string): Promise<RecordedEvent[]> {
      return attempt(`read ${streamName}`, () => readStream(streamName));
    },
    readAll(after: number, limit: number): Promise<RecordedEvent[]> {
      return attempt('read $all', async () => {
        const found: RecordedEvent[] = [];
        // Pages start inclusive and the server's own events are left out, so one page may not fill `limit`.
        let seenUpTo = after;
        let page = await readAllFrom(after, limit + 1);
        for (;;) {
          for (const event of page) {
            const position = portPosition(event.position);
            if (position <= seenUpTo) continue;
            seenUpTo = position;
            if (isSystemEvent(event)) continue;
            found.push(toRecordedEvent(event));
            if (found.length === limit) return found;
          }
          if (page.length <= limit) return found;
          page = await readAllPage(client, page.at(-1)!.position, limit + 1);
        }
      });
    },
    onAppended(listener) {
      return appended.add(listener);
    },
    close() {
      closing ??= subscription.close().finally(() => client.dispose());
      return closing;
    },
  };
};
