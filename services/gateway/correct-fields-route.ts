import type { RequestHandler } from 'express';
import { correctionBody, fieldChanges } from '../../contracts/requests/correct-fields.js';
import type { Principal } from '../../shared/auth/token-registry.js';
import { decide } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';
import { documentStreamName, foldDocument, toNewEvents } from '../../shared/document/document-stream.js';
import type { CorrectableRecord } from '../../shared/document/field-corrections.js';
import { AppError, errors, isAppError } from '../../shared/errors/app-error.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { revisionETag, revisionFromIfMatch } from '../../shared/http/revision-etag.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import { documentLogger, type Logger } from '../../shared/logging/logger.js';
import type { EventStore, RecordedEvent } from '../../shared/ports/event-store.js';
import { buildDocumentView, type ViewOptions } from '../../shared/read-model/build-document-view.js';
import { renderDocument } from '../../shared/read-model/render-document.js';

export interface CorrectFieldsPorts {
  store: EventStore;
  logger: Logger;
}

export interface CorrectFieldsOptions extends ViewOptions {
  publicBaseUrl: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** The document's stream, folded, if it is this tenant's: another tenant's document does not exist here. */
export const loadTenantDocument = async (
  store: EventStore,
  tenantId: string,
  documentId: string,
): Promise<{ state: DocumentState; last: RecordedEvent }> => {
  const history = UUID.test(documentId) ? await store.readStream(documentStreamName(documentId)) : [];
  const state = foldDocument(history);
  const last = history[history.length - 1];
  if (!state || !last || state.tenantId !== tenantId) throw errors.notFound(`no document ${documentId} for this tenant`);
  return { state, last };
};

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

    const { state } = await loadTenantDocument(ports.store, tenantId, documentId);
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
    const events = decide(command, state);
    if (events.length > 0) {
      const principal = response.locals.principal as Principal;
      await ports.store
        .append(
          documentStreamName(documentId),
          toNewEvents(events, { tenantId, documentId, producer: 'gateway', requestedBy: principal }),
          state.revision,
        )
        .catch((error: unknown) => {
          throw isAppError(error) && error.code === 'wrong_expected_revision' ? staleRevision(error) : error;
        });
      documentLogger(ports.logger, tenantId, documentId).info({ record, fields: events.length }, 'fields corrected');
    }

    const current = await loadTenantDocument(ports.store, tenantId, documentId);
    const documentUrl = `${tenantBaseUrl(request, options.publicBaseUrl)}/documents/${documentId}`;
    const { included } = renderDocument(buildDocumentView(current.state, current.last.position, options), {
      tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
      include: new Set([record]),
    });
    response.setHeader('ETag', revisionETag(current.state.revision));
    sendDocument(response, 200, { data: included[0] ?? null, links: { self: `${documentUrl}/${record}` } });
  };
