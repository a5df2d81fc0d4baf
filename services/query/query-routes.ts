import { Router, type Request, type Response } from 'express';
import { errors } from '../../shared/errors/app-error.js';
import { renderDocument, type RelationshipName } from '../../shared/read-model/render-document.js';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
import { parseDocumentQuery } from './parse-document-query.js';
import type { DocumentView, FileEntry } from '../../shared/read-model/document-view.js';
import { pageLinks } from './page-links.js';
import { revisionETag } from '../../shared/http/revision-etag.js';
import { CORRECTABLE_RECORDS } from '../../shared/document/field-corrections.js';
import { parseAsOf } from './parse-as-of.js';
import type { AsOf, ViewAsOf } from '../../shared/read-model/document-as-of.js';

export interface QueryPorts {
  readModel: DocumentReadModel;
  /** One document by id, fresh even before the projector caught up (see fresh-document-lookup.ts). */
  lookup(tenantId: string, documentId: string): Promise<DocumentView | null>;
  /** One document as it stood at a point of its past. */
  lookupAsOf(tenantId: string, documentId: string, asOf: AsOf): Promise<ViewAsOf>;
  blobs: BlobStore;
}

export interface QueryOptions {
  publicBaseUrl: string | null;
}

const findFile = (view: DocumentView, fileId: string): FileEntry | undefined => {
  const { source_files, enhanced_pdf, signed_pdf, previews, thumbnail } = view.document;
  const files = [
    ...source_files,
    ...(enhanced_pdf ?? []),
    ...previews,
    ...(signed_pdf ? [signed_pdf] : []),
    ...(thumbnail ? [thumbnail] : []),
  ];
  return files.find((entry) => entry.file_id === fileId);
};

const uniqueIncluded = (records: unknown[]): unknown[] => {
  const seen = new Set<string>();
  return records.filter((record) => {
    const { type, id } = record as { type: string; id: string };
    const key = `${type}/${id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The read side of the API: one document, a filtered page of documents, and their files. */
export const createQueryRouter = (ports: QueryPorts, options: QueryOptions): Router => {
  const router = Router({ mergeParams: true });
  const tenantOf = (request: Request) => String(request.res!.locals.tenantId);

  const loadDocument = async (request: Request): Promise<DocumentView> => {
    const view = await ports.lookup(tenantOf(request), String(request.params.documentId));
    if (!view) throw errors.notFound(`no document ${String(request.params.documentId)} for this tenant`);
    return view;
  };

  router.get('/documents', async (request, response) => {
    const { query, include } = parseDocumentQuery(request.query as Record<string, unknown>);
    const result = await ports.readModel.find(tenantOf(request), query);
    const baseUrl = tenantBaseUrl(request, options.publicBaseUrl);
    const rendered = result.items.map((view) => renderDocument(view, { tenantBaseUrl: baseUrl, include: new Set(include) }));
    const totalPages = Math.max(1, Math.ceil(result.total / query.page.size));
    sendDocument(response, 200, {
      data: rendered.map((entry) => entry.resource),
      included: uniqueIncluded(rendered.flatMap((entry) => entry.included)),
      meta: { total: result.total, page: { number: query.page.number, size: query.page.size, total_pages: totalPages } },
      links: pageLinks(`${baseUrl}/documents`, request.originalUrl, query.page, totalPages),
    });
  });
  router.all('/documents', methodNotAllowed(['GET', 'POST']));

  router.get('/documents/:documentId', async (request, response) => {
    const { as_of: rawAsOf, ...rest } = request.query as Record<string, unknown>;
    const { include } = parseDocumentQuery(onlyInclude(rest));
    const asOf = rawAsOf === undefined ? null : parseAsOf(rawAsOf);
    const past = asOf && (await ports.lookupAsOf(tenantOf(request), String(request.params.documentId), asOf));
    const view = past ? past.view : await loadDocument(request);
    const { resource, included } = renderDocument(view, {
      tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
      include: new Set<RelationshipName>(include),
    });
    if (!past) {
      setRevisionETag(response, view);
      sendDocument(response, 200, { data: resource, included, links: { self: resource.links.self } });
      return;
    }
    sendDocument(response, 200, {
      data: resource,
      included,
      meta: { as_of: { requested: String(rawAsOf), revision: past.revision, recorded_at: past.recordedAt } },
      links: { self: `${resource.links.self}?as_of=${encodeURIComponent(String(rawAsOf))}` },
    });
  });
  router.all('/documents/:documentId', methodNotAllowed(['GET', 'DELETE']));

  for (const record of CORRECTABLE_RECORDS) {
    router.get(`/documents/:documentId/${record}`, async (request, response) => {
      refuseParameters(Object.keys(request.query as object), `the ${record} of a document`);
      const view = await loadDocument(request);
      const { resource, included } = renderDocument(view, {
        tenantBaseUrl: tenantBaseUrl(request, options.publicBaseUrl),
        include: new Set([record]),
      });
      setRevisionETag(response, view);
      sendDocument(response, 200, { data: included[0] ?? null, links: { self: `${resource.links.self}/${record}` } });
    });
    router.all(`/documents/:documentId/${record}`, methodNotAllowed(['GET', 'PATCH']));
  }

  router.get('/documents/:documentId/files/:fileId', async (request, response) => {
    const view = await loadDocument(request);
    const entry = findFile(view, String(request.params.fileId));
    if (!entry) throw errors.notFound(`document ${view.id} has no file ${String(request.params.fileId)}`);
    const bytes = await ports.blobs.get(entry.blob_hash);
    if (!bytes) throw errors.unavailable(`the bytes of ${entry.file_id} are not available right now`);
    response
      .status(200)
      .type(entry.mime_type)
      .setHeader('Content-Disposition', `inline; filename="${entry.file_name.replace(/["\\\r\n]/g, '_')}"`)
      .setHeader('Cache-Control', 'private, max-age=3600')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
  router.all('/documents/:documentId/files/:fileId', methodNotAllowed(['GET']));

  return router;
};

/** Views projected before revisions were kept have none: they answer without an ETag until rebuilt. */
const setRevisionETag = (response: Response, view: DocumentView): void => {
  if (typeof view.revision === 'number') response.setHeader('ETag', revisionETag(view.revision));
};

const refuseParameters = (names: string[], where: string): void => {
  if (names.length === 0) return;
  throw errors.badRequest('unknown_parameter', `unsupported query parameter ${names[0]} on ${where}`, { parameter: names[0]! });
};

/** A single document takes `include` (and `as_of`, read apart) only; any other parameter is refused like on the collection. */
const onlyInclude = (query: Record<string, unknown>): Record<string, unknown> => {
  const { include, ...rest } = query;
  refuseParameters(Object.keys(rest), 'a single document');
  return include === undefined ? {} : { include };
};
