import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { formatLogLine } from '../../shared/adapters/embedded/event-log-line.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';

/**
 * An event store that writes the embedded log's own lines (events/events.ndjson) without a sync per
 * append, for seeding benchmarks: stacked under the hash chain and the payload encryption as the port
 * factory stacks them, it stores exactly what Kontor would, a hundred times faster. Not for real data:
 * it keeps every stream in memory and nothing is durable before `close`.
 */
export const openBulkLogStore = async (dataDir: string): Promise<EventStore> => {
  const directory = path.join(dataDir, 'events');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, 'events.ndjson');
  const streams = new Map<string, RecordedEvent[]>();
  let position = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written: Promise<void> = Promise.resolve();
  /** Writes the lines so far after those before them: concurrent appends never interleave in the file. */
  const flush = () => {
    const lines = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    written = written.then(() => appendFile(file, lines));
    return written;
  };
  return {
    async append(streamName, events, expected) {
      const stream = streams.get(streamName) ?? [];
      if (expected !== 'any' && (expected === 'noStream' ? stream.length > 0 : expected !== stream.length - 1))
        throw new Error(`bulk log: ${streamName} is not at ${String(expected)}`);
      const recordedAt = new Date().toISOString();
      events.forEach((event, offset) => {
        const recorded: RecordedEvent = {
          ...event,
          eventId: event.eventId ?? randomUUID(),
          streamName,
          revision: stream.length,
          position: ++position,
          recordedAt,
        };
        stream.push(recorded);
        const line = formatLogLine(recorded, offset === events.length - 1);
        pending.push(line);
        pendingBytes += line.length;
      });
      streams.set(streamName, stream);
      if (pendingBytes > 8 << 20) await flush();
      return { revision: stream.length - 1, position };
    },
    readStream: async (streamName) => streams.get(streamName) ?? [],
    readAll: async () => {
      throw new Error('bulk log: write only');
    },
    onAppended: () => () => undefined,
    close: flush,
  };
};
