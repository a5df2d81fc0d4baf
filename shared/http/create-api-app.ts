import express, { type RequestHandler, type Router } from 'express';
import { authenticate } from '../auth/authenticate.js';
import type { TokenRegistry } from '../auth/token-registry.js';
import type { Logger } from '../logging/logger.js';
import { jsonApiErrorHandler, notFoundHandler } from './error-handler.js';
import { checkJsonBody } from './json-body.js';
import { JSON_API_MEDIA_TYPE } from './json-api.js';
import { negotiateJsonApi } from './media-types.js';
import { traceRequests } from './request-tracing.js';
import { requireUtf8Url } from './url-encoding.js';
import { limitRequestsPerTenant } from './tenant-rate-limit.js';
import { rememberTrustVerdicts, type TrustProxy } from './remembered-trust.js';
import { apiRequests } from '../runtime/foreground-work.js';
import { answerDirectly, type DirectRoute } from './direct-routes.js';

/** Each request counts as foreground work until its answer is sent or its connection closed (see apiRequests). */
const countApiRequests: RequestHandler = (_request, response, next) => {
  const finished = apiRequests.begin();
  response.once('finish', finished);
  response.once('close', finished);
  next();
};

export interface ApiAppOptions {
  logger: Logger;
  tokens: TokenRegistry;
  maxBodyBytes: number;
  /** Requests per tenant and second this process answers; 0: no limit. */
  requestsPerSecondPerTenant: number;
  /** Routers of the tenant's API (documents, files), mounted under both path forms of the interface. */
  tenantRouters: Router[];
  /**
   * Routes of `tenantRouters` (their very handlers) answered without express's router when a request spells their
   * path plainly: the API's busiest ones (a document's create).
   */
  directRoutes?: DirectRoute[];
  /** Routers outside the tenant's API that need no token (the review page's static files). */
  pages?: Router[];
  /** Handles tenant requests before this app does (the gateway hands reads to the query service). */
  forward?: RequestHandler;
  isReady(): boolean;
}

const TENANT_PATHS = ['/v1/:tenantId', '/api/v1/:tenantId'];
/** Where the review page lives; the query service serves it, the gateway hands it on like a read. */
const REVIEW_PAGE_PATH = '/app';

/** The HTTP shell shared by the gateway and the query service: tracing, auth, negotiation, errors. */
export const createApiApp = (options: ApiAppOptions): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // Proxies on the pod network (an ingress, the gateway forwarding reads) say how the client called.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('trust proxy', rememberTrustVerdicts(app.get('trust proxy fn') as TrustProxy));
  const appLevel = [countApiRequests, traceRequests(options.logger), requireUtf8Url];
  app.use(appLevel);
  app.get('/healthz', (_request, response) => void response.json({ status: 'ok' }));
  app.get('/readyz', (_request, response) => {
    const ready = options.isReady();
    response.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'starting' });
  });
  if (options.forward) app.use([...TENANT_PATHS, REVIEW_PAGE_PATH], options.forward);
  for (const page of options.pages ?? []) app.use(page);
  const tenantLevel = [
    authenticate(options.tokens),
    limitRequestsPerTenant(options.requestsPerSecondPerTenant),
    negotiateJsonApi,
    express.json({
      limit: options.maxBodyBytes,
      type: [JSON_API_MEDIA_TYPE, 'application/json'],
      strict: true,
      verify: (_request, _response, body) => checkJsonBody(body),
    }),
  ];
  app.use(TENANT_PATHS, ...tenantLevel, ...options.tenantRouters);
  const onError = jsonApiErrorHandler(options.logger);
  app.use(notFoundHandler);
  app.use(onError);
  // The same middlewares in the same order, minus the routes a tenant's path never matches (health, pages).
  answerDirectly(app, {
    appLevel,
    tenantLevel: [...(options.forward ? [options.forward] : []), ...tenantLevel],
    routes: options.directRoutes ?? [],
    notFound: notFoundHandler,
    onError,
  });
  return app;
};
