import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RequestHandler } from 'express';
import type { Principal } from '../auth/token-registry.js';
import type { Logger } from '../logging/logger.js';
import { kontorMetrics, secondsSince } from '../telemetry/kontor-metrics.js';
import { contextFromTraceparent } from '../telemetry/tracing.js';

/**
 * One span and one duration measurement per request (continuing a client's `traceparent`), active while the request is handled
 * so events appended on its behalf carry its trace; one log line per request with status and time.
 */
export const traceRequests =
  (logger: Logger): RequestHandler =>
  (request, response, next) => {
    const started = performance.now();
    // Inside the HTTP server span of the auto-instrumentation when it runs, else continuing the client's trace.
    const parent = trace.getActiveSpan() ? context.active() : contextFromTraceparent(request.get('traceparent'));
    const span = trace.getTracer('kontor').startSpan(`${request.method} ${request.path}`, { kind: SpanKind.SERVER }, parent);
    response.on('finish', () => {
      // The route as declared (`/documents/:documentId`), never the raw path: bounded label values.
      const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
      kontorMetrics().httpRequestDuration.record(secondsSince(started), { method: request.method, route, status: response.statusCode });
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', response.statusCode);
      if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      const { traceId } = span.spanContext();
      logger.info(
        {
          method: request.method,
          path: request.path,
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
          tenant_id: response.locals.tenantId,
          // Who sent it, by token id: the secret itself is never logged.
          token_id: (response.locals.principal as Principal | undefined)?.tokenId,
          trace_id: traceId,
        },
        'request',
      );
    });
    context.with(trace.setSpan(parent, span), next);
  };
