import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { OTLPMetricExporter as OtlpGrpcMetricExporter } from '@opentelemetry/exporter-metrics-otlp-grpc';
import { OTLPMetricExporter as OtlpJsonMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPMetricExporter as OtlpProtobufMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import type { Instrumentation } from '@opentelemetry/instrumentation';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { PeriodicExportingMetricReader, type IMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOffSampler, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { exportsSignal, otlpProtocol, type OtelEnvironment } from './telemetry-environment.js';
import { setSpansRecorded } from './tracing.js';

export interface TelemetryOptions {
  /** service.name unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES name one. */
  serviceName: string;
  instrumentations?: Instrumentation[];
  /** Instead of the exporters the environment configures (tests keep spans in memory). */
  spanProcessors?: SpanProcessor[];
  env?: OtelEnvironment;
}

export interface Telemetry {
  /** The Prometheus text format of every metric of this process: the one registry it has. */
  serveMetrics(request: IncomingMessage, response: ServerResponse): void;
  shutdown(): Promise<void>;
}

const otlpMetricExporter = (env: OtelEnvironment): PushMetricExporter => {
  const protocol = otlpProtocol(env, 'METRICS');
  if (protocol === 'grpc') return new OtlpGrpcMetricExporter();
  if (protocol === 'http/json') return new OtlpJsonMetricExporter();
  return new OtlpProtobufMetricExporter();
};

const metricExportIntervalMs = (env: OtelEnvironment): number => Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000;

/**
 * Kept on the global object, as the OpenTelemetry API keeps its providers: a preload bundled apart from
 * the service (as the tests run it) holds its own copy of this module, and must still be the one found.
 */
const RUNNING = Symbol.for('kontor.telemetry');
const processWide = globalThis as { [RUNNING]?: Telemetry | undefined };

/**
 * The OpenTelemetry Node SDK, configured by the standard OTEL_* variables (endpoint, protocol, sampler,
 * service name, resource attributes). Spans always get real trace ids (they travel in event metadata,
 * bus headers and log lines) but are recorded only when an exporter is configured: with none, every span
 * is a non-recording one, which carries its trace but costs no attributes, events or timing (most of the
 * HTTP shell's CPU per request). Metrics are always served for Prometheus and pushed over OTLP when configured. One per process: a second call
 * returns the running one (the preload of instrument.ts starts it before the process is built).
 */
export const startTelemetry = (options: TelemetryOptions): Telemetry => {
  const running = processWide[RUNNING];
  if (running) return running;
  const env = options.env ?? process.env;
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const metricReaders: IMetricReader[] = [prometheus];
  if (exportsSignal(env, 'METRICS')) {
    metricReaders.push(
      new PeriodicExportingMetricReader({ exporter: otlpMetricExporter(env), exportIntervalMillis: metricExportIntervalMs(env) }),
    );
  }
  const recordsSpans = options.spanProcessors !== undefined || exportsSignal(env, 'TRACES');
  const sdk = new NodeSDK({
    // Detected resources (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES, host, process) are merged over this.
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': options.serviceName })),
    instrumentations: options.instrumentations ?? [],
    metricReaders,
    // Unset: the exporters of OTEL_TRACES_EXPORTER / OTEL_EXPORTER_OTLP_* (OTLP by default) and OTEL_TRACES_SAMPLER.
    ...(options.spanProcessors ? { spanProcessors: options.spanProcessors } : {}),
    // A processor all the same: without one the SDK registers no tracer, and spans get no trace ids.
    ...(recordsSpans ? {} : { sampler: new AlwaysOffSampler(), spanProcessors: [new NoopSpanProcessor()] }),
    // Logs go to stdout as JSON lines (pino), not through OpenTelemetry.
    logRecordProcessors: [],
  });
  sdk.start();
  setSpansRecorded(recordsSpans);
  const telemetry: Telemetry = {
    serveMetrics: (request, response) => prometheus.getMetricsRequestHandler(request, response),
    async shutdown() {
      if (processWide[RUNNING] === telemetry) processWide[RUNNING] = undefined;
      setSpansRecorded(undefined);
      await sdk.shutdown();
      // Unregistered, so a later start in the same process (tests) registers its own.
      for (const api of [trace, metrics, propagation, context]) api.disable();
    },
  };
  processWide[RUNNING] = telemetry;
  return telemetry;
};

/** The telemetry this process started, if any. */
export const runningTelemetry = (): Telemetry | null => processWide[RUNNING] ?? null;
