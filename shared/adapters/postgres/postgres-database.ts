import { Pool, escapeIdentifier, type PoolClient } from 'pg';
import { AppError, errors } from '../../errors/app-error.js';
import { asStoreError } from './postgres-errors.js';
import { POSTGRES_SCHEMA_NAME } from './postgres-schema-name.js';

export interface PostgresStoreOptions {
  connectionString: string;
  /** Where the store keeps its tables; created when missing. Default `kontor`. */
  schema?: string;
}

/** A store's tables in one schema of one database, reached through a pool. */
export interface PostgresDatabase {
  schema: string;
  /** `schema`, quoted for splicing into SQL. */
  quotedSchema: string;
  /** Runs one statement; `action` names it in the retriable error a lost connection turns into. */
  query<Row extends object>(action: string, sql: string, parameters: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** The quoted schema name, safe to splice into SQL. */
export const quotedSchema = (schema: string): string => {
  if (!POSTGRES_SCHEMA_NAME.test(schema)) {
    throw new AppError({
      code: 'invalid_schema',
      status: 500,
      title: 'Invalid schema name',
      detail: `schema ${JSON.stringify(schema)} must match ${POSTGRES_SCHEMA_NAME}`,
    });
  }
  return escapeIdentifier(schema);
};

/**
 * Runs idempotent DDL in one transaction. Processes starting together would race on
 * `CREATE … IF NOT EXISTS` (it is not safe against concurrent creation), so a lock per schema serialises them.
 */
const migrate = async (pool: Pool, schema: string, statements: string[]): Promise<void> => {
  let client: PoolClient | undefined;
  let failure: Error | undefined;
  try {
    client = await pool.connect();
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`kontor-migration:${schema}`]);
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    failure = error as Error;
    throw asStoreError(error, `prepare schema ${schema}`);
  } finally {
    // A connection that failed mid-transaction is discarded rather than returned to the pool.
    client?.release(failure);
  }
};

/** Connects to the database and applies `migration` (the schema's idempotent DDL) before resolving. */
export const openPostgresDatabase = async (
  { connectionString, schema = 'kontor' }: PostgresStoreOptions,
  migration: (schema: string) => string[],
  storeName: string,
): Promise<PostgresDatabase> => {
  const quoted = quotedSchema(schema);
  const statements = migration(schema);
  const pool = new Pool({ connectionString, connectionTimeoutMillis: 10_000 });
  // Idle connections may drop (a server restart) without crashing the process; the next query reconnects.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, schema, statements);
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closing: Promise<void> | null = null;

  return {
    schema,
    quotedSchema: quoted,
    async query<Row extends object>(action: string, sql: string, parameters: unknown[]) {
      if (closing) throw errors.unavailable(`${storeName} is closed`);
      try {
        return (await pool.query<Row>(sql, parameters)).rows;
      } catch (error) {
        throw asStoreError(error, action);
      }
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
};
