import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { KEY_LOG_FILE, openFileKeyStore } from './file-key-store.js';

describe('file key store', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'kontor-key-store-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('given a key of the earlier layout (one file per key), then it is found, kept, and destroyed with its file', async () => {
    const documentId = randomUUID();
    const key = randomBytes(32);
    await mkdir(directory, { recursive: true });
    const legacyFile = `${createHash('sha256').update(documentId).digest('hex')}.key`;
    await writeFile(join(directory, legacyFile), key);
    const keys = await openFileKeyStore(directory);

    expect(await keys.find(documentId)).to.deep.equal(key);
    expect(await keys.keyFor(documentId)).to.deep.equal(key);
    await keys.destroy(documentId);

    expect(await keys.find(documentId)).to.equal(null);
    expect(await readdir(directory)).to.not.include(legacyFile);
    await keys.close();
  });

  it('given a record torn by a crash at the end of the log, when reopened, then the keys before it stay and the next key is written over it', async () => {
    const first = await openFileKeyStore(directory);
    const kept = randomUUID();
    const key = await first.keyFor(kept);
    await first.close();
    await appendFile(join(directory, KEY_LOG_FILE), randomBytes(40));

    const reopened = await openFileKeyStore(directory);
    const next = randomUUID();
    const nextKey = await reopened.keyFor(next);
    await reopened.close();
    const again = await openFileKeyStore(directory);

    expect(await again.find(kept)).to.deep.equal(key);
    expect(await again.find(next)).to.deep.equal(nextKey);
    expect((await stat(join(directory, KEY_LOG_FILE))).size).to.equal(2 * 64);
    await again.close();
  });

  it('given a second store reading the same directory (a rebuild worker), then it finds keys made after it opened', async () => {
    const owner = await openFileKeyStore(directory);
    const reader = await openFileKeyStore(directory);
    const documentId = randomUUID();

    const key = await owner.keyFor(documentId);

    expect(await reader.find(documentId)).to.deep.equal(key);
    await reader.close();
    await owner.close();
  });

  it('given many keys asked for at once, then they share appends and each is on disk when handed out', async () => {
    const keys = await openFileKeyStore(directory);
    const documentIds = Array.from({ length: 100 }, () => randomUUID());

    await Promise.all(documentIds.map((documentId) => keys.keyFor(documentId)));

    expect((await stat(join(directory, KEY_LOG_FILE))).size).to.equal(100 * 64);
    await keys.close();
  });
});
