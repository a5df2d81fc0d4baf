import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openSqliteReadModel } from '../../shared/adapters/embedded/sqlite-read-model.js';
import { documentReadModelContract } from './document-read-model.contract.js';

documentReadModelContract('sqlite', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'));
  const model = await openSqliteReadModel(directory);
  return {
    model,
    async cleanup() {
      await model.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
