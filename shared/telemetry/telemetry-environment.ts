/** The standard OpenTelemetry variables that say where, if anywhere, telemetry goes. */
export type OtelEnvironment = Partial<Record<string, string>>;

const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * Whether a signal (traces or metrics) leaves the process: an exporter list naming something but `none`,
 * or an OTLP endpoint (the common one or the signal's own). Unset, nothing is exported.
 */
export const exportsSignal = (env: OtelEnvironment, signal: 'TRACES' | 'METRICS'): boolean => {
  const exporters = listOf(env[`OTEL_${signal}_EXPORTER`]);
  if (exporters.includes('none')) return false;
  if (exporters.length > 0) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]);
};

/** `grpc`, `http/json` or `http/protobuf` (the default), for the signal. */
export const otlpProtocol = (env: OtelEnvironment, signal: 'TRACES' | 'METRICS'): string =>
  (env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim() || 'http/protobuf';

/** `kontor` for the all-in-one process, `kontor-<service>` for a process of the distributed mode. */
export const serviceNameOf = (processName: string): string =>
  processName === 'kontor' || processName === 'embedded' ? 'kontor' : `kontor-${processName}`;
