import type { Response } from 'express';
import type { AppError } from '../errors/app-error.js';
import { ValidationErrors } from '../errors/app-error.js';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export interface JsonApiDocument {
  data: unknown;
  included?: unknown[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

/** Sent as bytes: Express would append `; charset=utf-8` to a string, and JSON:API forbids media type parameters. */
const sendJson = (response: Response, status: number, body: unknown): void => {
  response.status(status).setHeader('Content-Type', JSON_API_MEDIA_TYPE);
  response.send(Buffer.from(JSON.stringify(body), 'utf8'));
};

export const sendDocument = (response: Response, status: number, document: JsonApiDocument): void => {
  sendJson(response, status, { ...document, meta: document.meta ?? {}, jsonapi: { version: '1.0' } });
};

const renderError = (error: AppError) => ({
  status: String(error.status),
  code: error.code,
  title: error.title,
  ...(error.detail ? { detail: error.detail } : {}),
  ...(error.source ? { source: error.source } : {}),
  ...(error.meta ? { meta: error.meta } : {}),
});

export const sendErrors = (response: Response, error: AppError): void => {
  const list = error instanceof ValidationErrors ? error.errors : [error];
  sendJson(response, error.status, { errors: list.map(renderError), jsonapi: { version: '1.0' } });
};
