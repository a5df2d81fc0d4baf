import type { Response } from 'express';
import { AppError, ValidationErrors } from '../errors/app-error.js';

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

export interface JsonApiDocument {
  data: unknown;
  included?: unknown[];
  meta?: Record<string, unknown>;
  links?: Record<string, string | null>;
}

export const sendDocument = (response: Response, status: number, document: JsonApiDocument): void => {
  response
    .status(status)
    .type(JSON_API_MEDIA_TYPE)
    .send(JSON.stringify({ ...document, meta: document.meta ?? {}, jsonapi: { version: '1.0' } }));
};

const renderError = (error: AppError) => ({
  status: String(error.status),
  code: error.code,
  title: error.title,
  ...(error.detail ? { detail: error.detail } : {}),
  ...(error.source ? { source: error.source } : {}),
});

export const sendErrors = (response: Response, error: AppError): void => {
  const list = error instanceof ValidationErrors ? error.errors : [error];
  response
    .status(error.status)
    .type(JSON_API_MEDIA_TYPE)
    .send(JSON.stringify({ errors: list.map(renderError), jsonapi: { version: '1.0' } }));
};
