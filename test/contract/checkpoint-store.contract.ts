import { expect } from 'chai';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';

export interface CheckpointStoreUnderTest {
  store: CheckpointStore;
  /** Opens the same store again once `store` is closed; given by durable adapters. */
  reopen?: () => Promise<CheckpointStore>;
  /** Closes whatever is still open and removes what the test created. */
  cleanup(): Promise<void>;
}

/** The behaviour every CheckpointStore adapter shares. */
export const checkpointStoreContract = (adapterName: string, open: () => Promise<CheckpointStoreUnderTest>) =>
  describe(`CheckpointStore contract: ${adapterName}`, () => {
    let subject: CheckpointStoreUnderTest;
    let store: CheckpointStore;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('loads 0 for a name that was never saved', async () => {
      expect(await store.load('relay')).to.equal(0);
    });

    it('loads the position saved last', async () => {
      await store.save('relay', 41);
      await store.save('relay', 1_000_000_042);

      expect(await store.load('relay')).to.equal(1_000_000_042);
    });

    it('keeps the positions of different names apart', async () => {
      await store.save('relay', 7);
      await store.save('projector', 3);

      expect(await store.load('relay')).to.equal(7);
      expect(await store.load('projector')).to.equal(3);
      expect(await store.load('relay-2')).to.equal(0);
    });

    it('keeps positions across close and reopen', async function () {
      if (!subject.reopen) return this.skip();
      await store.save('relay', 12);
      await store.close();

      const reopened = await subject.reopen();

      expect(await reopened.load('relay')).to.equal(12);
    });
  });
