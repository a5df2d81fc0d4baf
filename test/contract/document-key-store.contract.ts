import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { DocumentKeyStore } from '../../shared/ports/document-key-store.js';

export interface KeyStoreUnderTest {
  store: DocumentKeyStore;
  /** Closes the store and opens it again on the same data (stores that keep their data elsewhere may leave it out). */
  reopen?: () => Promise<DocumentKeyStore>;
  cleanup(): Promise<void>;
}

/** What every key store shares: one 256-bit key per document, the same for every caller, gone for good once destroyed. */
export const documentKeyStoreContract = (name: string, open: () => Promise<KeyStoreUnderTest>) =>
  describe(`DocumentKeyStore contract: ${name}`, () => {
    let subject: KeyStoreUnderTest;
    let keys: DocumentKeyStore;

    beforeEach(async () => {
      subject = await open();
      keys = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('given no key, when one is asked for, then a 256-bit key is made and kept', async () => {
      const documentId = randomUUID();
      expect(await keys.find(documentId)).to.equal(null);

      const key = await keys.keyFor(documentId);

      expect(key).to.have.length(32);
      expect(await keys.find(documentId)).to.deep.equal(key);
      expect(await keys.keyFor(documentId)).to.deep.equal(key);
    });

    it('given racing callers, then all of them get the same key', async () => {
      const documentId = randomUUID();

      const made = await Promise.all([keys.keyFor(documentId), keys.keyFor(documentId), keys.keyFor(documentId)]);

      expect(made[1]).to.deep.equal(made[0]);
      expect(made[2]).to.deep.equal(made[0]);
    });

    it('gives each document its own key', async () => {
      expect(await keys.keyFor(randomUUID())).to.not.deep.equal(await keys.keyFor(randomUUID()));
    });

    it('given a destroyed key, then it is gone, destroying it again is no error, and a new one would differ', async () => {
      const documentId = randomUUID();
      const key = await keys.keyFor(documentId);

      await keys.destroy(documentId);
      await keys.destroy(documentId);

      expect(await keys.find(documentId)).to.equal(null);
      expect(await keys.keyFor(documentId)).to.not.deep.equal(key);
    });

    it('given keys made at once and one destroyed, when the store is reopened, then the others are the same keys and the destroyed one stays gone', async function () {
      if (!subject.reopen) return this.skip();
      const documentIds = Array.from({ length: 20 }, () => randomUUID());
      const made = await Promise.all(documentIds.map((documentId) => keys.keyFor(documentId)));
      await keys.destroy(documentIds[3]!);
      await keys.close();

      const reopened = await subject.reopen();

      expect(await reopened.find(documentIds[3]!)).to.equal(null);
      for (const [index, documentId] of documentIds.entries())
        if (index !== 3) expect(await reopened.find(documentId)).to.deep.equal(made[index]);
      const remade = await reopened.keyFor(documentIds[3]!);
      expect(remade).to.not.deep.equal(made[3]);
      expect(await reopened.keyFor(documentIds[4]!)).to.deep.equal(made[4]);
    });
  });
