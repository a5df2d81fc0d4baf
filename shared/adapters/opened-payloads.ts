import { LRUCache } from 'lru-cache';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import type { RecordedEvent } from '../ports/event-store.js';
import { deepFreeze } from './deep-freeze.js';
import type { EncryptedPayload } from './encrypted-event-store.js';

/** An event whose payload is stored sealed. */
export type SealedEvent = RecordedEvent & { data: EncryptedPayload };
/** What names a stored sealed payload: its event, stream, type, document and the sealed bytes themselves. */
export type SealedPayloadOf = Pick<SealedEvent, 'eventId' | 'streamName' | 'type' | 'metadata' | 'data'>;

interface Opened {
  documentId: string;
  streamName: string;
  type: string;
  sealed: EncryptedPayload['encrypted'];
  data: unknown;
}

export interface OpenedPayloadsOptions {
  /** Sealed bytes (base64 characters) whose opened payloads are kept at most: their memory is a few times that. */
  maxSealedCharacters?: number;
  /** How long an opened payload is kept after it was opened: a document's steps read it within seconds. */
  ttlMs?: number;
}

/**
 * Payloads decrypted once, kept for the next readers of the same stored events: right after an append, every
 * following step, the bus's delivery and the projector read the new event again, and each step reads its
 * document's whole stream, each a decryption and a parse of every payload. An opened payload is frozen (every
 * reader is handed the same object) and is handed out only for the very stored event it was opened from: the
 * same event id, stream, type, IV, tag and ciphertext, so what it gives is what decrypting would give (the
 * encryption still asks the key store for the document's key at every read, and reads a payload whose key is
 * gone as shredded). A document's opened payloads are forgotten when its key is destroyed or found missing,
 * and none is kept for it after that (crypto-shredding: no plaintext of an erased document stays in memory);
 * the rest within a bound of memory and time.
 */
export interface OpenedPayloads {
  /** The payload opened from exactly this stored event, or undefined. */
  find(event: SealedEvent): unknown;
  /** Keeps `data`, opened from `event` (or sealed into it by its append), frozen; gives it back. */
  keep(event: SealedPayloadOf, data: unknown): unknown;
  /** Forgets every payload of the document, and keeps none of it from now on (its key was destroyed). */
  forget(documentId: string): void;
}

const SEALED_CHARACTERS = 16 * 1024 * 1024;
const TTL_MS = 120_000;
/** Erased documents remembered, so that a decryption under way when the key was destroyed keeps nothing. */
const FORGOTTEN_DOCUMENTS = 10_000;

const sameSealed = (a: EncryptedPayload['encrypted'], b: EncryptedPayload['encrypted']) =>
  a.ciphertext === b.ciphertext && a.tag === b.tag && a.iv === b.iv;

export const createOpenedPayloads = (options: OpenedPayloadsOptions = {}): OpenedPayloads => {
  const eventsOf = new Map<string, Set<string>>();
  const forgotten = new LRUCache<string, true>({ max: FORGOTTEN_DOCUMENTS });
  const opened = new LRUCache<string, Opened>({
    maxSize: options.maxSealedCharacters ?? SEALED_CHARACTERS,
    sizeCalculation: (entry) => Math.max(1, entry.sealed.ciphertext.length),
    ttl: options.ttlMs ?? TTL_MS,
    dispose: (entry, eventId) => {
      const events = eventsOf.get(entry.documentId);
      events?.delete(eventId);
      if (events?.size === 0) eventsOf.delete(entry.documentId);
    },
  });

  // One sweep a period lets go of what outlived it (lru-cache's autopurge would set a timer for every event kept).
  setInterval(() => opened.purgeStale(), options.ttlMs ?? TTL_MS).unref();

  return {
    find(event) {
      const entry = opened.get(event.eventId);
      return entry &&
        entry.streamName === event.streamName &&
        entry.type === event.type &&
        entry.documentId === event.metadata.documentId &&
        sameSealed(entry.sealed, event.data.encrypted)
        ? entry.data
        : undefined;
    },
    keep(event, data) {
      deepFreeze(data);
      const documentId = event.metadata.documentId;
      if (forgotten.has(documentId)) return data;
      opened.set(event.eventId, { documentId, streamName: event.streamName, type: event.type, sealed: { ...event.data.encrypted }, data });
      let events = eventsOf.get(documentId);
      if (!events) eventsOf.set(documentId, (events = new Set()));
      events.add(event.eventId);
      return data;
    },
    forget(documentId) {
      forgotten.set(documentId, true);
      for (const eventId of [...(eventsOf.get(documentId) ?? [])]) opened.delete(eventId);
    },
  };
};

/** The key store, with a document's opened payloads forgotten when its key is destroyed (an erasure). */
export const forgettingOpenedPayloads = (keys: DocumentKeyStore, opened: OpenedPayloads): DocumentKeyStore => ({
  keyFor: (documentId) => keys.keyFor(documentId),
  find: (documentId) => keys.find(documentId),
  async destroy(documentId) {
    opened.forget(documentId);
    await keys.destroy(documentId);
  },
  close: () => keys.close(),
});
