import { metrics } from '@opentelemetry/api';
import { MeterProvider, MetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';

/** A reader that collects only when asked. */
class OnDemandReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

export interface TestMeter {
  /** The data points of one metric, as collected now. */
  points(name: string): Promise<Array<DataPoint<number | Histogram>>>;
  stop(): Promise<void>;
}

/** Registers a meter provider for the test, so what the code under test records can be read back. */
export const startTestMeter = (): TestMeter => {
  const reader = new OnDemandReader();
  const provider = new MeterProvider({ readers: [reader] });
  metrics.setGlobalMeterProvider(provider);
  return {
    async points(name) {
      const { resourceMetrics } = await reader.collect();
      const metric = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((candidate) => candidate.descriptor.name === name);
      return (metric?.dataPoints ?? []) as Array<DataPoint<number | Histogram>>;
    },
    async stop() {
      await provider.shutdown();
      metrics.disable();
    },
  };
};
