import type { DocumentReadModel } from '../../ports/document-read-model.js';
import type { DocumentView } from '../../read-model/document-view.js';
import { runQuery } from '../../read-model/evaluate-query.js';

/**
 * The embedded mode's read model: views in memory, rebuilt at start by replaying the event log,
 * so the checkpoint needs no durability either. Views are copied in and out, as a database would,
 * so no caller can change a stored view behind the model's back.
 */
export const createMemoryReadModel = (): DocumentReadModel => {
  const viewsByTenant = new Map<string, Map<string, DocumentView>>();
  let checkpoint = 0;

  const viewsOf = (tenantId: string): Map<string, DocumentView> => {
    let views = viewsByTenant.get(tenantId);
    if (!views) {
      views = new Map();
      viewsByTenant.set(tenantId, views);
    }
    return views;
  };

  return {
    async remove(tenantId, documentId) {
      viewsByTenant.get(tenantId)?.delete(documentId);
    },
    async upsert(view) {
      const views = viewsOf(view.tenant_id);
      const stored = views.get(view.id);
      if (stored && stored.position >= view.position) return false;
      views.set(view.id, structuredClone(view));
      return true;
    },
    async get(tenantId, documentId) {
      const view = viewsByTenant.get(tenantId)?.get(documentId);
      return view ? structuredClone(view) : null;
    },
    async find(tenantId, query) {
      const result = runQuery(viewsByTenant.get(tenantId)?.values() ?? [], query);
      return { items: structuredClone(result.items), total: result.total };
    },
    async loadCheckpoint() {
      return checkpoint;
    },
    async saveCheckpoint(position) {
      checkpoint = position;
    },
    async close() {},
  };
};
