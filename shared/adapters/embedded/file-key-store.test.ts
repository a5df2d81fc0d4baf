import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openFileKeyStore } from './file-key-store.js';

describe('file key store', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'kontor-keys-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  const fileOf = (documentId: string) => join(directory, `${createHash('sha256').update(documentId).digest('hex')}.key`);

  it('given a key on disk the store has not seen, when a key is asked for, then that key is handed out, not a new one', async () => {
    const documentId = randomUUID();
    const made = await (await openFileKeyStore(directory)).keyFor(documentId);

    const reopened = await openFileKeyStore(directory);

    expect(await reopened.keyFor(documentId)).to.deep.equal(made);
  });

  it('given a torn key file (a crash while it was made), when a key is asked for, then a whole key replaces it', async () => {
    const documentId = randomUUID();
    await writeFile(fileOf(documentId), Buffer.alloc(5));
    const keys = await openFileKeyStore(directory);

    const key = await keys.keyFor(documentId);

    expect(key).to.have.length(32);
    expect(await (await openFileKeyStore(directory)).find(documentId)).to.deep.equal(key);
  });

  it('given racing callers for a new document, then one key file is made and all of them get its key', async () => {
    const keys = await openFileKeyStore(directory);
    const documentId = randomUUID();

    const made = await Promise.all([keys.keyFor(documentId), keys.keyFor(documentId)]);

    expect(made[1]).to.deep.equal(made[0]);
    expect(await readdir(directory)).to.deep.equal([`${createHash('sha256').update(documentId).digest('hex')}.key`]);
  });
});
