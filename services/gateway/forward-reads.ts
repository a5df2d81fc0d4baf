import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { RequestHandler } from 'express';
import { errors } from '../../shared/errors/app-error.js';

const READ_TIMEOUT_MS = 30_000;
const FORWARDED_REQUEST_HEADERS = ['authorization', 'accept', 'traceparent', 'tracestate', 'x-forwarded-for'];
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-disposition',
  'cache-control',
  'allow',
  'www-authenticate',
  'x-content-type-options',
  'retry-after',
  'etag',
  'location',
  'content-security-policy',
  'referrer-policy',
  'x-frame-options',
];

/**
 * In the distributed mode one address serves the whole API: the gateway takes the writes and hands
 * every read (GET, HEAD) to the query service unchanged, so clients and ingresses need one route. The
 * review page (/app/) comes from the query service the same way.
 */
export const forwardReads =
  (queryUrl: string): RequestHandler =>
  async (request, response, next) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      next();
      return;
    }
    const headers = Object.fromEntries(
      FORWARDED_REQUEST_HEADERS.flatMap((name) => {
        const value = request.get(name);
        return value ? [[name, value]] : [];
      }),
    );
    headers['x-forwarded-host'] = request.get('host') ?? '';
    headers['x-forwarded-proto'] = request.protocol;
    let answer: Response;
    try {
      answer = await fetch(new URL(request.originalUrl, queryUrl), {
        method: request.method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
    } catch (error) {
      throw errors.unavailable('the query service cannot be reached', error);
    }
    response.status(answer.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value) response.setHeader(name, value);
    }
    if (!answer.body) {
      response.end();
      return;
    }
    Readable.fromWeb(answer.body as ReadableStream).pipe(response);
  };
