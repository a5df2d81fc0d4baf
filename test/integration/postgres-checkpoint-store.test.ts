import { openPostgresCheckpointStore } from '../../shared/adapters/postgres/postgres-checkpoint-store.js';
import { checkpointStoreContract } from '../contract/checkpoint-store.contract.js';
import { POSTGRES_HOW_TO, inFreshSchema } from './postgres-test-schema.js';
import { serverUrl } from './server-urls.js';

describe('PostgreSQL checkpoint store', () => {
  let url: string;
  before(function () {
    url = serverUrl(this, 'POSTGRES_URL', POSTGRES_HOW_TO);
  });

  checkpointStoreContract('postgres checkpoint store', () => inFreshSchema(url, openPostgresCheckpointStore));
});
