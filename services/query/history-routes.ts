import { Router, type Request } from 'express';
import { loadReadableStream, toHistory, type HistoryEvent } from '../../shared/audit/document-history.js';
import { payloadBlobs, withBlobLinks } from '../../shared/audit/payload-blobs.js';
import { errors } from '../../shared/errors/app-error.js';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { pageLinks } from './page-links.js';
import { parseHistoryQuery } from './parse-history-query.js';

export interface HistoryPorts {
  /** The log as services read it: payloads decrypted. */
  store: EventStore;
  blobs: BlobStore;
}

export interface HistoryOptions {
  publicBaseUrl: string | null;
}

/** Payloads larger than this are left out of a page of events and linked instead (the event's own URL answers them). */
const INLINE_PAYLOAD_BYTES = 16 * 1024;

const eventResource = (event: HistoryEvent, documentUrl: string, inline: 'always' | 'when small') => {
  const eventUrl = `${documentUrl}/events/${event.eventId}`;
  const payload = withBlobLinks(event.payload, (hash) => `${eventUrl}/blobs/${hash}`);
  const payloadBytes = Buffer.byteLength(JSON.stringify(payload), 'utf8');
  const shown = inline === 'always' || payloadBytes <= INLINE_PAYLOAD_BYTES;
  return {
    type: 'document_events',
    id: event.eventId,
    attributes: {
      type: event.type,
      schema_version: event.schemaVersion,
      stored_schema_version: event.storedSchemaVersion,
      revision: event.revision,
      position: event.position,
      recorded_at: event.recordedAt,
      causation_id: event.causationId,
      correlation_id: event.correlationId,
      trace_id: event.traceId,
      actor: event.actor,
      chain_hash: event.chain?.hash ?? null,
      previous_chain_hash: event.chain?.previousHash ?? null,
      payload_inline: shown,
      payload_bytes: payloadBytes,
      payload: shown ? payload : null,
    },
    links: { self: eventUrl, document: documentUrl },
  };
};

/**
 * The auditor's reading of a document: its events in order (paged, filtered by type), one event
 * whole, and the bytes of any blob an event references. Tenant-checked like every read: another
 * tenant's document is unknown here; an erased one answers 410 saying who erased it and when.
 */
export const createHistoryRouter = (ports: HistoryPorts, options: HistoryOptions): Router => {
  const router = Router({ mergeParams: true });
  const tenantOf = (request: Request) => String(request.res!.locals.tenantId);
  const documentIdOf = (request: Request) => String(request.params.documentId);
  const documentUrlOf = (request: Request) => `${tenantBaseUrl(request, options.publicBaseUrl)}/documents/${documentIdOf(request)}`;

  const loadHistory = async (request: Request) =>
    toHistory(await loadReadableStream(ports.store, tenantOf(request), documentIdOf(request)));

  const loadEvent = async (request: Request): Promise<HistoryEvent> => {
    const eventId = String(request.params.eventId);
    const event = (await loadHistory(request)).find((candidate) => candidate.eventId === eventId);
    if (!event) throw errors.notFound(`document ${documentIdOf(request)} has no event ${eventId}`);
    return event;
  };

  router.get('/documents/:documentId/events', async (request, response) => {
    const query = parseHistoryQuery(request.query as Record<string, unknown>);
    const history = await loadHistory(request);
    const matching = query.types ? history.filter((event) => query.types!.includes(event.type)) : history;
    const { number, size } = query.page;
    const totalPages = Math.max(1, Math.ceil(matching.length / size));
    const documentUrl = documentUrlOf(request);
    sendDocument(response, 200, {
      data: matching.slice((number - 1) * size, number * size).map((event) => eventResource(event, documentUrl, 'when small')),
      meta: { total: matching.length, page: { number, size, total_pages: totalPages } },
      links: pageLinks(`${documentUrl}/events`, request.originalUrl, query.page, totalPages),
    });
  });
  router.all('/documents/:documentId/events', methodNotAllowed(['GET']));

  router.get('/documents/:documentId/events/:eventId', async (request, response) => {
    const resource = eventResource(await loadEvent(request), documentUrlOf(request), 'always');
    sendDocument(response, 200, { data: resource, links: { self: resource.links.self } });
  });
  router.all('/documents/:documentId/events/:eventId', methodNotAllowed(['GET']));

  router.get('/documents/:documentId/events/:eventId/blobs/:hash', async (request, response) => {
    const event = await loadEvent(request);
    const blob = payloadBlobs(event.payload).find((candidate) => candidate.hash === request.params.hash);
    if (!blob) throw errors.notFound(`event ${event.eventId} references no blob ${String(request.params.hash)}`);
    const bytes = await ports.blobs.get(blob.hash);
    if (!bytes) throw errors.unavailable(`the bytes of blob ${blob.hash} are not available right now`);
    response
      .status(200)
      .type(blob.mimeType ?? 'application/octet-stream')
      .setHeader('Content-Disposition', `inline; filename="${(blob.fileName ?? blob.hash).replace(/["\\\r\n]/g, '_')}"`)
      .setHeader('Cache-Control', 'private, max-age=3600')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
  router.all('/documents/:documentId/events/:eventId/blobs/:hash', methodNotAllowed(['GET']));

  return router;
};
