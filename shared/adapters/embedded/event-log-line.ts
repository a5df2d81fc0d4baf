import type { FileHandle } from 'node:fs/promises';
import type { RecordedEvent } from '../../ports/event-store.js';

/** Where one event's line lies in the log file, without its newline. */
export interface LineLocation {
  offset: number;
  length: number;
}

/**
 * One line of the log: the recorded event, plus a mark on the last line of each append so that
 * recovery can tell a whole append from one a crash cut short.
 */
export interface LogLine extends RecordedEvent {
  lastOfAppend?: true;
}

const NEWLINE = 0x0a;

/** JSON escapes every newline inside strings, so the line's own newline is its only one. */
export const formatLogLine = (event: RecordedEvent, lastOfAppend: boolean): Buffer =>
  Buffer.from(`${JSON.stringify(lastOfAppend ? { ...event, lastOfAppend: true } : event)}\n`);

/** The line's event, or undefined when the bytes are not a whole log line (a torn write). */
export const parseLogLine = (bytes: Buffer): LogLine | undefined => {
  try {
    const line: unknown = JSON.parse(bytes.toString('utf8'));
    if (typeof line !== 'object' || line === null) return undefined;
    const { streamName, revision, position } = line as Partial<LogLine>;
    const complete = typeof streamName === 'string' && Number.isSafeInteger(revision) && Number.isSafeInteger(position);
    return complete ? (line as LogLine) : undefined;
  } catch {
    return undefined;
  }
};

/** What indexing needs of a line: where its event belongs and whether it ends an append. */
export type LogLineHeader = Pick<LogLine, 'position' | 'streamName' | 'revision' | 'lastOfAppend'>;

/** The first members of every line formatLogLine writes, in its order. */
const HEADER = /^\{"position":(\d+),"streamName":("(?:[^"\\]|\\.)*"),"revision":(\d+),/;
const HEADER_BYTES = 512;
const CLOSING_BRACE = 0x7d;
const LAST_OF_APPEND = Buffer.from(',"lastOfAppend":true}');

/**
 * The line's place without parsing its event: its leading members read by pattern, the append mark from its
 * end. A line that does not look like formatLogLine's (an older writer's, a torn or damaged one) is parsed
 * whole. Damage inside an event's body shows when the event is read, and in the hash chain's audit.
 */
export const parseLogLineHeader = (bytes: Buffer): LogLineHeader | undefined => {
  const header = HEADER.exec(bytes.toString('utf8', 0, Math.min(bytes.length, HEADER_BYTES)));
  if (!header || bytes[bytes.length - 1] !== CLOSING_BRACE) return parseLogLine(bytes);
  const lastOfAppend = bytes.subarray(bytes.length - LAST_OF_APPEND.length).equals(LAST_OF_APPEND);
  return {
    position: Number(header[1]),
    streamName: JSON.parse(header[2]!) as string,
    revision: Number(header[3]),
    ...(lastOfAppend ? { lastOfAppend: true as const } : {}),
  };
};

/** The event of one whole line (without its newline), without the append mark. */
export const toRecordedEvent = (bytes: Buffer): RecordedEvent => {
  const { lastOfAppend: _mark, ...event } = JSON.parse(bytes.toString('utf8')) as LogLine;
  return event;
};

/** Lines this close to each other are read with the bytes between them: one read instead of two (a replay in parts reads every other line). */
const MAX_SKIPPED_BYTES = 64 * 1024;
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** Reads the events at `locations` (in log order), one read per run of lines close to each other. */
export const readLogEvents = async (file: FileHandle, locations: LineLocation[]): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  let runStart = 0;
  for (let index = 1; index <= locations.length; index++) {
    const first = locations[runStart]!;
    const previous = locations[index - 1]!;
    const next = locations[index];
    const end = previous.offset + previous.length;
    if (next && next.offset - end - 1 <= MAX_SKIPPED_BYTES && next.offset + next.length - first.offset <= MAX_READ_BYTES) continue;
    const run = Buffer.alloc(end - first.offset);
    await file.read(run, 0, run.length, first.offset);
    for (const location of locations.slice(runStart, index)) {
      const start = location.offset - first.offset;
      events.push(toRecordedEvent(run.subarray(start, start + location.length)));
    }
    runStart = index;
  }
  return events;
};

/** Every newline-terminated line of the file from `from` on, in order; an unterminated tail is not yielded. */
export async function* scanLogLines(file: FileHandle, from = 0, chunkSize = 1 << 20): AsyncGenerator<LineLocation & { bytes: Buffer }> {
  const chunk = Buffer.alloc(chunkSize);
  let carry = Buffer.alloc(0);
  let carryOffset = from;
  for (;;) {
    const { bytesRead } = await file.read(chunk, 0, chunkSize, carryOffset + carry.length);
    if (bytesRead === 0) return;
    const data = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
    let start = 0;
    for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
      yield { offset: carryOffset + start, length: end - start, bytes: data.subarray(start, end) };
      start = end + 1;
    }
    carryOffset += start;
    carry = data.subarray(start);
  }
}
