import type { DocumentErrorCode } from '../../../contracts/events/common.js';
import { AppError } from '../../../shared/errors/app-error.js';

export type RenderingFailureCode = Extract<DocumentErrorCode, 'unsupported_file_type' | 'conversion_failed' | 'too_many_pages'>;

/** A file that cannot become pages: recorded as its source's failure, never retried. */
export class RenderingFailure extends AppError {
  declare readonly code: RenderingFailureCode;

  constructor(code: RenderingFailureCode, detail: string, cause?: unknown) {
    super({ code, status: 422, title: 'File cannot be converted', detail, cause });
    this.name = 'RenderingFailure';
  }
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Wraps what a decoder threw about the file's bytes, keeping refusals that are already explained. */
export const unreadable = (what: string, error: unknown): RenderingFailure =>
  error instanceof RenderingFailure ? error : new RenderingFailure('conversion_failed', `${what}: ${reasonOf(error)}`, error);
