import { randomUUID } from 'node:crypto';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../../errors/app-error.js';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from '../../ports/event-store.js';
import { createEventLogIndex, indexLogTail, type EventLogIndex } from './event-log-index.js';
import { readIndexSnapshot, writeIndexSnapshot } from './event-log-index-snapshot.js';
import { formatLogLine, readLogEvents } from './event-log-line.js';
import { acquirePidLock } from './pid-lock-file.js';
import { createRecentLogLines } from './recent-log-lines.js';
import { createAppendListeners } from '../append-listeners.js';

export const EVENT_LOG_FILE = 'events.ndjson';
export const EVENT_LOG_INDEX_SNAPSHOT_FILE = 'events.index';
const LOCK_FILE = 'events.lock';
/** Events appended after the last index snapshot before the next is written: at most what a start reads. */
const EVENTS_PER_INDEX_SNAPSHOT = 20_000;
/** Lines kept parsed after their append: a burst's documents' events (about 6 each) while every reader catches up. */
const RECENT_LINES = 4096;

const matches = (expected: ExpectedRevision, lastRevision: number) =>
  expected === 'any' || (expected === 'noStream' ? lastRevision === -1 : expected === lastRevision);

const describeRevision = (revision: number) => (revision === -1 ? 'noStream' : String(revision));

const writeFully = async (file: FileHandle, bytes: Buffer) => {
  for (let written = 0; written < bytes.length;) {
    written += (await file.write(bytes, written, bytes.length - written)).bytesWritten;
  }
};

