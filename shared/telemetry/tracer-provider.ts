import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';

/**
 * Registers a tracer provider so spans get real trace ids (carried in events and logs) even
 * when no exporter is configured. Exporters are added as span processors by the caller.
 */
export const registerTracing = (spanProcessors: SpanProcessor[] = []): NodeTracerProvider => {
  const provider = new NodeTracerProvider({ spanProcessors });
  provider.register();
  return provider;
};
