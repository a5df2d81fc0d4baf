import type { RequestHandler } from 'express';
import { z } from 'zod';
import { referencedBlobHashes } from '../../shared/audit/hash-chain.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { decide } from '../../shared/document/document-decider.js';
import { isAppError } from '../../shared/errors/app-error.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import type { Logger } from '../../shared/logging/logger.js';
import { documentLogger } from '../../shared/logging/logger.js';
import type { DocumentKeyStore } from '../../shared/ports/document-key-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { loadTenantDocument, recordDecided } from './tenant-document.js';

export interface EraseDocumentPorts {
  store: EventStore;
  keys: DocumentKeyStore;
  logger: Logger;
}

const EraseQuery = z.object({ reason: z.string().min(1).max(1000).optional() });

/** A step appending to the stream between our read and our append is retried by reading again. */
const ATTEMPTS = 3;

/**
 * Erasure for a data-protection request: records DocumentErased (with the blobs to delete and the
 * requester), then destroys the document's key, which shreds every payload wherever the log is kept.
 * The eraser deletes the blobs; the projector drops the view. Unknown, foreign and erased documents are
 * all 404, so the answer reveals nothing about other tenants.
 */
export const eraseDocumentRoute =
  (ports: EraseDocumentPorts): RequestHandler =>
  async (request, response) => {
    const query = EraseQuery.safeParse(request.query);
    if (!query.success) throw requestValidationError(query.error);
    const principal = response.locals.principal as Principal;
    const documentId = String(request.params.documentId);

    for (let attempt = 1; ; attempt += 1) {
      const loaded = await loadTenantDocument(ports.store, principal.tenantId, documentId);
      const erasure = {
        erasedAt: new Date().toISOString(),
        requestedBy: { tenantId: principal.tenantId, tokenId: principal.tokenId },
        reason: query.data.reason ?? null,
        blobs: [...new Set(loaded.history.flatMap((event) => referencedBlobHashes(event.data)))].sort(),
        payloadsShredded: (await ports.keys.find(documentId)) !== null,
      };
      const events = decide({ type: 'EraseDocument', data: erasure }, loaded.state);
      try {
        await recordDecided(ports.store, principal, loaded, events, (conflict) => conflict);
      } catch (error) {
        if (isAppError(error) && error.code === 'wrong_expected_revision' && attempt < ATTEMPTS) continue;
        throw error;
      }
      await ports.keys.destroy(documentId);
      documentLogger(ports.logger, principal.tenantId, documentId).info(
        { token_id: principal.tokenId, blobs: erasure.blobs.length, payloads_shredded: erasure.payloadsShredded },
        'document erased',
      );
      response.status(204).end();
      return;
    }
  };
