import type { z } from 'zod';
import { AppError, ValidationErrors } from '../errors/app-error.js';

const toPointer = (path: ReadonlyArray<PropertyKey>): string =>
  path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const describe = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'unrecognized_keys') return `unknown member(s): ${issue.keys.join(', ')}`;
  return issue.message;
};

/** One JSON:API error per zod issue, each pointing at the offending member of the request document. */
export const requestValidationError = (error: z.ZodError, status = 422): ValidationErrors =>
  new ValidationErrors(
    error.issues.map((issue) => {
      const pointer = toPointer(issue.path);
      return new AppError({
        code: issue.code === 'unrecognized_keys' ? 'unknown_member' : 'invalid_attribute',
        status,
        title: 'Invalid request document',
        detail: `${pointer || '/'}: ${describe(issue)}`,
        source: { pointer: pointer || '/' },
      });
    }),
  );
