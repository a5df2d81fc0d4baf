import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { EventMetadata } from '../../contracts/events/metadata.js';

/**
 * Tamper evidence for event streams: each event's hash covers its canonical content (RFC 8785 JSON),
 * the hashes of the blobs it references and the hash of the event before it in its stream. Changing a
 * payload, removing, inserting or reordering an event, or pointing an event at other bytes breaks the
 * chain at that event.
 *
 * The chain is defined over every event of a stream, also those written before chaining existed: their
 * hashes are computed, not stored. The first stored hash therefore seals the unchained events before it.
 */

/** What a hash covers: what the appender knows before the store records the event. */
export interface ChainedContent {
  streamName: string;
  revision: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: EventMetadata;
}

export const GENESIS_HASH = '0'.repeat(64);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Every `{ hash, size }` blob reference in a payload, sorted and once each. */
export const referencedBlobHashes = (data: unknown): string[] => {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (typeof record.hash === 'string' && typeof record.size === 'number' && /^[0-9a-f]{64}$/.test(record.hash)) found.add(record.hash);
    Object.values(record).forEach(visit);
  };
  visit(data);
  return [...found].sort();
};

/** The hash of an event given the hash of the one before it (GENESIS_HASH for a stream's first). */
export const eventHash = (event: ChainedContent, previousHash: string): string => {
  const { chain: _stored, ...metadata } = event.metadata;
  return sha256(
    canonicalize({
      streamName: event.streamName,
      revision: event.revision,
      eventId: event.eventId,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata,
      blobs: referencedBlobHashes(event.data),
      previousHash,
    }) ?? '',
  );
};

/** The hash a stream ends on, which its next event chains from: recorded hashes where there are, computed before. */
export const chainHead = (events: readonly ChainedContent[]): string =>
  events.reduce((previous, event) => event.metadata.chain?.hash ?? eventHash(event, previous), GENESIS_HASH);

export interface ChainBreak {
  revision: number;
  reason: 'payload_changed' | 'event_missing' | 'event_reordered' | 'previous_hash_mismatch';
  detail: string;
}

export interface ChainReport {
  /** `intact`: every stored hash holds; `unchained`: the stream was written before chaining; `broken`: see `breaks`. */
  status: 'intact' | 'unchained' | 'broken';
  events: number;
  /** Revision of the first event carrying its hash, or null when none does. */
  firstChainedRevision: number | null;
  /** The hash of the last event: as recorded where it is, else as computed. */
  headHash: string;
  breaks: ChainBreak[];
}

/** Recomputes the chain of a stream read in revision order and compares it with the hashes it stores. */
export const verifyChain = (events: readonly ChainedContent[]): ChainReport => {
  const breaks: ChainBreak[] = [];
  let previous = GENESIS_HASH;
  let firstChainedRevision: number | null = null;
  events.forEach((event, index) => {
    if (event.revision !== index) {
      breaks.push({
        revision: index,
        reason: event.revision > index ? 'event_missing' : 'event_reordered',
        detail: `expected revision ${index}, found ${event.revision}`,
      });
    }
    const computed = eventHash(event, previous);
    const stored = event.metadata.chain;
    if (stored) {
      firstChainedRevision ??= event.revision;
      if (stored.previousHash !== previous) {
        breaks.push({
          revision: event.revision,
          reason: 'previous_hash_mismatch',
          detail: 'the event does not follow the events before it as recorded',
        });
      } else if (stored.hash !== computed) {
        breaks.push({ revision: event.revision, reason: 'payload_changed', detail: 'the event’s content differs from what was recorded' });
      }
    }
    // Go on from the hash as recorded, so one changed event is reported once, not with all that follow it.
    previous = stored?.hash ?? computed;
  });
  const status = breaks.length > 0 ? 'broken' : firstChainedRevision === null ? 'unchained' : 'intact';
  return { status, events: events.length, firstChainedRevision, headHash: previous, breaks };
};
