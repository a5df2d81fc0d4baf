import { AppError } from '../../errors/app-error.js';
import type { CheckpointStore } from '../../ports/checkpoint-store.js';
import { openPostgresDatabase, quotedSchema, type PostgresStoreOptions } from './postgres-database.js';

const checkpointMigration = (schema: string): string[] => {
  const s = quotedSchema(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.checkpoints (name text PRIMARY KEY, position bigint NOT NULL CHECK (position >= 0))`,
  ];
};

const isPosition = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** One row per follower holding its position, overwritten on every save. */
export const openPostgresCheckpointStore = async (options: PostgresStoreOptions): Promise<CheckpointStore> => {
  const database = await openPostgresDatabase(options, checkpointMigration, 'checkpoint store');
  const s = database.quotedSchema;

  return {
    async load(name: string): Promise<number> {
      const [row] = await database.query<{ position: string }>(
        `load checkpoint ${name}`,
        `SELECT position FROM ${s}.checkpoints WHERE name = $1`,
        [name],
      );
      return row ? Number(row.position) : 0;
    },
    async save(name: string, position: number): Promise<void> {
      if (!isPosition(position)) {
        throw new AppError({
          code: 'invalid_checkpoint',
          status: 500,
          title: 'Invalid checkpoint',
          detail: `position ${position} is not a non-negative integer`,
        });
      }
      await database.query(
        `save checkpoint ${name}`,
        `INSERT INTO ${s}.checkpoints (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
        [name, position],
      );
    },
    close: () => database.close(),
  };
};
