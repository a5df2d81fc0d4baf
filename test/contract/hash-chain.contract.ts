import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { verifyChain } from '../../shared/audit/hash-chain.js';
import { withHashChain } from '../../shared/adapters/hash-chained-event-store.js';
import type { EventStore, NewEvent } from '../../shared/ports/event-store.js';

export interface ChainedStoreUnderTest {
  /** The adapter itself, unwrapped: what streams written before chaining were written with. */
  store: EventStore;
  cleanup(): Promise<void>;
}

const event = (n: number): NewEvent => ({
  type: 'ContractTested',
  schemaVersion: 1,
  data: { n, file: { blob: { hash: 'ab'.repeat(32), size: 10 }, fileName: 'x.pdf', mimeType: 'application/pdf' } },
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'contract-test' },
});

/** Every event store adapter, wrapped by the hash-chaining appender, keeps every stream's chain verifiable. */
export const hashChainContract = (name: string, open: () => Promise<ChainedStoreUnderTest>) => {
  describe(`hash chain on ${name}`, () => {
    let underTest: ChainedStoreUnderTest;
    let chained: EventStore;

    beforeEach(async () => {
      underTest = await open();
      chained = withHashChain(underTest.store);
    });
    afterEach(() => underTest.cleanup());

    it('given appends in several calls, then every event carries its hash and the stream verifies intact', async () => {
      const stream = `chain-${randomUUID()}`;
      await chained.append(stream, [event(0), event(1)], 'noStream');
      await chained.append(stream, [event(2)], 1);

      const events = await chained.readStream(stream);

      expect(events.map((recorded) => recorded.metadata.chain?.previousHash === undefined)).to.deep.equal([false, false, false]);
      expect(events[1]!.metadata.chain!.previousHash).to.equal(events[0]!.metadata.chain!.hash);
      expect(verifyChain(events)).to.include({ status: 'intact', events: 3, firstChainedRevision: 0 });
    });

    it("given appends that expect 'any' racing each other, then both land and the chain does not fork", async () => {
      const stream = `chain-${randomUUID()}`;
      await chained.append(stream, [event(0)], 'noStream');

      await Promise.all([chained.append(stream, [event(1)], 'any'), chained.append(stream, [event(2)], 'any')]);

      const events = await chained.readStream(stream);
      expect(events).to.have.length(3);
      expect(verifyChain(events).status).to.equal('intact');
    });

    it('given a stream written before chaining, then it verifies as unchained, and once appended to, as sealed from there', async () => {
      const stream = `chain-${randomUUID()}`;
      await underTest.store.append(stream, [event(0), event(1)], 'noStream');
      expect(verifyChain(await chained.readStream(stream)).status).to.equal('unchained');

      await chained.append(stream, [event(2)], 1);

      expect(verifyChain(await chained.readStream(stream))).to.include({ status: 'intact', firstChainedRevision: 2 });
    });

    it('given a wrong expected revision, then it fails as the adapter would and writes nothing', async () => {
      const stream = `chain-${randomUUID()}`;
      await chained.append(stream, [event(0)], 'noStream');

      const error = await chained.append(stream, [event(1)], 5).then(
        () => null,
        (reason: { code: string; retriable: boolean }) => reason,
      );

      expect(error).to.include({ code: 'wrong_expected_revision', retriable: true });
      expect(await chained.readStream(stream)).to.have.length(1);
    });
  });
};
