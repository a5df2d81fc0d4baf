import type { Db } from 'mongodb';
import { AppError } from '../../errors/app-error.js';
import { connectToDatabase } from './connect-to-database.js';

/**
 * Which version of the views collection (`documents_v<version>`) readers use: one pointer document,
 * `read_model_versions: {_id: 'documents', active: '<version>'}`, version `1` while there is none.
 * A rebuild projects into the next version and then moves the pointer: one write, so every reader
 * switches whole, from one collection to the other.
 */
const POINTER = 'documents';
const POINTERS = 'read_model_versions';
const CHECKPOINTS = 'read_model_checkpoints';
export const FIRST_VERSION = '1';
const VERSION = /^[A-Za-z0-9_-]{1,40}$/;

export const viewsCollectionName = (version: string): string => {
  if (!VERSION.test(version))
    throw new AppError({
      code: 'invalid_configuration',
      status: 500,
      title: 'Invalid configuration',
      detail: `read model collection version ${JSON.stringify(version)} must match ${VERSION}`,
    });
  return `documents_v${version}`;
};

export const activeVersionIn = async (db: Db): Promise<string> =>
  (await db.collection<{ _id: string; active: string }>(POINTERS).findOne({ _id: POINTER }))?.active ?? FIRST_VERSION;

/** The version after this one: numbers count up; any other name is followed by `2`. */
export const nextVersion = (version: string): string => (/^[0-9]+$/.test(version) ? String(Number(version) + 1) : '2');

export interface ReadModelVersions {
  active(): Promise<string>;
  /** Points every reader at this version. */
  activate(version: string): Promise<void>;
  /** Drops a version's views and its projector checkpoint. */
  drop(version: string): Promise<void>;
  close(): Promise<void>;
}

export const openReadModelVersions = async (options: { url: string; database: string }): Promise<ReadModelVersions> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  return {
    active: () => activeVersionIn(db),
    async activate(version) {
      viewsCollectionName(version);
      await db
        .collection<{ _id: string; active: string }>(POINTERS)
        .updateOne({ _id: POINTER }, { $set: { active: version } }, { upsert: true });
    },
    async drop(version) {
      const name = viewsCollectionName(version);
      if ((await db.listCollections({ name }, { nameOnly: true }).toArray()).length > 0) await db.collection(name).drop();
      await db.collection<{ _id: string }>(CHECKPOINTS).deleteOne({ _id: name });
    },
    close: () => client.close(),
  };
};
