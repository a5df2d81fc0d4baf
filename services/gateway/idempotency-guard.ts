import { documentStreamName, foldDocument } from '../../shared/document/document-stream.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import type { IdempotencyClaim, IdempotencyStore } from '../../shared/ports/idempotency-store.js';
import { IDEMPOTENCY_RETENTION_MS, judgeClaim, type ClaimedDocument } from './idempotency-core.js';

export type Admission = { kind: 'create' } | { kind: 'replay'; history: RecordedEvent[] };

export interface IdempotencyGuard {
  /** Claims the key for `candidate`: create its document, or answer with the first request's; refusals are thrown. */
  admit(candidate: IdempotencyClaim): Promise<Admission>;
  /** Frees the key again after the request failed to create its document. */
  release(candidate: IdempotencyClaim): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The I/O around `judgeClaim`: the claim store says who holds the key, the document's stream says
 * whether the holder's document exists. Expired claims are pruned now and then, after a request.
 */
export const createIdempotencyGuard = (
  claims: IdempotencyStore,
  store: EventStore,
  logger: Logger,
  now: () => Date = () => new Date(),
): IdempotencyGuard => {
  let prunedAt = 0;
  const pruneNowAndThen = (at: Date) => {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    claims
      .prune(new Date(at.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString())
      .catch((error: unknown) => logger.warn({ err: error }, 'pruning expired idempotency keys failed'));
  };

  const documentOf = async (documentId: string): Promise<{ document: ClaimedDocument; history: RecordedEvent[] }> => {
    const history = await store.readStream(documentStreamName(documentId));
    if (history.length === 0) return { document: 'absent', history };
    return { document: foldDocument(history) ? 'present' : 'erased', history };
  };

  return {
    async admit(candidate) {
      const at = now();
      pruneNowAndThen(at);
      let replaceClaimedBefore = new Date(at.getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
      for (;;) {
        const held = await claims.claim(candidate, replaceClaimedBefore);
        const { document, history } =
          held.documentId === candidate.documentId ? { document: 'absent' as const, history: [] } : await documentOf(held.documentId);
        const verdict = judgeClaim({ candidate, held, document, now: at });
        if (verdict.kind === 'create') return verdict;
        if (verdict.kind === 'replay') return { kind: 'replay', history };
        // The claim store replaces a claim older than the cut-off, so the next round is ours or another live request's.
        replaceClaimedBefore = verdict.replaceClaimedBefore;
      }
    },
    release: (candidate) => claims.release(candidate.tenantId, candidate.key, candidate.documentId),
  };
};
