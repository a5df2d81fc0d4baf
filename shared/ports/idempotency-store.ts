/** A client's `Idempotency-Key` bound to the first request that used it and the document that request creates. */
export interface IdempotencyClaim {
  tenantId: string;
  key: string;
  /** SHA-256 of the request document in canonical JSON: the same key with another body is refused. */
  requestHash: string;
  documentId: string;
  /** ISO timestamp. */
  claimedAt: string;
}

/**
 * Claims on idempotency keys, per tenant. Keys are request bookkeeping that expires (24 h), not
 * document history, so they live beside the event log rather than in it.
 */
export interface IdempotencyStore {
  /**
   * Records `candidate` unless the tenant's key is held by a claim made at or after `replaceClaimedBefore`
   * (ISO); returns the claim that holds the key afterwards. Of racing claimers exactly one wins and
   * every one of them is given the winner.
   */
  claim(candidate: IdempotencyClaim, replaceClaimedBefore: string): Promise<IdempotencyClaim>;
  /** Gives up a claim whose request failed; a claim for another document is left alone. */
  release(tenantId: string, key: string, documentId: string): Promise<void>;
  /** Forgets claims made before `claimedBefore` (ISO); returns how many. */
  prune(claimedBefore: string): Promise<number>;
  close(): Promise<void>;
}
