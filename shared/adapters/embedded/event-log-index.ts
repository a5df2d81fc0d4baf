import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../errors/app-error.js';
import { parseLogLineHeader, scanLogLines, type LineLocation } from './event-log-line.js';

/**
 * Where every event of the log lies, so bodies stay on disk and memory grows with the event count only.
 * Positions are 1, 2, 3…, so an event's location is found at `position - 1`.
 */
export interface EventLogIndex {
  readonly lastPosition: number;
  /** Where the next append starts. */
  readonly endOffset: number;
  /** Revision of the stream's last event; -1 when the stream does not exist. */
  lastRevision(streamName: string): number;
  add(streamName: string, location: LineLocation): void;
  streamLocations(streamName: string): LineLocation[];
  locationsAfter(after: number, limit: number): LineLocation[];
}

export const createEventLogIndex = (): EventLogIndex => {
  const locations: LineLocation[] = [];
  /** Each stream's global positions, by revision. */
  const streams = new Map<string, number[]>();
  return {
    get lastPosition() {
      return locations.length;
    },
    get endOffset() {
      const last = locations.at(-1);
      return last ? last.offset + last.length + 1 : 0;
    },
    lastRevision: (streamName) => (streams.get(streamName)?.length ?? 0) - 1,
    add(streamName, location) {
      locations.push(location);
      const positions = streams.get(streamName) ?? [];
      positions.push(locations.length);
      streams.set(streamName, positions);
    },
    streamLocations: (streamName) => (streams.get(streamName) ?? []).map((position) => locations[position - 1]!),
    locationsAfter: (after, limit) => locations.slice(Math.max(0, after), Math.max(0, after) + Math.max(0, limit)),
  };
};

const corrupt = (path: string, offset: number, detail: string) =>
  new AppError({
    code: 'event_log_corrupt',
    status: 500,
    title: 'Event log corrupt',
    detail: `${path} at byte ${offset}: ${detail}`,
  });

/**
 * Indexes the log and cuts off an append that a crash left unfinished (a torn last line, or lines
 * of an append whose last line never made it), so that every append is all there or not at all.
 * Damage anywhere before the end is not a crash's doing and is refused.
 */
export const loadEventLogIndex = async (file: FileHandle, path: string): Promise<EventLogIndex> => {
  const index = createEventLogIndex();
  let unfinishedAppend: Array<{ streamName: string; revision: number; position: number; location: LineLocation }> = [];
  let tornAt: number | null = null;
  for await (const { bytes, ...location } of scanLogLines(file)) {
    const line = parseLogLineHeader(bytes);
    if (!line) {
      tornAt ??= location.offset;
      continue;
    }
    if (tornAt !== null) throw corrupt(path, tornAt, 'unreadable line before the end');
    unfinishedAppend.push({ ...line, location });
    if (!line.lastOfAppend) continue;
    for (const { streamName, revision, position, location: at } of unfinishedAppend) {
      if (position !== index.lastPosition + 1 || revision !== index.lastRevision(streamName) + 1) {
        throw corrupt(path, at.offset, `event ${streamName}@${revision} out of order at position ${position}`);
      }
      index.add(streamName, at);
    }
    unfinishedAppend = [];
  }
  const { size } = await file.stat();
  if (size > index.endOffset) {
    await file.truncate(index.endOffset);
    await file.datasync();
  }
  return index;
};
