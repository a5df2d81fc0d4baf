import type { RequestHandler } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { errors } from '../errors/app-error.js';

/**
 * At most `requestsPerSecond` requests per tenant and second in this process (0: no limit); more get a
 * 429 with `Retry-After`. Runs after authentication, so the tenant is known and only its own budget
 * is spent. Each request is counted by the one process that answers it (the gateway hands reads on
 * before counting), so with N replicas a tenant gets up to N times the rate.
 */
export const limitRequestsPerTenant = (requestsPerSecond: number): RequestHandler => {
  if (requestsPerSecond === 0) return (_request, _response, next) => next();
  const limiter = new RateLimiterMemory({ points: requestsPerSecond, duration: 1 });
  return (_request, response, next) => {
    limiter.consume(String(response.locals.tenantId)).then(
      () => next(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) {
          next(rejection);
          return;
        }
        next(
          errors.tooManyRequests(
            'too_many_requests',
            `this tenant may send at most ${requestsPerSecond} requests per second`,
            Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
          ),
        );
      },
    );
  };
};
