import type { Document } from 'mongodb';
import { AppError } from '../../errors/app-error.js';
import type { DocumentReadModel } from '../../ports/document-read-model.js';
import type { DocumentView } from '../../read-model/document-view.js';
import { connectToDatabase } from './connect-to-database.js';
import { createIndexes } from './create-indexes.js';
import { toMongoFilter, toMongoSort } from './document-query-to-mongo.js';
import { DOCUMENT_VIEW_INDEXES } from './document-view-indexes.js';
import { FUZZY_SHADOWS, fuzzyShadowsOf } from './fuzzy-shadows.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { checkpointsIn } from './mongo-checkpoint-store.js';
import { fromStoredFieldNames, toStoredFieldNames } from './stored-field-names.js';

export interface MongoReadModelOptions {
  url: string;
  database: string;
  /** Names the views collection, `documents_v<version>`; a rebuild projects into a new version. Default `1`. */
  collectionVersion?: string;
}

const COLLECTION_VERSION = /^[A-Za-z0-9_-]{1,40}$/;

/** Stored views drop MongoDB's `_id` and the fuzzy shadows on the way out. */
const VIEW_PROJECTION = { _id: 0, [FUZZY_SHADOWS]: 0 };

const toStoredView = (view: DocumentView): Document => ({
  ...(toStoredFieldNames(view) as Document),
  [FUZZY_SHADOWS]: fuzzyShadowsOf(view),
});

const fromStoredView = (stored: Document): DocumentView => fromStoredFieldNames(stored) as DocumentView;

/**
 * The read model on MongoDB: one document per view in `documents_v<version>`, the projector's
 * checkpoint beside it in `read_model_checkpoints` under the collection's name. MongoDB applies the
 * conditional replace of `upsert` atomically; FerretDB v1 reads and writes in two steps, so there only
 * one writer per document is safe (the projector is one).
 *
 * Rebuilds: a second projector opens the model with the next version and replays the event log into
 * `documents_v<next>` from checkpoint 0 while the live projector keeps writing the current one. Once
 * the new checkpoint has reached the live one, the switch-over is a single write of the active
 * version to a pointer document (`read_model_versions: {_id: 'documents', active: '<next>'}`) that
 * query instances read at start; when they run on the new version, the old projector stops and the
 * old collection is dropped. Conditional upserts by position keep both projectors free of coordination.
 */
export const openMongoReadModel = async (options: MongoReadModelOptions): Promise<DocumentReadModel> => {
  const version = options.collectionVersion ?? '1';
  if (!COLLECTION_VERSION.test(version))
    throw new AppError({
      code: 'invalid_configuration',
      status: 500,
      title: 'Invalid configuration',
      detail: `read model collection version ${JSON.stringify(version)} must match ${COLLECTION_VERSION}`,
    });
  const collectionName = `documents_v${version}`;
  const { client, db } = await connectToDatabase(options.url, options.database);
  const views = db.collection(collectionName);
  await createIndexes(views, DOCUMENT_VIEW_INDEXES);
  const checkpoints = checkpointsIn(db.collection('read_model_checkpoints'));

  return {
    async upsert(view) {
      const newer = { tenant_id: view.tenant_id, id: view.id, position: { $lt: view.position } };
      const stored = toStoredView(view);
      try {
        // Replaces an older view or inserts the first one; an as-new stored view makes the insert collide.
        await views.replaceOne(newer, stored, { upsert: true });
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // The collision may also come from a concurrent first insert of an older view, which must still be replaced.
        return (await views.replaceOne(newer, stored)).matchedCount === 1;
      }
    },
    async remove(tenantId, documentId) {
      await views.deleteOne({ tenant_id: tenantId, id: documentId });
    },
    async get(tenantId, documentId) {
      const stored = await views.findOne({ tenant_id: tenantId, id: documentId }, { projection: VIEW_PROJECTION });
      return stored && fromStoredView(stored);
    },
    async find(tenantId, query) {
      const filter = toMongoFilter(tenantId, query.filter);
      const { number, size } = query.page;
      const [stored, total] = await Promise.all([
        views
          .find(filter, { projection: VIEW_PROJECTION, sort: toMongoSort(query.sort), skip: (number - 1) * size, limit: size })
          .toArray(),
        views.countDocuments(filter),
      ]);
      return { items: stored.map(fromStoredView), total };
    },
    loadCheckpoint: () => checkpoints.load(collectionName),
    saveCheckpoint: (position) => checkpoints.save(collectionName, position),
    close: () => client.close(),
  };
};
