import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { fsyncDirectory, writeNewFileDurably } from './small-file-calls.js';

describe('small file calls', () => {
  let directory: string;
  beforeEach(async () => (directory = await mkdtemp(join(tmpdir(), 'kontor-small-files-'))));
  afterEach(() => rm(directory, { recursive: true, force: true }));

  it('given no file, when one is written durably, then it holds the bytes with the mode asked for', async () => {
    const path = join(directory, 'key');
    const bytes = Buffer.from('0123456789abcdef0123456789abcdef');

    await writeNewFileDurably(path, bytes, 0o600);

    expect(await readFile(path)).to.deep.equal(bytes);
    expect((await stat(path)).mode & 0o777).to.equal(0o600);
  });

  it('given several megabytes, when they are written durably, then the file holds all of them', async () => {
    const path = join(directory, 'blob');
    const bytes = Buffer.alloc(5 * 1024 * 1024, 'kontor');

    await writeNewFileDurably(path, bytes, 0o644);

    expect((await readFile(path)).equals(bytes)).to.equal(true);
  });

  it('given a file already there, then writing a new one fails with EEXIST and leaves it as it was', async () => {
    const path = join(directory, 'key');
    await writeFile(path, 'first');

    const error = await writeNewFileDurably(path, Buffer.from('second'), 0o600).catch((caught: unknown) => caught);

    expect((error as NodeJS.ErrnoException).code).to.equal('EEXIST');
    expect(await readFile(path, 'utf8')).to.equal('first');
  });

  it('syncs a directory, and fails on one that is not there', async () => {
    await fsyncDirectory(directory);
    const error = await fsyncDirectory(join(directory, 'missing')).catch((caught: unknown) => caught);
    expect((error as NodeJS.ErrnoException).code).to.equal('ENOENT');
  });
});
