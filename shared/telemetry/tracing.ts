import { context, propagation, trace, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('kontor');

/** The W3C `traceparent` of the active span, to be stored in event metadata and message headers. */
export const currentTraceparent = (): string | undefined => {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
};

export const contextFromTraceparent = (traceparent: string | undefined): Context =>
  traceparent ? propagation.extract(context.active(), { traceparent }) : context.active();

/** Runs `work` in a span that continues the trace of `traceparent` (if any). */
export const inSpan = async <T>(name: string, traceparent: string | undefined, work: (span: Span) => Promise<T>): Promise<T> =>
  tracer().startActiveSpan(name, {}, contextFromTraceparent(traceparent), async (span) => {
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