interface QueuedAppend {
  streamName: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

interface IndexedLog {
  file: FileHandle;
  index: EventLogIndex;
  /** The last position the snapshot on disk covers (0: none). */
  snapshotAt: number;
}

/** Opens the log with the index from its snapshot and the lines after it; without a usable snapshot, from the whole log. */
const openIndexedLog = async (path: string, snapshotPath: string): Promise<IndexedLog> => {
  const file = await open(path, 'a+');
  try {
    const snapshot = await readIndexSnapshot(snapshotPath, file);
    const snapshotAt = snapshot?.lastPosition ?? 0;
    return { file, index: await indexLogTail(file, path, snapshot ?? createEventLogIndex()), snapshotAt };
  } catch (error) {
    await file.close();
    throw error;
  }
};

/**
 * The embedded event store: one append-only NDJSON file, one line per event, owned by one process.
 * Appends are on disk before they resolve; appends that arrive while one is written are written together
 * after it, in arrival order, with one datasync. The index and the latest lines (recent-log-lines.ts) are kept in memory; a snapshot of the index is
 * written every EVENTS_PER_INDEX_SNAPSHOT events and on close, so an open reads only the log's tail.
 */
export const openFileEventStore = async (directory: string): Promise<EventStore> => {
  await mkdir(directory, { recursive: true });
  const lock = await acquirePidLock(join(directory, LOCK_FILE));
  const snapshotPath = join(directory, EVENT_LOG_INDEX_SNAPSHOT_FILE);
  let log: IndexedLog;
  try {
    log = await openIndexedLog(join(directory, EVENT_LOG_FILE), snapshotPath);
  } catch (error) {
    await lock.release();
    throw error;
  }
  const { file, index } = log;
  let snapshotAt = log.snapshotAt;
  let snapshotting: Promise<void> | null = null;
  /** Snapshots the index of what is on disk; a failed snapshot only means a longer scan at the next open. */
  const snapshotIndex = (): Promise<void> => {
    if (!snapshotting && index.lastPosition > snapshotAt) {
      const entries = index.entries();
      snapshotting = writeIndexSnapshot(snapshotPath, file, entries)
        .then(() => void (snapshotAt = entries.lengths.length))
        .catch(() => undefined)
        .finally(() => (snapshotting = null));
    }
    return snapshotting ?? Promise.resolve();
  };
  const snapshotWhenDue = () => {
    if (index.lastPosition - snapshotAt >= EVENTS_PER_INDEX_SNAPSHOT) void snapshotIndex();
  };
  snapshotWhenDue();
  const appended = createAppendListeners();
  const recent = createRecentLogLines(RECENT_LINES);
  let queued: QueuedAppend[] = [];
  let writing: Promise<void> | null = null;
  let closing: Promise<void> | null = null;
  /** After a failed write the file's tail is unknown; only reopening (which recovers it) may append again. */
  let writeFailure: unknown = null;

  const ensureOpen = () => {
    if (closing) throw errors.unavailable('event store is closed');
  };

  /**
   * Checks each queued append against the index and the appends before it in the group, writes the
   * accepted ones with one write and one datasync (a group commit), then indexes them. Each append
   * keeps its own last-line mark, so recovery still cuts a torn group back to whole appends.
   */
  const commitGroup = async (group: QueuedAppend[]) => {
    const lastRevisions = new Map<string, number>();
    const revisionOf = (streamName: string) => lastRevisions.get(streamName) ?? index.lastRevision(streamName);
    let position = index.lastPosition;
    const recordedAt = new Date().toISOString();
    const accepted: Array<{ append: QueuedAppend; lines: Buffer[]; result: AppendResult }> = [];
    for (const append of group) {
      const { streamName, events, expected } = append;
      if (events.length === 0) {
        append.reject(errors.emptyAppend(streamName));
        continue;
      }
      const lastRevision = revisionOf(streamName);
      if (!matches(expected, lastRevision)) {
        append.reject(errors.wrongExpectedRevision(streamName, String(expected), describeRevision(lastRevision)));
        continue;
      }
      const lines = events.map((event, offset) =>
        formatLogLine(
          {
            position: position + 1 + offset,
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
      position += events.length;
      lastRevisions.set(streamName, lastRevision + events.length);
      accepted.push({ append, lines, result: { revision: lastRevision + events.length, position } });
    }
    if (accepted.length === 0) return;
    try {
      await writeFully(file, Buffer.concat(accepted.flatMap(({ lines }) => lines)));
      await file.datasync();
    } catch (error) {
      writeFailure = error;
      for (const { append } of accepted) append.reject(errors.unavailable('could not write the event log', error));
      return;
    }
    for (const { append, lines, result } of accepted) {
      for (const line of lines) {
        recent.add(index.endOffset, line.subarray(0, line.length - 1));
        index.add(append.streamName, line.length - 1);
      }
      append.resolve(result);
    }
    appended.notify();
    snapshotWhenDue();
  };

  const writeQueued = async () => {
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      if (writeFailure) {
        for (const append of group) append.reject(errors.unavailable('event log failed to write earlier; reopen the store', writeFailure));
      } else await commitGroup(group);
    }
  };

  const startWriting = () => {
    writing = writeQueued().finally(() => {
      writing = null;
      if (queued.length > 0) startWriting();
    });
  };

  return {
    append(streamName, events, expected) {
      ensureOpen();
      return new Promise<AppendResult>((resolve, reject) => {
        queued.push({ streamName, events, expected, resolve, reject });
        if (!writing) startWriting();
      });
    },
    async readStream(streamName: string): Promise<RecordedEvent[]> {
      ensureOpen();
      const locations = index.streamLocations(streamName);
      return recent.eventsAt(locations) ?? readLogEvents(file, locations);
    },
    async readAll(after: number, limit: number): Promise<RecordedEvent[]> {
      ensureOpen();
      const locations = index.locationsAfter(after, limit);
      return recent.eventsAt(locations) ?? readLogEvents(file, locations);
    },
    onAppended(listener) {
      return appended.add(listener);
    },
    close() {
      closing ??= (async () => {
        await writing;
        try {
          await snapshotting;
          if (!writeFailure) await snapshotIndex();
          await file.close();
        } finally {
          await lock.release();
        }
      })();
      return closing;
    },
  };
};
