import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { AppError } from '../../errors/app-error.js';
import type { CheckpointStore } from '../../ports/checkpoint-store.js';
import { openFileCheckpointStore } from './file-checkpoint-store.js';

describe('file checkpoint store', () => {
  let parent: string;
  let store: CheckpointStore;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'kontor-checkpoints-'));
    store = await openFileCheckpointStore(join(parent, 'checkpoints'));
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  for (const name of ['../escape', 'a/b', '..', '', 'Relay']) {
    it(`refuses the name ${JSON.stringify(name)} and writes nothing`, async () => {
      const error = await store.save(name, 1).then(
        () => null,
        (reason: AppError) => reason,
      );

      expect(error?.code).to.equal('invalid_checkpoint');
      expect(await readdir(parent)).to.deep.equal(['checkpoints']);
      expect(await readdir(join(parent, 'checkpoints'))).to.deep.equal([]);
    });
  }

  it('refuses a position that is not a non-negative integer', async () => {
    for (const position of [-1, 1.5, Number.NaN]) {
      const error = await store.save('relay', position).then(
        () => null,
        (reason: AppError) => reason,
      );
      expect(error?.code, String(position)).to.equal('invalid_checkpoint');
    }
  });
});
