import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PostgresStoreOptions } from '../../shared/adapters/postgres/postgres-database.js';

export const POSTGRES_HOW_TO = 'start a server with `eval "$(scripts/servers/postgres.sh)"`';

/** Options naming a schema no other test uses, and a way to drop it afterwards. */
export const freshSchema = (connectionString: string) => {
  const options: PostgresStoreOptions = { connectionString, schema: `test_${randomUUID().replaceAll('-', '').slice(0, 20)}` };
  const drop = async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(options.schema!)} CASCADE`);
    } finally {
      await client.end();
    }
  };
  return { options, drop };
};

/** Opens a store in a fresh schema that can be reopened, and is dropped on cleanup. */
export const inFreshSchema = async <Store extends { close(): Promise<void> }>(
  connectionString: string,
  open: (options: PostgresStoreOptions) => Promise<Store>,
) => {
  const { options, drop } = freshSchema(connectionString);
  let current = await open(options);
  return {
    store: current,
    reopen: async () => (current = await open(options)),
    async cleanup() {
      await current.close();
      await drop();
    },
  };
};
