import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { AppError } from '../../shared/errors/app-error.js';
import type { IdempotencyClaim } from '../../shared/ports/idempotency-store.js';

/** How long a key stays bound to its first request, as clients of Stripe-style APIs expect. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A claim whose document is still missing after this long belongs to a request that died; it may be taken over. */
const IDEMPOTENCY_IN_FLIGHT_MS = 60 * 1000;

/** Printable ASCII, 1 to 255 characters, as the IETF Idempotency-Key draft and common APIs allow. */
const KEY = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

/** The request's idempotency key, or null when it sent none; a malformed key is a 400. */
export const idempotencyKeyOf = (header: string | undefined): string | null => {
  if (header === undefined) return null;
  if (KEY.test(header)) return header;
  throw new AppError({
    code: 'invalid_idempotency_key',
    status: 400,
    title: 'Invalid Idempotency-Key',
    detail: 'Idempotency-Key must be 1 to 255 printable ASCII characters',
    source: { header: 'Idempotency-Key' },
  });
};

/** The same request document hashes the same whatever its member order or whitespace. */
export const requestHashOf = (body: unknown): string =>
  createHash('sha256')
    .update(canonicalize(body) ?? '')
    .digest('hex');

/** Whether the claimed document's stream is there yet, and whether it was erased since. */
export type ClaimedDocument = 'absent' | 'present' | 'erased';

export type ClaimVerdict =
  /** The key is ours: create the document. */
  | { kind: 'create' }
  /** The first request created the document: answer with it as it stands now. */
  | { kind: 'replay'; documentId: string }
  /** The first request died before creating anything: claim again with this cut-off and create. */
  | { kind: 'take_over'; replaceClaimedBefore: string };

const conflict = (code: string, title: string, detail: string, status = 409) =>
  new AppError({ code, status, title, detail, source: { header: 'Idempotency-Key' } });

/**
 * What a create request does once the store named the claim that holds its key: the pure rule of
 * idempotent creation (same key and body: the first document; another body: 422; first request still
 * running: 409, retriable).
 */
export const judgeClaim = (input: {
  candidate: IdempotencyClaim;
  held: IdempotencyClaim;
  document: ClaimedDocument;
  now: Date;
}): ClaimVerdict => {
  const { candidate, held, document, now } = input;
  if (held.documentId === candidate.documentId) return { kind: 'create' };
  if (held.requestHash !== candidate.requestHash) {
    throw conflict(
      'idempotency_key_reused',
      'Idempotency-Key reused',
      'this Idempotency-Key was used with a different request body in the last 24 hours',
      422,
    );
  }
  if (document === 'present') return { kind: 'replay', documentId: held.documentId };
  if (document === 'erased') {
    throw conflict('idempotency_key_reused', 'Idempotency-Key reused', 'the document created with this Idempotency-Key was erased');
  }
  const abandonedBefore = new Date(now.getTime() - IDEMPOTENCY_IN_FLIGHT_MS).toISOString();
  if (held.claimedAt < abandonedBefore) return { kind: 'take_over', replaceClaimedBefore: abandonedBefore };
  throw new AppError({
    code: 'idempotency_key_in_flight',
    status: 409,
    title: 'Request in progress',
    detail: 'a request with this Idempotency-Key is still being processed; retry shortly',
    source: { header: 'Idempotency-Key' },
    retriable: true,
    retryAfterSeconds: 1,
  });
};
