import { Router } from 'express';
import type { CreateDocumentOptions, CreateDocumentPorts } from './create-document-route.js';
import { createDocumentRoute } from './create-document-route.js';

export const createGatewayRouter = (ports: CreateDocumentPorts, options: CreateDocumentOptions): Router => {
  const router = Router({ mergeParams: true });
  router.post('/documents', createDocumentRoute(ports, options));
  return router;
};
