import { Router } from 'express';
import type { CreateDocumentOptions, CreateDocumentPorts } from './create-document-route.js';
import { createDocumentRoute } from './create-document-route.js';
import type { EraseDocumentPorts } from './erase-document-route.js';
import { eraseDocumentRoute } from './erase-document-route.js';

export type GatewayPorts = CreateDocumentPorts & EraseDocumentPorts;

/** The commands clients send: submit a document, erase one. */
export const createGatewayRouter = (ports: GatewayPorts, options: CreateDocumentOptions): Router => {
  const router = Router({ mergeParams: true });
  router.post('/documents', createDocumentRoute(ports, options));
  router.delete('/documents/:documentId', eraseDocumentRoute(ports));
  return router;
};
