import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { errors } from '../../errors/app-error.js';
import type { EventStore } from '../../ports/event-store.js';
import { createEventLogIndex, type EventLogIndex, type StreamPart } from './event-log-index.js';
import { readIndexSnapshot } from './event-log-index-snapshot.js';
import { parseLogLineHeader, readLogEvents, scanLogLines } from './event-log-line.js';
import { EVENT_LOG_FILE, EVENT_LOG_INDEX_SNAPSHOT_FILE } from './file-event-store.js';

/**
 * The index of the log up to `upTo` (a position every line up to which is whole), or up to the end of its
 * last whole append when `upTo` is not given, read without writing: the snapshot, then the lines after it.
 */
const indexReadOnly = async (directory: string, file: FileHandle, upTo?: number): Promise<EventLogIndex> => {
  const index = (await readIndexSnapshot(join(directory, EVENT_LOG_INDEX_SNAPSHOT_FILE), file)) ?? createEventLogIndex();
  const pending: Array<{ streamName: string; length: number }> = [];
  for await (const { bytes, length } of scanLogLines(file, index.endOffset)) {
    if (upTo !== undefined && index.lastPosition >= upTo) break;
    const line = parseLogLineHeader(bytes);
    // A line still being written ends what a reader may take (its owner cuts a torn one at its next start).
    if (!line || line.position !== index.lastPosition + pending.length + 1) break;
    pending.push({ streamName: line.streamName, length });
    if (!line.lastOfAppend && upTo === undefined) continue;
    for (const { streamName, length: lineLength } of pending.splice(0)) index.add(streamName, lineLength);
  }
  if (upTo !== undefined && index.lastPosition < upTo) {
    throw errors.unavailable(`the event log ends at position ${index.lastPosition}, before ${upTo}`);
  }
  return index;
};

/** The position of the log's last whole append (0 for no log): where a replay that reads it in parts stops. */
export const readEventLogHead = async (directory: string): Promise<number> => {
  const file = await open(join(directory, EVENT_LOG_FILE), 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!file) return 0;
  try {
    return (await indexReadOnly(directory, file)).lastPosition;
  } finally {
    await file.close();
  }
};

/**
 * The embedded event log read by one of several threads replaying it at once: the events of one part of
 * its streams, up to position `upTo` (a head `readEventLogHead` gave). It opens the log read-only and takes
 * no lock, so the process that owns the log may keep appending meanwhile; it never writes.
 */
export const openEventLogPartition = async (directory: string, { upTo, ...part }: StreamPart & { upTo: number }): Promise<EventStore> => {
  const file = await open(join(directory, EVENT_LOG_FILE), 'r');
  try {
    const index = await indexReadOnly(directory, file, upTo);
    const readOnly = () => Promise.reject(errors.unavailable('a partition of the event log is read-only'));
    return {
      append: readOnly,
      readStream: (streamName) => readLogEvents(file, index.streamLocations(streamName)),
      readAll: (after, limit) => readLogEvents(file, index.locationsAfter(after, limit, { part, upTo })),
      onAppended: () => () => undefined,
      close: () => file.close(),
    };
  } catch (error) {
    await file.close();
    throw error;
  }
};
