import { z } from 'zod';

export const RelayConfig = z.object({
  /** Published events not yet acknowledged above which new documents wait (a document's later steps never do). */
  RELAY_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(256),
});
export type RelayConfig = z.infer<typeof RelayConfig>;

export const relayOptions = (config: RelayConfig) => ({ maxInFlight: config.RELAY_MAX_IN_FLIGHT, retryDelayMs: 1000 });
