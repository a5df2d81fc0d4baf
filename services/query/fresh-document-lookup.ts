import { documentStreamName, foldDocument } from '../../shared/document/document-stream.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { DocumentView } from '../../shared/read-model/document-view.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { documentViewAsOf, type AsOf, type ViewAsOf } from '../../shared/read-model/document-as-of.js';
import { loadTenantStream } from '../../shared/audit/document-audit.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads one document from the read model, and from its stream when the projector has not caught up
 * yet, so a client that reads right after creating never gets a 404 for its own document.
 */
export const createFreshDocumentLookup =
  (readModel: DocumentReadModel, store: EventStore, options: ViewOptions) =>
  async (tenantId: string, documentId: string): Promise<DocumentView | null> => {
    const projected = await readModel.get(tenantId, documentId);
    if (projected || !UUID.test(documentId)) return projected;
    const history = await store.readStream(documentStreamName(documentId));
    const state = foldDocument(history);
    const last = history[history.length - 1];
    if (!state || !last || state.tenantId !== tenantId) return null;
    return buildDocumentView(state, last.position, options);
  };

/** One document as it stood at a point of its past, folded from its stream (see document-as-of.ts). */
export const createAsOfLookup =
  (store: EventStore, options: ViewOptions) =>
  async (tenantId: string, documentId: string, asOf: AsOf): Promise<ViewAsOf> =>
    documentViewAsOf(documentId, await loadTenantStream(store, tenantId, documentId), asOf, options);
