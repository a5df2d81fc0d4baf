import type { RequestHandler } from 'express';
import { AppError } from '../errors/app-error.js';
import { JSON_API_MEDIA_TYPE } from './json-api.js';

const ACCEPTED_BODY_TYPES = [JSON_API_MEDIA_TYPE, 'application/json'];
/** Bodies are UTF-8 (RFC 8259 §8.1); a declared charset may only say so. */
const UTF8_NAMES = ['utf-8', 'utf8'];

const parseMediaRange = (value: string) => {
  const [type = '', ...parameters] = value.split(';').map((part) => part.trim().toLowerCase());
  return { type, parameters: parameters.filter((parameter) => !parameter.startsWith('q=')) };
};

/**
 * JSON:API content negotiation. Request bodies must be JSON:API (plain application/json is tolerated,
 * as many HTTP clients send it); media type parameters are refused, as the JSON:API spec asks.
 * Downloads (a file's bytes, a document's archive) are exempt from the Accept check: they answer with
 * their own type.
 */
const DOWNLOAD_PATH = /\/(files\/[^/]+|events\/[^/]+\/blobs\/[^/]+|export)$/;

export const negotiateJsonApi: RequestHandler = (request, _response, next) => {
  const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && ['POST', 'PUT', 'PATCH'].includes(request.method)) {
    const contentType = request.headers['content-type'];
    const { type, parameters } = parseMediaRange(contentType ?? '');
    if (!ACCEPTED_BODY_TYPES.includes(type) || (type === JSON_API_MEDIA_TYPE && parameters.length > 0)) {
      next(
        new AppError({
          code: 'unsupported_media_type',
          status: 415,
          title: 'Unsupported media type',
          detail: `Content-Type must be ${JSON_API_MEDIA_TYPE}, got ${contentType ?? 'none'}`,
          source: { header: 'Content-Type' },
        }),
      );
      return;
    }
    const charset = parameters
      .find((parameter) => parameter.startsWith('charset='))
      ?.slice('charset='.length)
      .replace(/"/g, '');
    if (charset !== undefined && !UTF8_NAMES.includes(charset)) {
      next(
        new AppError({
          code: 'unsupported_encoding',
          status: 415,
          title: 'Unsupported encoding',
          detail: `request bodies are UTF-8; Content-Type declares charset ${charset}`,
          source: { header: 'Content-Type' },
        }),
      );
      return;
    }
  }
  const accept = request.headers.accept;
  if (accept && !DOWNLOAD_PATH.test(request.path)) {
    const ranges = accept.split(',').map(parseMediaRange);
    const acceptable = ranges.some(
      ({ type, parameters }) =>
        ['*/*', 'application/*', 'application/json'].includes(type) || (type === JSON_API_MEDIA_TYPE && parameters.length === 0),
    );
    if (!acceptable) {
      next(
        new AppError({
          code: 'not_acceptable',
          status: 406,
          title: 'Not acceptable',
          detail: `this API answers with ${JSON_API_MEDIA_TYPE}; Accept was ${accept}`,
          source: { header: 'Accept' },
        }),
      );
      return;
    }
  }
  next();
};
