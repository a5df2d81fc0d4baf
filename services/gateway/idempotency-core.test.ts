import { expect } from 'chai';
import { isAppError } from '../../shared/errors/app-error.js';
import type { IdempotencyClaim } from '../../shared/ports/idempotency-store.js';
import { idempotencyKeyOf, judgeClaim, requestHashOf, type ClaimedDocument } from './idempotency-core.js';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const candidate: IdempotencyClaim = {
  tenantId: 'tenant-a',
  key: 'order-1',
  requestHash: requestHashOf({ data: { type: 'documents', attributes: { urls: ['https://a.example/x.pdf'] } } }),
  documentId: 'doc-new',
  claimedAt: NOW.toISOString(),
};
const heldBy = (overrides: Partial<IdempotencyClaim>): IdempotencyClaim => ({ ...candidate, documentId: 'doc-first', ...overrides });
const judged = (held: IdempotencyClaim, document: ClaimedDocument = 'present') => judgeClaim({ candidate, held, document, now: NOW });
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (isAppError(error)) return { status: error.status, code: error.code, retriable: error.retriable };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('gateway: idempotent creation', () => {
  it('given the key is ours, then the document is created', () => {
    expect(judged(candidate, 'absent')).to.deep.equal({ kind: 'create' });
  });

  it('given the same body created a document, then that document is answered', () => {
    expect(judged(heldBy({}))).to.deep.equal({ kind: 'replay', documentId: 'doc-first' });
  });

  it('given another body holds the key, then 422', () => {
    expect(refusal(() => judged(heldBy({ requestHash: 'f'.repeat(64) })))).to.deep.include({ status: 422, code: 'idempotency_key_reused' });
  });

  it('given the first request is still running, then 409, retriable', () => {
    const held = heldBy({ claimedAt: new Date(NOW.getTime() - 5_000).toISOString() });
    expect(refusal(() => judged(held, 'absent'))).to.deep.equal({ status: 409, code: 'idempotency_key_in_flight', retriable: true });
  });

  it('given the first request died before creating its document, then the key is taken over', () => {
    const held = heldBy({ claimedAt: new Date(NOW.getTime() - 120_000).toISOString() });
    expect(judged(held, 'absent')).to.deep.equal({ kind: 'take_over', replaceClaimedBefore: '2026-03-01T11:59:00.000Z' });
  });

  it('given the first document was erased, then 409', () => {
    expect(refusal(() => judged(heldBy({}), 'erased'))).to.deep.include({ status: 409, code: 'idempotency_key_reused' });
  });

  it('hashes request documents independent of member order', () => {
    expect(requestHashOf({ a: 1, b: [1, { c: 2, d: 3 }] })).to.equal(requestHashOf({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(requestHashOf({ a: 1 })).to.not.equal(requestHashOf({ a: 2 }));
  });

  it('accepts printable ASCII keys up to 255 characters and refuses others with 400', () => {
    expect(idempotencyKeyOf(undefined)).to.equal(null);
    expect(idempotencyKeyOf('8e03978e-40d5-43e8-bc93-6894a57f9324')).to.equal('8e03978e-40d5-43e8-bc93-6894a57f9324');
    for (const bad of ['', ' leading', 'x'.repeat(256), 'tab\there', 'é']) {
      expect(refusal(() => idempotencyKeyOf(bad))).to.deep.include({ status: 400, code: 'invalid_idempotency_key' });
    }
  });
});
