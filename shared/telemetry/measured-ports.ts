import type { ObservableResult } from '@opentelemetry/api';
import type { EventBus } from '../ports/event-bus.js';
import type { EventStore } from '../ports/event-store.js';
import { kontorMetrics, secondsSince } from './kontor-metrics.js';

/** The bus, its groups' backlog observed at every metrics collection until it is closed. */
export const withBacklogMetric = (bus: EventBus, source: 'in_process_queue' | 'kafka_lag'): EventBus => {
  const gauge = kontorMetrics().backlog;
  const observe = async (result: ObservableResult) => {
    // A broker that cannot answer now leaves the gauge without a value (a gap), rather than a false 0.
    const groups = await bus.backlog().catch(() => []);
    for (const { group, messages } of groups) result.observe(messages, { consumer_group: group, source });
  };
  gauge.addCallback(observe);
  return {
    ...bus,
    async close() {
      gauge.removeCallback(observe);
      await bus.close();
    },
  };
};

/** The event store, with the time of every append (what the services wait for) measured. */
export const withAppendLatencyMetric = (store: EventStore): EventStore => ({
  ...store,
  async append(streamName, events, expected) {
    const started = performance.now();
    try {
      const appended = await store.append(streamName, events, expected);
      kontorMetrics().eventStoreAppendDuration.record(secondsSince(started), { outcome: 'appended' });
      return appended;
    } catch (error) {
      kontorMetrics().eventStoreAppendDuration.record(secondsSince(started), { outcome: 'failed' });
      throw error;
    }
  },
});
