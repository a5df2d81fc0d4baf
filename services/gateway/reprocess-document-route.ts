import type { RequestHandler } from 'express';
import { ReprocessDocumentBody } from '../../contracts/requests/reprocess-document.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { decide } from '../../shared/document/document-decider.js';
import { AppError } from '../../shared/errors/app-error.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { revisionETag } from '../../shared/http/revision-etag.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import { documentLogger } from '../../shared/logging/logger.js';
import { buildDocumentView } from '../../shared/read-model/build-document-view.js';
import { renderDocument } from '../../shared/read-model/render-document.js';
import type { CorrectFieldsOptions, CorrectFieldsPorts } from './correct-fields-route.js';
import { loadTenantDocument, recordDecided } from './tenant-document.js';

const changedMeanwhile = (cause: unknown) =>
  new AppError({
    code: 'document_processing',
    status: 409,
    title: 'Document still processing',
    detail: 'the document changed while the request was being recorded; read it again',
    cause,
  });

/**
 * POST /documents/{id}/reprocess: a finished document runs through the pipeline again, from its
 * extraction or its conversion on. Answers 202 with the document as it now stands (processing); the
 * new reading shows once recorded, corrections stay in force.
 */
export const reprocessDocumentRoute =
  (ports: CorrectFieldsPorts, options: CorrectFieldsOptions): RequestHandler =>
  async (request, response) => {
    const tenantId = String(response.locals.tenantId);
    const documentId = String(request.params.documentId);
    const parsed = ReprocessDocumentBody.safeParse(request.body);
    if (!parsed.success) throw requestValidationError(parsed.error);
    const { scope, reason } = parsed.data.data.attributes;

    const loaded = await loadTenantDocument(ports.store, tenantId, documentId);
    const events = decide(
      { type: 'RequestReprocessing', data: { requestedAt: new Date().toISOString(), scope, reason: reason ?? null } },
      loaded.state,
    );
    const current = await recordDecided(ports.store, response.locals.principal as Principal, loaded, events, changedMeanwhile);
    documentLogger(ports.logger, tenantId, documentId).info({ scope }, 'reprocessing requested');

    const { resource } = renderDocument(buildDocumentView(current.state!, current.position, options), {
      tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
      include: new Set(),
    });
    response.setHeader('ETag', revisionETag(current.state!.revision));
    response.setHeader('Content-Location', resource.links.self);
    sendDocument(response, 202, { data: resource });
  };
