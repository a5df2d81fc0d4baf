/**
 * The one error type of the application. Every failure that crosses a boundary carries
 * a stable machine code, the HTTP status it maps to, and whether trying again can help.
 */
export interface ErrorSource {
  /** JSON pointer into the request document, e.g. `/data/attributes/urls/0`. */
  pointer?: string;
  /** Name of the offending query parameter, e.g. `filter[amount_total_gt]`. */
  parameter?: string;
  header?: string;
}

export interface AppErrorOptions {
  code: string;
  status: number;
  title: string;
  detail?: string;
  retriable?: boolean;
  source?: ErrorSource;
  /** Facts a client can act on without parsing `detail` (e.g. who erased a document, and when). */
  meta?: Record<string, unknown>;
  cause?: unknown;
  /** When trying again makes sense: sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly retriable: boolean;
  readonly source: ErrorSource | undefined;
  readonly meta: Record<string, unknown> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: AppErrorOptions) {
    super(options.detail ?? options.title, { cause: options.cause });
    this.name = 'AppError';
    this.code = options.code;
    this.status = options.status;
    this.title = options.title;
    this.detail = options.detail;
    this.retriable = options.retriable ?? false;
    this.source = options.source;
    this.meta = options.meta;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** Several validation problems reported at once (JSON:API allows many `errors`). */
export class ValidationErrors extends AppError {
  readonly errors: AppError[];

  constructor(errors: AppError[]) {
    const first = errors[0];
    super({
      code: first?.code ?? 'validation_failed',
      status: first?.status ?? 422,
      title: first?.title ?? 'Validation failed',
      detail: errors.map((error) => error.detail ?? error.title).join('; '),
      source: first?.source,
    });
    this.name = 'ValidationErrors';
    this.errors = errors;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** Errors of unknown origin (bugs, I/O surprises) are treated as retriable: a redelivery may pass. */
export const isRetriable = (error: unknown): boolean => (isAppError(error) ? error.retriable : true);

export const errors = {
  unauthorized: (detail: string) => new AppError({ code: 'unauthorized', status: 401, title: 'Authentication required', detail }),
  forbidden: (detail: string) => new AppError({ code: 'forbidden', status: 403, title: 'Not allowed for this tenant', detail }),
  notFound: (detail: string) => new AppError({ code: 'not_found', status: 404, title: 'Not found', detail }),
  badRequest: (code: string, detail: string, source?: ErrorSource) =>
    new AppError({ code, status: 400, title: 'Bad request', detail, source }),
  invalid: (code: string, detail: string, source?: ErrorSource) =>
    new AppError({ code, status: 422, title: 'Invalid attribute', detail, source }),
  wrongExpectedRevision: (stream: string, expected: string, actual: string) =>
    new AppError({
      code: 'wrong_expected_revision',
      status: 409,
      title: 'Concurrent modification',
      detail: `stream ${stream}: expected revision ${expected}, found ${actual}`,
      retriable: true,
    }),
  emptyAppend: (stream: string) =>
    new AppError({ code: 'empty_append', status: 500, title: 'Empty append', detail: `nothing to append to ${stream}` }),
  tooManyRequests: (code: string, detail: string, retryAfterSeconds: number) =>
    new AppError({ code, status: 429, title: 'Too many requests', detail, retriable: true, retryAfterSeconds }),
  unavailable: (detail: string, cause?: unknown) =>
    new AppError({ code: 'service_unavailable', status: 503, title: 'Service unavailable', detail, retriable: true, cause }),
};
