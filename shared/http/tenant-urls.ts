import type { Request } from 'express';

/**
 * The tenant's API root as the client addressed it (`/v1/acme` or `/api/v1/acme`), so links and
 * file URLs use the same path form. PUBLIC_BASE_URL wins over the Host header behind proxies.
 */
export const tenantBaseUrl = (request: Request, publicBaseUrl: string | null): string => {
  // Behind a trusted proxy (see create-api-app.ts) protocol and host come from X-Forwarded-*.
  const origin = publicBaseUrl ?? `${request.protocol}://${request.host ?? 'localhost'}`;
  return `${origin.replace(/\/$/, '')}${request.baseUrl}`;
};
