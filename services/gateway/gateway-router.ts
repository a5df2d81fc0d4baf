import { Router } from 'express';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import type { DirectRoute } from '../../shared/http/direct-routes.js';
import { CORRECTABLE_RECORDS } from '../../shared/document/field-corrections.js';
import type { CreateDocumentOptions, CreateDocumentPorts } from './create-document-route.js';
import { createDocumentRoute } from './create-document-route.js';
import type { EraseDocumentPorts } from './erase-document-route.js';
import { eraseDocumentRoute } from './erase-document-route.js';
import { correctFieldsRoute } from './correct-fields-route.js';
import { reprocessDocumentRoute } from './reprocess-document-route.js';

export type GatewayPorts = CreateDocumentPorts & EraseDocumentPorts;

/**
 * The commands clients send: submit a document, correct what was read, erase one. The create is also to be
 * answered without express's router (`directRoutes`, see direct-routes.ts): the same handler.
 */
export const createGatewayRouter = (
  ports: GatewayPorts,
  options: CreateDocumentOptions,
): { router: Router; directRoutes: DirectRoute[] } => {
  const router = Router({ mergeParams: true });
  const createDocument = createDocumentRoute(ports, options);
  router.post('/documents', createDocument);
  router.post('/documents/:documentId/reprocess', reprocessDocumentRoute(ports, options));
  router.all('/documents/:documentId/reprocess', methodNotAllowed(['POST']));
  router.delete('/documents/:documentId', eraseDocumentRoute(ports));
  for (const record of CORRECTABLE_RECORDS) {
    router.patch(`/documents/:documentId/${record}`, correctFieldsRoute(ports, options, record));
  }
  return { router, directRoutes: [{ method: 'POST', path: '/documents', handler: createDocument }] };
};
