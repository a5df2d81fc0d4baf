import type { RecordedEvent } from '../../ports/event-store.js';
import { deepFreeze } from '../deep-freeze.js';
import { toRecordedEvent, type LineLocation } from './event-log-line.js';

interface RecentLine {
  bytes: Buffer;
  event?: RecordedEvent;
}

export interface RecentLogLines {
  /** Keeps the line just written at `offset` (without its newline). */
  add(offset: number, bytes: Buffer): void;
  /** The events at `locations`, or null when any of them is no longer kept (then they are read from the file). */
  eventsAt(locations: readonly LineLocation[]): RecordedEvent[] | null;
}

/**
 * The last `capacity` lines appended to the log, each parsed once, when first read, and frozen, since every
 * reader is handed the same object. Right after an append every step, the relay, the projector and the other
 * followers read the new events: from here, not from the file again (a read and a parse each, per reader).
 */
export const createRecentLogLines = (capacity: number): RecentLogLines => {
  const byOffset = new Map<number, RecentLine>();
  return {
    add(offset, bytes) {
      byOffset.set(offset, { bytes });
      // A Map iterates in insertion order: the first key is the oldest line.
      if (byOffset.size > capacity) byOffset.delete(byOffset.keys().next().value as number);
    },
    eventsAt(locations) {
      const events: RecordedEvent[] = [];
      for (const { offset } of locations) {
        const line = byOffset.get(offset);
        if (!line) return null;
        line.event ??= deepFreeze(toRecordedEvent(line.bytes));
        events.push(line.event);
      }
      return events;
    },
  };
};
