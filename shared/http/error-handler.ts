import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, isAppError } from '../errors/app-error.js';
import type { Logger } from '../logging/logger.js';
import { sendErrors } from './json-api.js';

interface HttpError {
  type?: string;
  status?: number;
  expose?: boolean;
  limit?: number;
}

/**
 * body-parser reports its failures by `type`; each becomes the client error it really is. Any other
 * client error Express or its parts raise (http-errors with a 4xx `status`, such as a route parameter
 * that does not decode) keeps its status.
 */
const fromHttpError = (thrown: unknown): AppError | null => {
  if (typeof thrown !== 'object' || thrown === null) return null;
  const error = thrown as HttpError;
  switch (error.type) {
    case 'entity.too.large':
      return new AppError({
        code: 'payload_too_large',
        status: 413,
        title: 'Request body too large',
        detail: `the request body exceeds the limit of ${error.limit ?? 'the configured'} bytes`,
      });
    case 'entity.parse.failed':
      return new AppError({ code: 'invalid_json', status: 400, title: 'Malformed JSON', detail: 'the request body is not valid JSON' });
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError({
        code: 'unsupported_encoding',
        status: 415,
        title: 'Unsupported encoding',
        detail: 'use UTF-8 without content encoding',
      });
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new AppError({ code: 'bad_request', status: 400, title: 'Bad request', detail: 'the request body could not be read' });
    default:
      // The router marks a parameter that does not decode with status 400 alone; only `expose: false` hides one.
      if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.expose !== false)
        return new AppError({
          code: 'bad_request',
          status: error.status,
          title: 'Bad request',
          detail: 'the request could not be understood',
        });
      return null;
  }
};

export const jsonApiErrorHandler =
  (logger: Logger): ErrorRequestHandler =>
  (error: unknown, _request, response, _next) => {
    if (response.headersSent) {
      // A download failed mid-stream: the status is out, so all that is left is to cut the answer short.
      logger.error({ err: error }, 'failed after the answer began');
      response.destroy();
      return;
    }
    const appError = isAppError(error) ? error : fromHttpError(error);
    if (appError && appError.status < 500) {
      if (appError.retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(appError.retryAfterSeconds));
      sendErrors(response, appError);
      return;
    }
    if (appError?.retriable) {
      logger.warn({ err: error }, appError.title);
      response.setHeader('Retry-After', '1');
      sendErrors(
        response,
        new AppError({ code: 'service_unavailable', status: 503, title: 'Service unavailable', detail: 'try again shortly' }),
      );
      return;
    }
    logger.error({ err: error }, 'unexpected error');
    sendErrors(
      response,
      new AppError({
        code: 'internal_error',
        status: 500,
        title: 'Internal error',
        detail: 'the request failed unexpectedly; it was logged',
      }),
    );
  };

export const notFoundHandler: RequestHandler = (request, _response, next) =>
  next(new AppError({ code: 'not_found', status: 404, title: 'Not found', detail: `no resource at ${request.path}` }));

export const methodNotAllowed =
  (allowed: string[]): RequestHandler =>
  (request, response, next) => {
    response.setHeader('Allow', allowed.join(', '));
    next(
      new AppError({
        code: 'method_not_allowed',
        status: 405,
        title: 'Method not allowed',
        detail: `${request.method} is not supported here; allowed: ${allowed.join(', ')}`,
      }),
    );
  };
