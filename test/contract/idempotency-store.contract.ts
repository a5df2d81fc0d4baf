import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { IdempotencyClaim, IdempotencyStore } from '../../shared/ports/idempotency-store.js';

export interface IdempotencyStoreUnderTest {
  store: IdempotencyStore;
  /** Opens the same store again once `store` is closed. */
  reopen: () => Promise<IdempotencyStore>;
  cleanup(): Promise<void>;
}

const DAY_BEFORE = '2026-01-01T00:00:00.000Z';
const claimOf = (overrides: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
  tenantId: 'tenant-a',
  key: 'order-4711',
  requestHash: 'a'.repeat(64),
  documentId: randomUUID(),
  claimedAt: '2026-01-02T10:00:00.000Z',
  ...overrides,
});

/** What every idempotency store shares: one claim per tenant and key, kept until it expires or is released. */
export const idempotencyStoreContract = (name: string, open: () => Promise<IdempotencyStoreUnderTest>) =>
  describe(`IdempotencyStore contract: ${name}`, () => {
    let subject: IdempotencyStoreUnderTest;
    let store: IdempotencyStore;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('given a free key, when it is claimed, then the claim holds and a later claimer is given it', async () => {
      const first = claimOf();

      expect(await store.claim(first, DAY_BEFORE)).to.deep.equal(first);
      expect(await store.claim(claimOf({ requestHash: 'b'.repeat(64) }), DAY_BEFORE)).to.deep.equal(first);
    });

    it('keeps keys per tenant', async () => {
      const ofA = claimOf();
      const ofB = claimOf({ tenantId: 'tenant-b' });

      await store.claim(ofA, DAY_BEFORE);

      expect(await store.claim(ofB, DAY_BEFORE)).to.deep.equal(ofB);
    });

    it('given racing claimers, then exactly one wins and all are given the winner', async () => {
      const candidates = Array.from({ length: 5 }, () => claimOf());

      const held = await Promise.all(candidates.map((candidate) => store.claim(candidate, DAY_BEFORE)));

      expect(new Set(held.map((claim) => claim.documentId)).size).to.equal(1);
      expect(candidates.map((candidate) => candidate.documentId)).to.include(held[0]!.documentId);
    });

    it('given a claim made before the cut-off, then a new claim replaces it', async () => {
      await store.claim(claimOf({ claimedAt: '2026-01-01T09:00:00.000Z' }), DAY_BEFORE);
      const fresh = claimOf({ claimedAt: '2026-01-02T09:00:00.000Z' });

      expect(await store.claim(fresh, '2026-01-02T00:00:00.000Z')).to.deep.equal(fresh);
    });

    it('releases a claim only for the document it was made for', async () => {
      const first = claimOf();
      await store.claim(first, DAY_BEFORE);

      await store.release(first.tenantId, first.key, randomUUID());
      expect(await store.claim(claimOf(), DAY_BEFORE)).to.deep.equal(first);

      await store.release(first.tenantId, first.key, first.documentId);
      const next = claimOf();
      expect(await store.claim(next, DAY_BEFORE)).to.deep.equal(next);
    });

    it('prunes the claims made before a time and keeps the others', async () => {
      const old = claimOf({ key: 'old', claimedAt: '2026-01-01T09:00:00.000Z' });
      const recent = claimOf({ key: 'recent', claimedAt: '2026-01-02T09:00:00.000Z' });
      await store.claim(old, DAY_BEFORE);
      await store.claim(recent, DAY_BEFORE);

      expect(await store.prune('2026-01-02T00:00:00.000Z')).to.equal(1);

      const again = claimOf({ key: 'old' });
      expect(await store.claim(again, DAY_BEFORE)).to.deep.equal(again);
      expect(await store.claim(claimOf({ key: 'recent' }), DAY_BEFORE)).to.deep.equal(recent);
    });

    it('keeps claims across a restart', async () => {
      const first = claimOf({ key: 'k with spaces/and slashes ✓' });
      await store.claim(first, DAY_BEFORE);
      await store.close();

      store = await subject.reopen();

      expect(await store.claim(claimOf({ key: first.key }), DAY_BEFORE)).to.deep.equal(first);
    });
  });
