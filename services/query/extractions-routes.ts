import { Router, type Request } from 'express';
import { documentStreamName, foldDocument, toDocumentEvent } from '../../shared/document/document-stream.js';
import { errors } from '../../shared/errors/app-error.js';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { diffReadings, documentReadings, type DocumentReading } from '../../shared/read-model/document-readings.js';

export interface ExtractionsPorts {
  store: EventStore;
}

export interface ExtractionsOptions {
  publicBaseUrl: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIFF = /^(\d+),(\d+)$/;

const readingResource = (reading: DocumentReading, documentUrl: string) => ({
  type: 'extractions',
  id: String(reading.revision),
  attributes: {
    revision: reading.revision,
    extracted_at: reading.extractedAt,
    extractor_version: reading.extractorVersion,
    round: reading.round,
    document_type: reading.documentType,
    error_codes: reading.errorCodes,
    fields: reading.fields,
  },
  links: { self: `${documentUrl}/extractions?diff=${reading.revision},${reading.revision}` },
});

/**
 * Every machine reading of a document, read from its stream (the history keeps them all), and a
 * field-by-field comparison of any two: `?diff=<revision>,<revision>` with the readings' ids.
 */
export const createExtractionsRouter = (ports: ExtractionsPorts, options: ExtractionsOptions): Router => {
  const router = Router({ mergeParams: true });

  const loadReadings = async (request: Request): Promise<DocumentReading[]> => {
    const tenantId = String(request.res!.locals.tenantId);
    const documentId = String(request.params.documentId);
    const history = UUID.test(documentId) ? await ports.store.readStream(documentStreamName(documentId)) : [];
    const state = foldDocument(history);
    if (!state || state.tenantId !== tenantId) throw errors.notFound(`no document ${documentId} for this tenant`);
    return documentReadings(history.map(toDocumentEvent));
  };

  router.get('/documents/:documentId/extractions', async (request, response) => {
    const { diff, ...unexpected } = request.query as Record<string, unknown>;
    const unknown = Object.keys(unexpected)[0];
    if (unknown)
      throw errors.badRequest('unknown_parameter', `unsupported query parameter ${unknown} on extractions`, { parameter: unknown });
    const match = diff === undefined ? null : DIFF.exec(String(diff));
    if (diff !== undefined && !match) {
      throw errors.badRequest('invalid_diff', 'diff takes two reading ids (revisions), e.g. diff=5,12', { parameter: 'diff' });
    }
    const readings = await loadReadings(request);
    const documentUrl = `${tenantBaseUrl(request, options.publicBaseUrl)}/documents/${String(request.params.documentId)}`;
    const self = `${documentUrl}/extractions`;
    if (!match) {
      sendDocument(response, 200, {
        data: readings.map((reading) => readingResource(reading, documentUrl)),
        meta: { total: readings.length },
        links: { self },
      });
      return;
    }
    const [from, to] = [Number(match[1]), Number(match[2])].map((revision) => {
      const reading = readings.find((candidate) => candidate.revision === revision);
      if (!reading)
        throw errors.badRequest('unknown_reading', `the document has no reading at revision ${revision}`, { parameter: 'diff' });
      return reading;
    }) as [DocumentReading, DocumentReading];
    sendDocument(response, 200, {
      data: {
        type: 'extraction_diffs',
        id: `${from.revision},${to.revision}`,
        attributes: {
          from: { revision: from.revision, extractor_version: from.extractorVersion, extracted_at: from.extractedAt },
          to: { revision: to.revision, extractor_version: to.extractorVersion, extracted_at: to.extractedAt },
          changes: diffReadings(from, to),
        },
      },
      links: { self: `${self}?diff=${from.revision},${to.revision}` },
    });
  });
  router.all('/documents/:documentId/extractions', methodNotAllowed(['GET']));

  return router;
};
