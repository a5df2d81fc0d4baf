import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { StoredFile } from '../../contracts/events/common.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { CreateDocumentBody, decodeBase64File } from '../../contracts/requests/create-document.js';
import { decide, foldEvents } from '../../shared/document/document-decider.js';
import { documentStreamName, toNewEvents } from '../../shared/document/document-stream.js';
import { extensionFor, sniffMimeType } from '../../shared/files/sniff-mime-type.js';
import { renderDocument } from '../../shared/read-model/render-document.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import type { Logger } from '../../shared/logging/logger.js';
import { documentLogger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { kontorMetrics } from '../../shared/telemetry/kontor-metrics.js';

export interface CreateDocumentPorts {
  store: EventStore;
  blobs: BlobStore;
  logger: Logger;
}

export interface CreateDocumentOptions extends ViewOptions {
  publicBaseUrl: string | null;
}

/** Inline files are named by their position and sniffed type: base64 carries no name. */
const storeUpload = async (blobs: BlobStore, bytes: Buffer, position: number): Promise<StoredFile> => {
  const mimeType = (await sniffMimeType(bytes)) ?? 'application/octet-stream';
  const blob = await blobs.put(bytes);
  return { blob, fileName: `upload-${position}.${extensionFor(mimeType)}`, mimeType };
};

/**
 * POST /documents: validate, keep inline files, open the document's stream, answer 201 with the
 * document as it now stands. Processing continues asynchronously from the recorded events.
 */
export const createDocumentRoute =
  (ports: CreateDocumentPorts, options: CreateDocumentOptions): RequestHandler =>
  async (request, response) => {
    const parsed = CreateDocumentBody.safeParse(request.body);
    if (!parsed.success) throw requestValidationError(parsed.error);
    const { type, attributes } = parsed.data.data;
    const tenantId = String(response.locals.tenantId);
    const documentId = randomUUID();
    const files = (attributes.base64_files ?? []).map((value) => decodeBase64File(value)!);
    const uploads = await Promise.all(files.map((bytes, index) => storeUpload(ports.blobs, bytes, index + 1)));

    const submittedAt = new Date().toISOString();
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
    const baseUrl = tenantBaseUrl(request, options.publicBaseUrl);
    const { resource } = renderDocument(buildDocumentView(state, appended.position, options), {
      tenantBaseUrl: baseUrl,
      include: new Set(),
      typeName: type,
    });
    documentLogger(ports.logger, tenantId, documentId).info({ sources: events.length }, 'document submitted');
    kontorMetrics().documentsSubmitted.add(1, { tenant: tenantId });
    response.setHeader('Location', resource.links.self);
    sendDocument(response, 201, { data: resource });
  };
