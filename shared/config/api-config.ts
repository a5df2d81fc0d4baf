import { z } from 'zod';
import { ProcessBasics } from './process-basics.js';

const AUTH_TOKEN_ENTRY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}=[^\s,=]{8,}$/;

/** Environment of a process that serves the HTTP API (the gateway, the query service, the embedded runner). */
export const ApiConfig = z.object({
  ...ProcessBasics.shape,
  /** `tenantA=tokenA,tenantB=tokenB`: tokens provisioned at start; tokens are at least 8 characters. */
  AUTH_TOKENS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => AUTH_TOKEN_ENTRY.test(entry)),
      'must be tenant=token pairs separated by commas (tenant ids: letters, digits, _ or -; tokens: 8+ characters)',
    ),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Requests a tenant may send per second to this process (fixed one-second windows); 0 turns the limit off. */
  TENANT_REQUESTS_PER_SECOND: z.coerce.number().int().nonnegative().default(100),
  /** Absolute origin clients use (e.g. https://kontor.example.com) when a proxy rewrites the Host header. */
  PUBLIC_BASE_URL: z
    .url()
    .optional()
    .transform((value) => value ?? null),
});
export type ApiConfig = z.infer<typeof ApiConfig>;
