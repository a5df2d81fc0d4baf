import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../../errors/app-error.js';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from '../../ports/event-store.js';
import { loadEventLogIndex, type EventLogIndex } from './event-log-index.js';
import { formatLogLine, readLogEvents } from './event-log-line.js';
import { acquirePidLock } from './pid-lock-file.js';
import { createAppendListeners } from '../append-listeners.js';

const LOG_FILE = 'events.ndjson';
const LOCK_FILE = 'events.lock';

const matches = (expected: ExpectedRevision, lastRevision: number) =>
  expected === 'any' || (expected === 'noStream' ? lastRevision === -1 : expected === lastRevision);

const describeRevision = (revision: number) => (revision === -1 ? 'noStream' : String(revision));

const writeFully = async (file: FileHandle, bytes: Buffer) => {
  for (let written = 0; written < bytes.length; ) {
    written += (await file.write(bytes, written, bytes.length - written)).bytesWritten;
  }
};

const openIndexedLog = async (path: string): Promise<{ file: FileHandle; index: EventLogIndex }> => {
  const file = await open(path, 'a+');
  try {
    return { file, index: await loadEventLogIndex(file, path) };
  } catch (error) {
    await file.close();
    throw error;
  }
};

/**
 * The embedded event store: one append-only NDJSON file, one line per event, owned by one process.
 * Appends run one at a time and are on disk before they resolve; only the index is kept in memory.
 */
export const openFileEventStore = async (directory: string): Promise<EventStore> => {
  await mkdir(directory, { recursive: true });
  const lock = await acquirePidLock(join(directory, LOCK_FILE));
  let log: { file: FileHandle; index: EventLogIndex };
  try {
    log = await openIndexedLog(join(directory, LOG_FILE));
  } catch (error) {
    await lock.release();
    throw error;
  }
  const { file, index } = log;
  const appended = createAppendListeners();
  let appends: Promise<unknown> = Promise.resolve();
  let closing: Promise<void> | null = null;
  /** After a failed write the file's tail is unknown; only reopening (which recovers it) may append again. */
  let writeFailure: unknown = null;


  const ensureOpen = () => {
    if (closing) throw errors.unavailable('event store is closed');
  };

  const appendNow = async (streamName: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> => {
    if (writeFailure) throw errors.unavailable('event log failed to write earlier; reopen the store', writeFailure);
    if (events.length === 0) {
      throw errors.emptyAppend(streamName);
    }
    const lastRevision = index.lastRevision(streamName);
    if (!matches(expected, lastRevision)) {
      throw errors.wrongExpectedRevision(streamName, String(expected), describeRevision(lastRevision));
    }
    const recordedAt = new Date().toISOString();
    const lines = events.map((event, offset) =>
      formatLogLine(
        {
          position: index.lastPosition + 1 + offset,
          streamName,
          revision: lastRevision + 1 + offset,
          eventId: event.eventId ?? randomUUID(),
          type: event.type,
          schemaVersion: event.schemaVersion,
          data: event.data,
          metadata: event.metadata,
          recordedAt,
        },
        offset === events.length - 1,
      ),
    );
    try {
      await writeFully(file, Buffer.concat(lines));
      await file.datasync();
    } catch (error) {
      writeFailure = error;
      throw errors.unavailable('could not write the event log', error);
    }
    let offset = index.endOffset;
    for (const line of lines) {
      index.add(streamName, { offset, length: line.length - 1 });
      offset += line.length;
    }
    appended.notify();
    return { revision: index.lastRevision(streamName), position: index.lastPosition };
  };

  return {
    async append(streamName, events, expected) {
      ensureOpen();
      const result = appends.then(() => appendNow(streamName, events, expected));
      appends = result.catch(() => undefined);
      return result;
    },
    async readStream(streamName: string): Promise<RecordedEvent[]> {
      ensureOpen();
      return readLogEvents(file, index.streamLocations(streamName));
    },
    async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
      ensureOpen();
      return readLogEvents(file, index.locationsAfter(after, limit));
    },
    onAppended(listener) {
      return appended.add(listener);
    },
    close() {
      closing ??= (async () => {
        await appends;
        try {
          await file.close();
        } finally {
          await lock.release();
        }
      })();
      return closing;
    },
  };
};
