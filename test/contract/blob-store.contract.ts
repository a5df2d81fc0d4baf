import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { BlobStore } from '../../shared/ports/blob-store.js';

export interface BlobStoreUnderTest {
  store: BlobStore;
  /** Closes the store and removes what the test created. */
  cleanup(): Promise<void>;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The behaviour every BlobStore adapter shares: content addressing, exact bytes, no way around the hash. */
export const blobStoreContract = (adapterName: string, open: () => Promise<BlobStoreUnderTest>) =>
  describe(`BlobStore contract: ${adapterName}`, () => {
    let subject: BlobStoreUnderTest;
    let store: BlobStore;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    it('answers a put with the SHA-256 and size of the bytes', async () => {
      const bytes = Buffer.from('%PDF-1.7 invoice 2024-001');

      expect(await store.put(bytes)).to.deep.equal({ hash: sha256(bytes), size: bytes.length });
    });

    it('answers the same reference when the same bytes are put twice, also at once', async () => {
      const bytes = randomBytes(1024);

      const refs = await Promise.all([store.put(bytes), store.put(Buffer.from(bytes)), store.put(bytes)]);

      expect(refs[1]).to.deep.equal(refs[0]);
      expect(refs[2]).to.deep.equal(refs[0]);
      expect(await store.get(refs[0].hash)).to.deep.equal(bytes);
    });

    it('gives back exactly the bytes that were put, binary and large alike', async () => {
      const everyByteValue = Buffer.from(Array.from({ length: 256 }, (_, value) => value));
      const fiveMegabytes = randomBytes(5 * 1024 * 1024);
      const empty = Buffer.alloc(0);

      for (const bytes of [everyByteValue, fiveMegabytes, empty]) {
        const { hash } = await store.put(bytes);
        const read = await store.get(hash);
        expect(read, `blob of ${bytes.length} bytes`).to.not.equal(null);
        expect(read!.equals(bytes), `blob of ${bytes.length} bytes`).to.equal(true);
      }
    });

    it('deletes a blob for good, and deleting a missing one is no error', async () => {
      const kept = await store.put(Buffer.from('kept'));
      const { hash } = await store.put(Buffer.from('to be erased'));

      await store.delete(hash);
      await store.delete(hash);
      await store.delete('../../etc/passwd');

      expect(await store.get(hash)).to.equal(null);
      expect(await store.get(kept.hash)).to.deep.equal(Buffer.from('kept'));
    });

    it('answers null for a hash nobody put', async () => {
      expect(await store.get(sha256(randomBytes(16)))).to.equal(null);
    });

    it('answers null for anything that is not a lower-case SHA-256 hex digest', async () => {
      const { hash } = await store.put(Buffer.from('stored'));

      for (const malformed of [
        hash.toUpperCase(),
        hash.slice(2),
        `${hash}00`,
        `../${hash.slice(3)}`,
        '../../etc/passwd',
        '',
        `${hash.slice(0, 2)}/${hash.slice(3)}`,
      ]) {
        expect(await store.get(malformed), JSON.stringify(malformed)).to.equal(null);
      }
    });
  });
