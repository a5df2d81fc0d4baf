import type { RequestHandler } from 'express';
import { correctionBody, fieldChanges } from '../../contracts/requests/correct-fields.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { decide } from '../../shared/document/document-decider.js';
import type { CorrectableRecord } from '../../shared/document/field-corrections.js';
import { AppError } from '../../shared/errors/app-error.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { revisionETag, revisionFromIfMatch } from '../../shared/http/revision-etag.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import { documentLogger, type Logger } from '../../shared/logging/logger.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { renderDocument } from '../../shared/read-model/render-document.js';
import { loadTenantDocument, recordDecided } from './tenant-document.js';

export interface CorrectFieldsPorts {
  store: EventStore;
  logger: Logger;
}

export interface CorrectFieldsOptions extends ViewOptions {
  publicBaseUrl: string | null;
}

const staleRevision = (cause: unknown) =>
  new AppError({
    code: 'stale_revision',
    status: 412,
    title: 'Precondition failed',
    detail: 'the document changed while the correction was being recorded: read it again',
    cause,
  });

/** JSON:API: a resource whose type or id is not the endpoint's is a conflict. */
const mismatch = (detail: string, pointer: string) =>
  new AppError({ code: 'resource_mismatch', status: 409, title: 'Resource mismatch', detail, source: { pointer } });

/**
 * PATCH /documents/{id}/{record}: a reviewer corrects fields of the accounting document or of an
 * address. The If-Match names the revision the reviewer saw; the decider refuses a stale one (412)
 * and a document with nothing to correct (409). Answers the corrected record and its new ETag.
 */
export const correctFieldsRoute =
  (ports: CorrectFieldsPorts, options: CorrectFieldsOptions, record: CorrectableRecord): RequestHandler =>
  async (request, response) => {
    const tenantId = String(response.locals.tenantId);
    const documentId = String(request.params.documentId);
    const parsed = correctionBody(record).safeParse(request.body);
    if (!parsed.success) {
      const body = request.body as { data?: { type?: unknown; id?: unknown } } | undefined;
      if (typeof body?.data?.type === 'string' && body.data.type !== record) {
        throw mismatch(`this endpoint corrects ${record}, not ${body.data.type}`, '/data/type');
      }
      throw requestValidationError(parsed.error);
    }
    const { id, attributes, meta } = parsed.data.data;
    if (id !== documentId) throw mismatch(`the ${record} of document ${documentId} has id ${documentId}, not ${id}`, '/data/id');

    const loaded = await loadTenantDocument(ports.store, tenantId, documentId);
    const expectedRevision = revisionFromIfMatch(request.get('if-match'));
    const command = {
      type: 'CorrectFields' as const,
      data: {
        expectedRevision,
        changes: fieldChanges(record, attributes),
        reason: meta.reason,
        reviewer: meta.reviewer ?? null,
        correctedAt: new Date().toISOString(),
      },
    };
    const events = decide(command, loaded.state);
    const current = await recordDecided(ports.store, response.locals.principal as Principal, loaded, events, staleRevision);
    if (events.length > 0) documentLogger(ports.logger, tenantId, documentId).info({ record, fields: events.length }, 'fields corrected');

    const documentUrl = `${tenantBaseUrl(request, options.publicBaseUrl)}/documents/${documentId}`;
    const { included } = renderDocument(buildDocumentView(current.state!, current.position, options), {
      tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
      include: new Set([record]),
    });
    response.setHeader('ETag', revisionETag(current.state!.revision));
    sendDocument(response, 200, { data: included[0] ?? null, links: { self: `${documentUrl}/${record}` } });
  };
