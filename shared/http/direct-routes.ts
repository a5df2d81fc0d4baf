import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * A route of a tenant router that is also answered without express's router, for the requests that name
 * exactly its path (see `answerDirectly`).
 */
export interface DirectRoute {
  method: string;
  /** Below the tenant's root, as its router declares it: `/documents`. */
  path: string;
  /** The very handler the tenant router mounts at that path (one instance: it may hold state, such as limits). */
  handler: RequestHandler;
}

/** The handlers express's router would run for a direct route's request, in its order, and what follows them. */
export interface DirectDispatch {
  /** The app's own middlewares, which see the URL as the client sent it. */
  appLevel: RequestHandler[];
  /** The middlewares mounted with the tenant routers below `/v1/:tenantId` and `/api/v1/:tenantId`. */
  tenantLevel: RequestHandler[];
  routes: DirectRoute[];
  /** What answers when no handler did (express's router goes on to its not-found handler). */
  notFound: RequestHandler;
  onError: ErrorRequestHandler;
}

/** Nothing the URL holds needs decoding or normalising: any other spelling goes through the router. */
const TENANT_ROOT = /^(\/(?:api\/)?v1\/([^/?#%]+))(\/[^?#%]*)$/;

/**
 * The tenant's root (`/v1/acme`) and id of a URL spelled exactly `/v1/{tenant}{path}` or
 * `/api/v1/{tenant}{path}`: no query string, no percent escapes, no trailing slash, the path's case.
 * Express's router also takes other spellings (its matching ignores case and a trailing slash); those
 * keep taking it.
 */
export const tenantRootOf = (url: string, path: string): { baseUrl: string; tenantId: string } | null => {
  const match = TENANT_ROOT.exec(url);
  return match && match[3] === path ? { baseUrl: match[1]!, tenantId: match[2]! } : null;
};

/**
 * Express's `next` over a list of handlers: each runs when the one before it calls `next()`; an error, passed
 * to `next`, thrown or rejected by a handler's promise, skips the rest and goes to `done`, as does the end of
 * the list. (The router's `next('route')` and `next('router')` are not handled: no direct route's handler uses them.)
 */
export const runHandlers = (
  handlers: readonly RequestHandler[],
  request: Request,
  response: Response,
  done: (error?: unknown) => void,
): void => {
  let index = 0;
  const next: NextFunction = (error?: unknown) => {
    const handler = handlers[index++];
    // As express's router: a falsy argument is no error.
    if (error || !handler) {
      index = handlers.length;
      done(error);
      return;
    }
    try {
      const returned = handler(request, response, next) as unknown;
      if (returned instanceof Promise) returned.catch((rejected: unknown) => next(rejected ?? new Error('Rejected promise')));
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
};

/**
 * Answers the direct routes' requests on `app` without its router: the same middlewares and handlers, in the
 * same order, with the request set up as the router would set it up (express's request and response, the
 * tenant's root as `baseUrl`, `params.tenantId`, `route`), so they answer exactly as through the router. The
 * router's work per request (matching every layer's path, twice for a mounted one, and the chain of `next`
 * calls around them) took about 7 % of the main thread's time a create. Every other request, and any
 * spelling of a direct route's path other than the plain one, goes through the router as before.
 */
export const answerDirectly = (app: Express, dispatch: DirectDispatch): void => {
  if (dispatch.routes.length === 0) return;
  const express = app as unknown as Express & { handle(request: Request, response: Response, callback?: NextFunction): void };
  const throughRouter = express.handle.bind(express);
  // Each route's chain is made once: express's router also keeps one route object for all of a route's requests.
  const chains = dispatch.routes.map((route) => {
    const routeObject = { path: route.path, methods: { [route.method.toLowerCase()]: true } };
    const mountTenant: RequestHandler = (request, _response, next) => {
      const root = tenantRootOf(request.originalUrl, route.path)!;
      request.url = route.path;
      request.baseUrl = root.baseUrl;
      request.params = { tenantId: root.tenantId };
      next();
    };
    const enterRoute: RequestHandler = (request, _response, next) => {
      request.route = routeObject;
      next();
    };
    return { route, handlers: [...dispatch.appLevel, mountTenant, ...dispatch.tenantLevel, enterRoute, route.handler] };
  });

  express.handle = (request, response, callback) => {
    const direct = chains.find(({ route }) => route.method === request.method && tenantRootOf(request.url, route.path));
    if (!direct) {
      throughRouter(request, response, callback);
      return;
    }
    // What express's app.handle does before its router runs, and its router for the app's own middlewares.
    request.res = response;
    response.req = request;
    Object.setPrototypeOf(request, app.request);
    Object.setPrototypeOf(response, app.response);
    response.locals ??= Object.create(null) as Record<string, unknown>;
    const originalUrl = request.url;
    request.originalUrl = originalUrl;
    request.baseUrl = '';
    request.params = {};

    const failed = (error: unknown) => {
      // Out of the tenant's mount, as the router hands an error back to the app's error handler.
      request.url = originalUrl;
      request.baseUrl = '';
      request.params = {};
      dispatch.onError(error, request, response, () => undefined);
    };
    runHandlers(direct.handlers, request, response, (error) =>
      error ? failed(error) : runHandlers([dispatch.notFound], request, response, failed),
    );
  };
};
