import type { DocumentView } from '../read-model/document-view.js';
import type { DocumentQuery, QueryResult } from '../read-model/query.js';

/**
 * Query-side store of document views. Writes are idempotent: a view older than (or as old as)
 * the stored one, by `position`, is ignored, so replays and redeliveries are harmless.
 */
export interface DocumentReadModel {
  /** Stores the view unless the stored one has a position >= view.position. Returns whether it was stored. */
  upsert(view: DocumentView): Promise<boolean>;
  get(tenantId: string, documentId: string): Promise<DocumentView | null>;
  /** Removes the view of an erased document from gets, finds and counts. Removing a missing view is no error. */
  remove(tenantId: string, documentId: string): Promise<void>;
  find(tenantId: string, query: DocumentQuery): Promise<QueryResult<DocumentView>>;
  /** The projector's checkpoint, kept beside the views it describes (0 when new). */
  loadCheckpoint(): Promise<number>;
  saveCheckpoint(position: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new, empty read model that a replay of the whole log fills. It may leave out what readers need (indexes,
 * counts) while it loads, and build it in `finishLoading`, which the replay calls once it has caught up and
 * before anyone reads from it; it keeps taking writes as a live read model afterwards.
 */
export interface LoadingDocumentReadModel extends DocumentReadModel {
  finishLoading(): Promise<void>;
}
