import type { Document } from 'mongodb';
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
import { activeVersionIn, viewsCollectionName } from './read-model-versions.js';

export interface MongoReadModelOptions {
  url: string;
  database: string;
  /**
   * Names the views collection, `documents_v<version>`, for a rebuild projecting into a new version.
   * Without it the model follows the active version (read-model-versions.ts), looked up again at most
   * every `versionCheckMs` (default 1000), so a switch-over reaches every process within that time.
   */
  collectionVersion?: string;
  versionCheckMs?: number;
}

const VERSION_CHECK_MS = 1000;

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
 * Rebuilds (`npm run read-model -- rebuild`): a second projector opens the model with the next version
 * and replays the event log into `documents_v<next>` from checkpoint 0 while the live projector keeps
 * writing the current one. Once it has caught up, the switch-over is a single write of the active
 * version to a pointer document (`read_model_versions: {_id: 'documents', active: '<next>'}`) that every
 * model without a fixed version follows; the live projector then writes the new collection too, and
 * after every process has switched the old collection is dropped. Conditional upserts by position
 * keep both projectors free of coordination.
 */
export const openMongoReadModel = async (options: MongoReadModelOptions): Promise<DocumentReadModel> => {
  const fixedVersion = options.collectionVersion;
  if (fixedVersion !== undefined) viewsCollectionName(fixedVersion);
  const { client, db } = await connectToDatabase(options.url, options.database);
  const checkpoints = checkpointsIn(db.collection('read_model_checkpoints'));
  const open = async (version: string) => {
    const collectionName = viewsCollectionName(version);
    const collection = db.collection(collectionName);
    await createIndexes(collection, DOCUMENT_VIEW_INDEXES);
    return { version, collectionName, views: collection, checkedAt: Date.now() };
  };
  let current = await open(fixedVersion ?? (await activeVersionIn(db)));
  /** The collection of the active version: each operation uses one, so a switch-over never splits a read. */
  const active = async () => {
    if (fixedVersion !== undefined || Date.now() - current.checkedAt < (options.versionCheckMs ?? VERSION_CHECK_MS)) return current;
    const version = await activeVersionIn(db);
    current = version === current.version ? { ...current, checkedAt: Date.now() } : await open(version);
    return current;
  };

  return {
    async upsert(view) {
      const { views } = await active();
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
      await (await active()).views.deleteOne({ tenant_id: tenantId, id: documentId });
    },
    async get(tenantId, documentId) {
      const stored = await (await active()).views.findOne({ tenant_id: tenantId, id: documentId }, { projection: VIEW_PROJECTION });
      return stored && fromStoredView(stored);
    },
    async find(tenantId, query) {
      const { views } = await active();
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
    loadCheckpoint: async () => checkpoints.load((await active()).collectionName),
    saveCheckpoint: async (position) => checkpoints.save((await active()).collectionName, position),
    close: () => client.close(),
  };
};
