import type { RequestHandler } from 'express';
import { errors } from '../errors/app-error.js';
import type { TokenRegistry } from './token-registry.js';
import { TENANT_ID } from './token-hash.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every route below `/:tenantId` needs a bearer token of that tenant. A valid token for another
 * tenant is refused before anything is read, so nothing of that tenant leaks, not even a count.
 */
export const authenticate =
  (registry: TokenRegistry): RequestHandler =>
  async (request, response, next) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      next(errors.unauthorized('send Authorization: Bearer <token>'));
      return;
    }
    const principal = await registry.principalOf(match[1]!);
    if (!principal) {
      response.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      next(errors.unauthorized('the token is not valid'));
      return;
    }
    const pathTenant = String(request.params.tenantId ?? '');
    if (!TENANT_ID.test(pathTenant) || pathTenant !== principal.tenantId) {
      next(errors.forbidden('the token does not grant access to this tenant'));
      return;
    }
    response.locals.tenantId = principal.tenantId;
    response.locals.principal = principal;
    next();
  };
