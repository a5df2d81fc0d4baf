import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createDirectorySync } from './directory-sync.js';

describe('directory sync', () => {
  it('given many callers at once, then each is answered once a sync that began after it asked is done', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'kontor-directory-sync-'));
    try {
      const sync = createDirectorySync(directory);
      const answered = await Promise.all(
        Array.from({ length: 20 }, async (_, index) => {
          await writeFile(join(directory, `entry-${index}`), 'x');
          await sync();
          return index;
        }),
      );
      expect(answered).to.have.length(20);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('given a directory that is gone, then the caller learns it', async () => {
    const sync = createDirectorySync(join(tmpdir(), 'kontor-no-such-directory'));
    const error = await sync().then(
      () => null,
      (reason: NodeJS.ErrnoException) => reason,
    );
    expect(error?.code).to.equal('ENOENT');
  });
});
