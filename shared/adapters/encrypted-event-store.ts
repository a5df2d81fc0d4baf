import { createCipheriv, createDecipheriv, randomUUID } from 'node:crypto';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import { SHREDDED_PAYLOAD, type EventStore, type NewEvent, type RecordedEvent } from '../ports/event-store.js';
import type { OpenedPayloads, SealedEvent } from './opened-payloads.js';
import { pooledRandomBytes } from './pooled-random-bytes.js';

/** How an encrypted payload is stored: AES-256-GCM under the document's key, bound to its stream and type. */
export interface EncryptedPayload {
  encrypted: { algorithm: 'A256GCM'; iv: string; tag: string; ciphertext: string };
}

export const isEncryptedPayload = (data: unknown): data is EncryptedPayload =>
  typeof data === 'object' && data !== null && 'encrypted' in data && (data as EncryptedPayload).encrypted?.algorithm === 'A256GCM';

const associatedData = (streamName: string, type: string) => Buffer.from(`${streamName}\n${type}`, 'utf8');

const encryptPayload = (plaintext: string, key: Buffer, streamName: string, type: string): EncryptedPayload => {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(associatedData(streamName, type));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    encrypted: {
      algorithm: 'A256GCM',
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    },
  };
};

export const decryptPayload = (payload: EncryptedPayload, key: Buffer, streamName: string, type: string): unknown => {
  const { iv, tag, ciphertext } = payload.encrypted;
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64')).setAAD(associatedData(streamName, type));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8'));
};

/**
 * The event with `data` computed by `open` when first read, then kept. The property keeps its place among the
 * event's members, so spreads, JSON and canonical forms see a plain event.
 */
const withPayloadOpenedOnRead = (event: RecordedEvent, open: () => unknown): RecordedEvent => {
  let opened: { data: unknown } | undefined;
  const lazy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(event)) {
    if (name !== 'data') lazy[name] = value;
    else
      Object.defineProperty(lazy, 'data', {
        enumerable: true,
        configurable: true,
        get: () => (opened ??= { data: open() }).data,
        set: (data: unknown) => (opened = { data }),
      });
  }
  return lazy as unknown as RecordedEvent;
};

export interface PayloadEncryptionOptions {
  /** Event types kept readable after erasure (the erasure itself: who and when). */
  plaintextTypes: readonly string[];
  /**
   * When payloads read are decrypted: when first read (the default: many readers of the whole log need only
   * types and metadata), or at once, for readers of every payload (a replay), which spares each event the
   * wrapper that defers it (about as much CPU as the decryption itself).
   */
  decrypt?: 'when read' | 'at once';
  /**
   * Payloads decrypted before, handed to later readers of the same stored events without decrypting them again
   * (see opened-payloads.ts): then every payload read is frozen, since readers share it.
   */
  opened?: OpenedPayloads;
}

/**
 * Any event store, with every document event's payload encrypted at rest under its document's key,
 * so that destroying the key erases the payloads wherever the log is kept or copied (crypto-shredding).
 * Readers see plaintext; a payload whose key is gone reads as SHREDDED_PAYLOAD. Events written before
 * encryption pass through as they are. Stack it outside the hash chain, so the chain seals what is
 * stored and stays verifiable after erasure.
 */
export const withPayloadEncryption = (store: EventStore, keys: DocumentKeyStore, options: PayloadEncryptionOptions): EventStore => {
  const keptPlain = new Set(options.plaintextTypes);
  const { opened } = options;
  const openPayload =
    options.decrypt === 'at once' ? (event: RecordedEvent, open: () => unknown) => ({ ...event, data: open() }) : withPayloadOpenedOnRead;
  const decryptEvent = (event: SealedEvent, key: Buffer) => {
    const data = decryptPayload(event.data, key, event.streamName, event.type);
    return opened ? opened.keep(event, data) : data;
  };

  /** The event as stored, and the plaintext its payload was sealed from (none for a plaintext type). */
  const seal = async (streamName: string, event: NewEvent): Promise<{ event: NewEvent; plaintext?: string }> => {
    if (keptPlain.has(event.type)) return { event };
    const key = await keys.keyFor(event.metadata.documentId);
    const plaintext = JSON.stringify(event.data);
    // Named here, so that the payload can be kept for the very stored event it becomes (see `keepAppended`).
    const eventId = event.eventId ?? (opened ? randomUUID() : undefined);
    return {
      event: { ...event, ...(eventId ? { eventId } : {}), data: encryptPayload(plaintext, key, streamName, event.type) },
      plaintext,
    };
  };

  /**
   * The appended payloads, kept as their first reader (the projector, the relay, the next step) would have opened
   * them: parsed from the plaintext just sealed, which is what decrypting the stored event gives, at no decryption.
   * Only once the append succeeded: a failed append stored nothing to be read.
   */
  const keepAppended = (streamName: string, sealed: Array<{ event: NewEvent; plaintext?: string }>) => {
    for (const { event, plaintext } of sealed)
      if (opened && plaintext !== undefined && event.eventId && isEncryptedPayload(event.data))
        opened.keep(
          { eventId: event.eventId, streamName, type: event.type, metadata: event.metadata, data: event.data },
          JSON.parse(plaintext),
        );
  };

  /**
   * Opens a page of events: each document's key is looked up once, all of them at once. A payload that fails
   * to decrypt throws where it is decrypted (see `decrypt`).
   */
  const decrypt = async (events: RecordedEvent[]): Promise<RecordedEvent[]> => {
    const documentIds = new Set<string>();
    for (const event of events) if (isEncryptedPayload(event.data)) documentIds.add(event.metadata.documentId);
    const found = new Map(
      await Promise.all([...documentIds].map(async (documentId) => [documentId, await keys.find(documentId)] as const)),
    );
    return events.map((event) => {
      if (!isEncryptedPayload(event.data)) return event;
      const sealed = event as SealedEvent;
      const key = found.get(event.metadata.documentId);
      if (!key) {
        opened?.forget(event.metadata.documentId);
        return { ...event, data: SHREDDED_PAYLOAD };
      }
      const known = opened?.find(sealed);
      if (known !== undefined) return { ...event, data: known };
      return openPayload(event, () => decryptEvent(sealed, key));
    });
  };

  return {
    async append(streamName, events, expected) {
      const sealed = await Promise.all(events.map((event) => seal(streamName, event)));
      const appended = await store.append(
        streamName,
        sealed.map(({ event }) => event),
        expected,
      );
      keepAppended(streamName, sealed);
      return appended;
    },
    readStream: async (streamName) => decrypt(await store.readStream(streamName)),
    readAll: async (after, limit) => decrypt(await store.readAll(after, limit)),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
  };
};
