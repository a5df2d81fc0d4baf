import { z } from 'zod';

/** What every process reads: where it listens (API or health endpoints) and how much it logs. */
export const ProcessBasics = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
});

/**
 * How many messages (of different documents) a step service handles at once. On Kafka this is how many
 * partitions a consumer works on at once, so a slow message (a long OCR) holds only its own partition;
 * CPU-heavy work is bounded by its own pool (OCR_WORKERS), not by this.
 */
export const StepConcurrency = z.object({
  SERVICE_CONCURRENCY: z.coerce.number().int().positive().default(4),
});
