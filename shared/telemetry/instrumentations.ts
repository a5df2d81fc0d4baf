import type { IncomingMessage } from 'node:http';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';

/** Probes and scrapes come every few seconds from every pod; their spans would bury the real ones. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The libraries whose spans are worth having: HTTP in and out (API requests, downloads, reads forwarded
 * to the query service), express routes (not every middleware), and in the distributed mode Kafka produce
 * and consume and the queries to PostgreSQL and MongoDB (loaded only then: the embedded default uses none
 * of these clients). Kafka spans are links across the hop; the trace itself travels in each event's
 * metadata, so a document's trace stays whole even when the relay publishes it later.
 */
export const instrumentations = async (mode: string | undefined): Promise<Instrumentation[]> => [
  new HttpInstrumentation({
    ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0]!),
  }),
  new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE] }),
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
