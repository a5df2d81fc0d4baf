import { open } from 'node:fs/promises';
import path from 'node:path';
import { scanLogLines } from '../../shared/adapters/embedded/event-log-line.js';
import { decryptPayload, isEncryptedPayload } from '../../shared/adapters/encrypted-event-store.js';
import { openFileKeyStore } from '../../shared/adapters/embedded/file-key-store.js';
import type { RecordedEvent } from '../../shared/ports/event-store.js';

export interface ReplayFloor {
  events: number;
  /** CPU µs per event to parse its log line (JSON.parse of the whole stored event). */
  parseMicros: number;
  /** CPU µs per event to open its payload (AES-256-GCM and JSON.parse of the plaintext), keys already in memory. */
  decryptMicros: number;
}

const LIMIT = 100_000;

const cpuMicros = (work: () => void) => {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
};

/**
 * What no replay of this log can go below, measured on its first events in isolation: parsing each stored
 * line and decrypting each payload with Node's own JSON and crypto, the least work a replay must do per event
 * before any folding, view building or writing. Lines are read and keys looked up before the clock starts.
 */
export const measureReplayFloor = async (dataDir: string): Promise<ReplayFloor> => {
  const log = await open(path.join(dataDir, 'events', 'events.ndjson'), 'r');
  const lines: string[] = [];
  try {
    for await (const { bytes } of scanLogLines(log)) {
      lines.push(bytes.toString('utf8'));
      if (lines.length === LIMIT) break;
    }
  } finally {
    await log.close();
  }
  let events: RecordedEvent[] = [];
  const parseMicros = cpuMicros(() => {
    events = lines.map((line) => JSON.parse(line) as RecordedEvent);
  });
  const keyStore = await openFileKeyStore(path.join(dataDir, 'keys'));
  const keys = new Map<string, Buffer | null>();
  for (const event of events) {
    if (isEncryptedPayload(event.data) && !keys.has(event.metadata.documentId)) {
      keys.set(event.metadata.documentId, await keyStore.find(event.metadata.documentId));
    }
  }
  const decryptMicros = cpuMicros(() => {
    for (const event of events) {
      const key = keys.get(event.metadata.documentId);
      if (key && isEncryptedPayload(event.data)) decryptPayload(event.data, key, event.streamName, event.type);
    }
  });
  return { events: events.length, parseMicros: parseMicros / events.length, decryptMicros: decryptMicros / events.length };
};
