import { z } from 'zod';

/** Settings of document creation, in every process that serves it (the gateway, the embedded runner). */
export const GatewayLimitsConfig = z.object({
  /** Documents a tenant may have processing at once; a create beyond it is a 429. 0 turns the limit off. */
  TENANT_DOCUMENTS_IN_FLIGHT: z.coerce.number().int().nonnegative().default(500),
});
export type GatewayLimitsConfig = z.infer<typeof GatewayLimitsConfig>;
