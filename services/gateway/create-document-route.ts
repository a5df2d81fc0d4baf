import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { StoredFile } from '../../contracts/events/common.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { CreateDocumentBody } from '../../contracts/requests/create-document.js';
import { decide, foldEvents } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { documentStreamName, foldDocument, toNewEvents } from '../../shared/document/document-stream.js';
import { extensionFor, sniffMimeType } from '../../shared/files/sniff-mime-type.js';
import { renderDocument } from '../../shared/read-model/render-document.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import type { Logger } from '../../shared/logging/logger.js';
import { documentLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { IdempotencyClaim, IdempotencyStore } from '../../shared/ports/idempotency-store.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { createInFlightLimit } from './documents-in-flight.js';
import { idempotencyKeyOf, requestHashOf } from './idempotency-core.js';
import { createIdempotencyGuard } from './idempotency-guard.js';
import { kontorMetrics } from '../../shared/telemetry/kontor-metrics.js';

export interface CreateDocumentPorts {
  store: EventStore;
  blobs: BlobStore;
  idempotencyKeys: IdempotencyStore;
  /** Where the tenant's documents still processing are counted. */
  readModel: DocumentReadModel;
  logger: Logger;
}

export interface CreateDocumentOptions extends ViewOptions {
  publicBaseUrl: string | null;
  /** Documents a tenant may have processing at once; 0: no limit. */
  maxDocumentsInFlight: number;
}

/** Inline files are named by their position and sniffed type: base64 carries no name. */
const storeUpload = async (blobs: BlobStore, bytes: Buffer, position: number): Promise<StoredFile> => {
  const mimeType = (await sniffMimeType(bytes)) ?? 'application/octet-stream';
  const blob = await blobs.put(bytes);
  return { blob, fileName: `upload-${position}.${extensionFor(mimeType)}`, mimeType };
};

/** Answers 201 with the document as it stands; a replay of an idempotent create says so in a header. */
const respondWithDocument = (
  request: Request,
  response: Response,
  view: { state: DocumentState; position: number; typeName: 'documents' | 'document'; replayed: boolean },
  options: CreateDocumentOptions,
) => {
  const { resource } = renderDocument(buildDocumentView(view.state, view.position, options), {
    tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
    include: new Set(),
    typeName: view.typeName,
  });
  response.setHeader('Location', resource.links.self);
  if (view.replayed) response.setHeader('Idempotent-Replayed', 'true');
  sendDocument(response, 201, { data: resource });
};

/**
 * POST /documents: validate, keep inline files, open the document's stream, answer 201 with the
 * document as it now stands. Processing continues asynchronously from the recorded events. With an
 * `Idempotency-Key`, a repeat of the request within 24 hours answers with the first document instead.
 */
export const createDocumentRoute = (ports: CreateDocumentPorts, options: CreateDocumentOptions): RequestHandler => {
  const idempotency = createIdempotencyGuard(ports.idempotencyKeys, ports.store, ports.logger);
  const checkInFlight = createInFlightLimit(ports.readModel, options.maxDocumentsInFlight);

  return async (request, response) => {
    const parsed = CreateDocumentBody.safeParse(request.body);
    if (!parsed.success) throw requestValidationError(parsed.error);
    const key = idempotencyKeyOf(request.get('Idempotency-Key'));
    const { type, attributes } = parsed.data.data;
    const tenantId = String(response.locals.tenantId);
    const documentId = randomUUID();
    const submittedAt = new Date().toISOString();

    // A replay creates nothing, so only a new document counts against the tenant's limit.
    const claim: IdempotencyClaim | null = key
      ? { tenantId, key, requestHash: requestHashOf(request.body), documentId, claimedAt: submittedAt }
      : null;
    if (claim) {
      const admission = await idempotency.admit(claim);
      if (admission.kind === 'replay') {
        const last = admission.history[admission.history.length - 1]!;
        const state = foldDocument(admission.history)!;
        respondWithDocument(request, response, { state, position: last.position, typeName: type, replayed: true }, options);
        return;
      }
    }

    try {
      await checkInFlight(tenantId);
      const uploads = await Promise.all((attributes.base64_files ?? []).map((bytes, index) => storeUpload(ports.blobs, bytes, index + 1)));
      const command = {
        documentId,
        tenantId,
        submittedAt,
        urls: attributes.urls ?? [],
        uploads,
        customFields: attributes.custom_fields ?? {},
        documentType: attributes.document_type ?? null,
        extractLineItems: attributes.extract_line_items ?? null,
        extractionProcess: attributes.extraction_process ?? null,
      };
      const events = decide({ type: 'SubmitDocument', data: command }, null);
      const appended = await ports.store.append(
        documentStreamName(documentId),
        toNewEvents(events, { tenantId, documentId, producer: 'gateway', requestedBy: response.locals.principal as Principal }),
        'noStream',
      );
      const state = foldEvents(events.map((event, revision) => ({ ...event, revision, recordedAt: submittedAt })))!;
      // A child logger serialises its bindings when made: made only when its line is written.
      if (ports.logger.isLevelEnabled('info'))
        documentLogger(ports.logger, tenantId, documentId).info(
          { sources: events.length, idempotency_key: key !== null },
          'document submitted',
        );
      kontorMetrics().documentsSubmitted.add(1, { tenant: tenantId });
      respondWithDocument(request, response, { state, position: appended.position, typeName: type, replayed: false }, options);
    } catch (error) {
      if (claim) await idempotency.release(claim);
      throw error;
    }
  };
};
