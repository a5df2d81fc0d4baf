import { AppError } from '../errors/app-error.js';

/**
 * A document's entity tag is its stream revision: every event changes it, and a correction must name
 * the one it saw (If-Match), so two reviewers never overwrite each other unnoticed. The tag is strong
 * (`"7"`); a weak form (`W/"7"`) in If-Match is taken as the same revision.
 */
export const revisionETag = (revision: number): string => `"${revision}"`;

const TAG = /^(?:W\/)?"(\d+)"$/;

const preconditionRequired = (detail: string) =>
  new AppError({ code: 'precondition_required', status: 428, title: 'Precondition required', detail, source: { header: 'If-Match' } });

/** The revision an If-Match header names: 428 without one, 400 when it names none or several. */
export const revisionFromIfMatch = (header: string | undefined): number => {
  const value = header?.trim() ?? '';
  if (value === '') throw preconditionRequired('send If-Match with the ETag of the document as you read it, e.g. If-Match: "7"');
  if (value === '*') throw preconditionRequired('If-Match: * names no revision; send the ETag of the document as you read it');
  const match = TAG.exec(value);
  if (!match) {
    throw new AppError({
      code: 'invalid_if_match',
      status: 400,
      title: 'Bad request',
      detail: 'If-Match must be one ETag as the document read answered it, e.g. "7"',
      source: { header: 'If-Match' },
    });
  }
  return Number(match[1]);
};
