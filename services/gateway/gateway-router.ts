import { Router } from 'express';
import { CORRECTABLE_RECORDS } from '../../shared/document/field-corrections.js';
import type { CreateDocumentOptions, CreateDocumentPorts } from './create-document-route.js';
import { createDocumentRoute } from './create-document-route.js';
import type { EraseDocumentPorts } from './erase-document-route.js';
import { eraseDocumentRoute } from './erase-document-route.js';
import { correctFieldsRoute } from './correct-fields-route.js';

export type GatewayPorts = CreateDocumentPorts & EraseDocumentPorts;

/** The commands clients send: submit a document, correct what was read, erase one. */
export const createGatewayRouter = (ports: GatewayPorts, options: CreateDocumentOptions): Router => {
  const router = Router({ mergeParams: true });
  router.post('/documents', createDocumentRoute(ports, options));
  router.delete('/documents/:documentId', eraseDocumentRoute(ports));
  for (const record of CORRECTABLE_RECORDS) {
    router.patch(`/documents/:documentId/${record}`, correctFieldsRoute(ports, options, record));
  }
  return router;
};
