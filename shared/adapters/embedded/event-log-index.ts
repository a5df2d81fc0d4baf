import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../../errors/app-error.js';
import { parseLogLineHeader, scanLogLines, type LineLocation } from './event-log-line.js';

/**
 * Where every event of the log lies, so bodies stay on disk and memory grows with the event count only.
 * Positions are 1, 2, 3…, and lines follow each other without gaps, so an event's location is found at
 * `position - 1` and its offset follows from the lengths before it.
 */
export interface EventLogIndex {
  readonly lastPosition: number;
  /** Where the next append starts. */
  readonly endOffset: number;
  /** Revision of the stream's last event; -1 when the stream does not exist. */
  lastRevision(streamName: string): number;
  /** Indexes the next line of the log: it starts at `endOffset` and is `length` bytes long without its newline. */
  add(streamName: string, length: number): void;
  streamLocations(streamName: string): LineLocation[];
  locationsAfter(after: number, limit: number): LineLocation[];
  /** A copy of what the index holds, for a snapshot. */
  entries(): EventLogIndexEntries;
}

/** An index as data: each event's stream (a number into `streamNames`) and line length, by position - 1. */
export interface EventLogIndexEntries {
  streamNames: string[];
  streamIds: Uint32Array;
  lengths: Uint32Array;
}

export const createEventLogIndex = (from?: EventLogIndexEntries): EventLogIndex => {
  const offsets: number[] = [];
  const lengths: number[] = [];
  const streamIds: number[] = [];
  const streamNames: string[] = [];
  const idOf = new Map<string, number>();
  /** Each stream's global positions, by revision, by stream id. */
  const positionsOf: number[][] = [];
  let endOffset = 0;

  const streamId = (streamName: string) => {
    let id = idOf.get(streamName);
    if (id === undefined) {
      id = streamNames.push(streamName) - 1;
      idOf.set(streamName, id);
      positionsOf.push([]);
    }
    return id;
  };
  const addLine = (id: number, length: number) => {
    offsets.push(endOffset);
    lengths.push(length);
    streamIds.push(id);
    positionsOf[id]!.push(offsets.length);
    endOffset += length + 1;
  };
  const locationAt = (position: number): LineLocation => ({ offset: offsets[position - 1]!, length: lengths[position - 1]! });

  if (from) {
    for (const name of from.streamNames) streamId(name);
    for (let index = 0; index < from.lengths.length; index++) addLine(from.streamIds[index]!, from.lengths[index]!);
  }

  return {
    get lastPosition() {
      return offsets.length;
    },
    get endOffset() {
      return endOffset;
    },
    lastRevision(streamName) {
      const id = idOf.get(streamName);
      return id === undefined ? -1 : positionsOf[id]!.length - 1;
    },
    add: (streamName, length) => addLine(streamId(streamName), length),
    streamLocations(streamName) {
      const id = idOf.get(streamName);
      return id === undefined ? [] : positionsOf[id]!.map(locationAt);
    },
    locationsAfter(after, limit) {
      const locations: LineLocation[] = [];
      for (let position = Math.max(0, after) + 1; position <= offsets.length && locations.length < limit; position++) {
        locations.push(locationAt(position));
      }
      return locations;
    },
    entries: () => ({ streamNames: [...streamNames], streamIds: Uint32Array.from(streamIds), lengths: Uint32Array.from(lengths) }),
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
 * Indexes the log from `index.endOffset` on (0 for a new index; the end of a snapshot's lines for one
 * restored from a snapshot) and cuts off an append that a crash left unfinished (a torn last line, or
 * lines of an append whose last line never made it), so that every append is all there or not at all.
 * Damage anywhere before the end of what it reads is not a crash's doing and is refused.
 */
export const indexLogTail = async (file: FileHandle, path: string, index: EventLogIndex): Promise<EventLogIndex> => {
  let unfinishedAppend: Array<{ streamName: string; revision: number; position: number; location: LineLocation }> = [];
  let tornAt: number | null = null;
  for await (const { bytes, ...location } of scanLogLines(file, index.endOffset)) {
    const line = parseLogLineHeader(bytes);
    if (!line) {
      tornAt ??= location.offset;
      continue;
    }
    if (tornAt !== null) throw corrupt(path, tornAt, 'unreadable line before the end');
    unfinishedAppend.push({ ...line, location });
    if (!line.lastOfAppend) continue;
    for (const { streamName, revision, position, location: at } of unfinishedAppend) {
      if (position !== index.lastPosition + 1 || revision !== index.lastRevision(streamName) + 1 || at.offset !== index.endOffset) {
        throw corrupt(path, at.offset, `event ${streamName}@${revision} out of order at position ${position}`);
      }
      index.add(streamName, at.length);
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
