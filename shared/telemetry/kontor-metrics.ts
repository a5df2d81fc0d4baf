import { metrics, type Meter, type MeterProvider } from '@opentelemetry/api';

/** Seconds, from a fast step (10 ms) to OCR of a long scan (5 min). */
const STEP_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Seconds, for requests and appends: 1 ms to 10 s. */
const FAST_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Every instrument of Kontor, named as Prometheus shows them (see README "Operating Kontor").
 * Labels stay of bounded cardinality: tenants, steps, groups, routes as declared (never raw paths),
 * error codes from the closed list of DocumentErrorCode.
 */
const createInstruments = (meter: Meter) => ({
  documentsSubmitted: meter.createCounter('kontor_documents_submitted', { description: 'Documents accepted for processing, by tenant' }),
  documentsCompleted: meter.createCounter('kontor_documents_completed', { description: 'Documents processed to the end, by tenant' }),
  documentsFailed: meter.createCounter('kontor_documents_failed', {
    description: 'Documents whose processing failed for good, by tenant, error code and the step that failed',
  }),
  stepDuration: meter.createHistogram('kontor_step_duration_seconds', {
    description: 'Time a processing step took for one document (download, render, recognize, extract, sign, project), by outcome',
    unit: 's',
    advice: { explicitBucketBoundaries: STEP_SECONDS },
  }),
  ocrPageDuration: meter.createHistogram('kontor_ocr_page_duration_seconds', {
    description: 'Time OCR took for one page',
    unit: 's',
    advice: { explicitBucketBoundaries: STEP_SECONDS },
  }),
  ocrBusy: meter.createCounter('kontor_ocr_worker_busy_seconds', {
    description: 'Time OCR workers spent recognizing; its rate divided by kontor_ocr_workers is their utilisation',
    unit: 's',
  }),
  ocrJobsInFlight: meter.createUpDownCounter('kontor_ocr_jobs_in_flight', { description: 'OCR jobs running or queued for a worker' }),
  ocrWorkers: meter.createObservableGauge('kontor_ocr_workers', { description: 'OCR workers of this process' }),
  backlog: meter.createObservableGauge('kontor_backlog_messages', {
    description:
      'Messages a consumer group has not handled yet: in-process queue depth, Kafka consumer lag, or events the relay has read and the bus not yet acknowledged',
  }),
  deadLetters: meter.createCounter('kontor_dead_letters', {
    description: 'Messages a consumer group gave up on after every attempt, by group',
  }),
  httpRequestDuration: meter.createHistogram('kontor_http_request_duration_seconds', {
    description: 'HTTP requests by method, route and status',
    unit: 's',
    advice: { explicitBucketBoundaries: FAST_SECONDS },
  }),
  eventStoreAppendDuration: meter.createHistogram('kontor_event_store_append_duration_seconds', {
    description: 'Time to append events to the event store (encryption and hash chain included), by outcome',
    unit: 's',
    advice: { explicitBucketBoundaries: FAST_SECONDS },
  }),
});

export type KontorInstruments = ReturnType<typeof createInstruments>;

let created: { provider: MeterProvider; instruments: KontorInstruments } | null = null;

/**
 * The instruments on the meter provider registered now. Made again when the provider changed, since
 * instruments made before telemetry started (or in a test before its own) would record into nothing.
 */
export const kontorMetrics = (): KontorInstruments => {
  const provider = metrics.getMeterProvider();
  if (created?.provider !== provider) created = { provider, instruments: createInstruments(provider.getMeter('kontor')) };
  return created.instruments;
};

/** Seconds since a `performance.now()` reading. */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;
