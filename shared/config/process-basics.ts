import { z } from 'zod';

/** What every process reads: where it listens (API or health endpoints) and how much it logs. */
export const ProcessBasics = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
});
