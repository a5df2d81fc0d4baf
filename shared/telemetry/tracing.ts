import {
  context,
  INVALID_SPAN_CONTEXT,
  propagation,
  trace,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

const tracer = () => trace.getTracer('kontor');

/** Span attributes of Kontor's own spans, so a trace search finds a document's or a tenant's work. */
export const SpanAttribute = {
  documentId: 'kontor.document.id',
  tenantId: 'kontor.tenant.id',
  step: 'kontor.step',
  pages: 'kontor.pages',
  pageNumber: 'kontor.page.number',
  outcome: 'kontor.outcome',
} as const;

/** The W3C `traceparent` of the active span, to be stored in event metadata and message headers. */
export const currentTraceparent = (): string | undefined => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
};

export const contextFromTraceparent = (traceparent: string | undefined): Context =>
  traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();

/** Runs `work` in the context of `traceparent` (if any): what it starts belongs to that trace. */
export const withTraceparent = <T>(traceparent: string | undefined, work: () => T): T =>
  context.with(contextFromTraceparent(traceparent), work);

/**
 * Runs `work` in a span that continues the trace of `traceparent`, or the active trace when there is
 * none (a child span). A thrown error marks the span failed.
 */
export const inSpan = async <T>(
  name: string,
  traceparent: string | undefined,
  work: (span: Span) => Promise<T>,
  attributes: Attributes = {},
): Promise<T> =>
  tracer().startActiveSpan(name, { attributes }, contextFromTraceparent(traceparent), async (span) => {
    try {
      return await work(span);
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });

/**
 * Whether this process records spans (an exporter is configured, see telemetry.ts). Kept on the global object, as
 * the telemetry itself is: a preload bundled apart from the service holds its own copy of these modules.
 */
const RECORDS_SPANS = Symbol.for('kontor.telemetry.recordsSpans');
const processWide = globalThis as { [RECORDS_SPANS]?: boolean };

/** `undefined`: not known (no telemetry started here), so spans are made. */
export const setSpansRecorded = (recorded: boolean | undefined): void => {
  processWide[RECORDS_SPANS] = recorded;
};

/** Stands for a leaf span that is not made: it records nothing, as a span of a process exporting none would. */
const UNMADE_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * `inSpan` for work that starts no span and appends nothing (a leaf of the trace), run without a span when spans
 * are not recorded: such a span would be a non-recording one that nothing reads, and making it (the trace's
 * context parsed, ids drawn, attributes checked) cost about as much as a projector's read-model upsert.
 */
export const inLeafSpan = async <T>(
  name: string,
  traceparent: string | undefined,
  work: (span: Span) => Promise<T>,
  attributes: Attributes = {},
): Promise<T> => (processWide[RECORDS_SPANS] === false ? work(UNMADE_SPAN) : inSpan(name, traceparent, work, attributes));
