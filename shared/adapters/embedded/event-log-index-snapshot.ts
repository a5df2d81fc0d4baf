import { createHash } from 'node:crypto';
import { readFile, type FileHandle } from 'node:fs/promises';
import { endianness } from 'node:os';
import { writeFileAtomically } from './atomic-write-file.js';
import { createEventLogIndex, type EventLogIndex, type EventLogIndexEntries } from './event-log-index.js';

/**
 * A snapshot of the event log's index, so that opening the log reads only the lines appended after it
 * instead of the whole log. Layout: a magic, a JSON header (how much of the log it covers, and digests of
 * the log's first and last covered lines), the stream names as a JSON array, each event's stream number and
 * line length (u32 little-endian), and a SHA-256 over all of it. A snapshot that is torn, damaged, or does
 * not match the log it lies beside (the log cut back, replaced or restored from elsewhere) is not used:
 * the log is then indexed from its start, as without one. It is only ever a shortcut, never a source of events.
 */
const MAGIC = Buffer.from('KXIDX01\n', 'latin1');
const DIGEST_BYTES = 32;
const NEWLINE = 0x0a;

interface SnapshotHeader {
  lastPosition: number;
  endOffset: number;
  namesBytes: number;
  firstLine: string;
  lastLine: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** The log's line at `offset`, `length` bytes, if the bytes there end in a newline as a whole line does. */
const readLine = async (log: FileHandle, offset: number, length: number): Promise<Buffer | null> => {
  const bytes = Buffer.alloc(length + 1);
  const { bytesRead } = await log.read(bytes, 0, bytes.length, offset);
  return bytesRead === bytes.length && bytes[length] === NEWLINE ? bytes.subarray(0, length) : null;
};

/** Digests of the first and last lines the entries cover, read back from the log: what ties a snapshot to its log. */
const lineDigests = async (log: FileHandle, entries: EventLogIndexEntries, endOffset: number) => {
  const { lengths } = entries;
  const last = lengths[lengths.length - 1]!;
  const [first, final] = await Promise.all([readLine(log, 0, lengths[0]!), readLine(log, endOffset - 1 - last, last)]);
  return first && final ? { firstLine: sha256(first).toString('hex'), lastLine: sha256(final).toString('hex') } : null;
};

const endOffsetOf = (lengths: Uint32Array) => lengths.reduce((sum, length) => sum + length + 1, 0);

/** Writes a snapshot of `entries` (of lines already durable in `log`) to `path`, replacing the one there in one rename. */
export const writeIndexSnapshot = async (path: string, log: FileHandle, entries: EventLogIndexEntries): Promise<void> => {
  const count = entries.lengths.length;
  if (count === 0) return;
  const endOffset = endOffsetOf(entries.lengths);
  const digests = await lineDigests(log, entries, endOffset);
  if (!digests) throw new Error('the index does not match the log it describes');
  const names = Buffer.from(JSON.stringify(entries.streamNames), 'utf8');
  const header: SnapshotHeader = { lastPosition: count, endOffset, namesBytes: names.length, ...digests };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const numbers = Buffer.alloc(count * 8);
  for (let index = 0; index < count; index++) {
    numbers.writeUInt32LE(entries.streamIds[index]!, index * 4);
    numbers.writeUInt32LE(entries.lengths[index]!, (count + index) * 4);
  }
  const headerLength = Buffer.alloc(4);
  headerLength.writeUInt32LE(headerBytes.length);
  const body = Buffer.concat([MAGIC, headerLength, headerBytes, names, numbers]);
  await writeFileAtomically(path, Buffer.concat([body, sha256(body)]));
};

/** `count` u32 little-endian numbers from `offset`: one copy on a little-endian machine, else one by one. */
const readNumbers = (bytes: Buffer, offset: number, count: number): Uint32Array => {
  const numbers = new Uint32Array(count);
  if (endianness() === 'LE') Buffer.from(numbers.buffer).set(bytes.subarray(offset, offset + count * 4));
  else for (let index = 0; index < count; index++) numbers[index] = bytes.readUInt32LE(offset + index * 4);
  return numbers;
};

const parseSnapshot = (bytes: Buffer): { header: SnapshotHeader; entries: EventLogIndexEntries } | null => {
  if (bytes.length < MAGIC.length + 4 + DIGEST_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  const body = bytes.subarray(0, bytes.length - DIGEST_BYTES);
  if (!sha256(body).equals(bytes.subarray(body.length))) return null;
  const headerStart = MAGIC.length + 4;
  const header = JSON.parse(body.toString('utf8', headerStart, headerStart + body.readUInt32LE(MAGIC.length))) as SnapshotHeader;
  const namesStart = headerStart + body.readUInt32LE(MAGIC.length);
  const numbersStart = namesStart + header.namesBytes;
  const count = header.lastPosition;
  if (body.length !== numbersStart + count * 8) return null;
  const streamNames = JSON.parse(body.toString('utf8', namesStart, numbersStart)) as string[];
  const streamIds = readNumbers(body, numbersStart, count);
  const lengths = readNumbers(body, numbersStart + count * 4, count);
  for (const id of streamIds) if (id >= streamNames.length) return null;
  return { header, entries: { streamNames, streamIds, lengths } };
};

/**
 * The index as the snapshot at `path` has it, if the snapshot is whole and matches `log` (which may have
 * grown since: only the lines after it are left to index); null when there is none or it cannot be used.
 */
export const readIndexSnapshot = async (path: string, log: FileHandle): Promise<EventLogIndex | null> => {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let snapshot: ReturnType<typeof parseSnapshot>;
  try {
    snapshot = parseSnapshot(bytes);
  } catch {
    return null;
  }
  if (!snapshot) return null;
  const { header, entries } = snapshot;
  if (endOffsetOf(entries.lengths) !== header.endOffset || (await log.stat()).size < header.endOffset) return null;
  const digests = await lineDigests(log, entries, header.endOffset);
  if (digests?.firstLine !== header.firstLine || digests.lastLine !== header.lastLine) return null;
  return createEventLogIndex(entries);
};
