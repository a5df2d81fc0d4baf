import type { IncomingMessage } from 'node:http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';

/** Probes and scrapes come every few seconds from every pod; their spans would bury the real ones. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The libraries whose spans are worth having: HTTP in and out (API requests, downloads, reads forwarded
 * to the query service; the route of a request is named by Kontor's own request span, see
 * `traceRequests`, so express itself is not instrumented: wrapping each route layer cost a measurable share of
 * the API's CPU per request), and in the distributed mode Kafka produce
 * and consume and the queries to PostgreSQL and MongoDB (loaded only then: the embedded default uses none
 * of these clients). Kafka spans are links across the hop; the trace itself travels in each event's
 * metadata, so a document's trace stays whole even when the relay publishes it later.
 */
export const instrumentations = async (mode: string | undefined): Promise<Instrumentation[]> => [
  new HttpInstrumentation({
    ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
  }),
  ...(mode === 'distributed' ? await distributedModeInstrumentations() : []),
];

const distributedModeInstrumentations = async (): Promise<Instrumentation[]> => {
  const [{ KafkaJsInstrumentation }, { PgInstrumentation }, { MongoDBInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-kafkajs'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-mongodb'),
  ]);
  return [
    new KafkaJsInstrumentation(),
    new PgInstrumentation({ requireParentSpan: true }),
    new MongoDBInstrumentation({ requireParentSpan: true }),
  ];
};
