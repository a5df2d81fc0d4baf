import type { Collection } from 'mongodb';
import { AppError } from '../../errors/app-error.js';
import type { CheckpointStore } from '../../ports/checkpoint-store.js';
import { connectToDatabase } from './connect-to-database.js';

interface CheckpointDocument {
  _id: string;
  position: number;
}

export type CheckpointCollection = Collection<CheckpointDocument>;

/** Positions as `{_id: name, position}` documents of one collection; shared with the read model's checkpoint. */
export const checkpointsIn = (collection: CheckpointCollection): Pick<CheckpointStore, 'load' | 'save'> => ({
  async load(name) {
    return (await collection.findOne({ _id: name }))?.position ?? 0;
  },
  async save(name, position) {
    if (!Number.isSafeInteger(position) || position < 0)
      throw new AppError({
        code: 'invalid_checkpoint',
        status: 500,
        title: 'Invalid checkpoint',
        detail: `position ${position} is not a non-negative integer`,
      });
    await collection.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
  },
});

export const openMongoCheckpointStore = async (options: { url: string; database: string }): Promise<CheckpointStore> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  return { ...checkpointsIn(db.collection('checkpoints')), close: () => client.close() };
};
