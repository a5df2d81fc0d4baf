import { z } from 'zod';

/** Carried by every event: whose it is, and how it relates to the work that caused it. */
export const EventMetadata = z.object({
  tenantId: z.string().min(1),
  documentId: z.string().min(1),
  /** W3C trace context of the work that appended the event, so one document's trace spans every service. */
  traceparent: z.string().optional(),
  /** Id of the event this one was decided from; absent for commands from outside. */
  causationId: z.string().optional(),
  /** The service that appended the event. */
  producer: z.string().min(1),
  /** Whose request caused the event, for events of commands from outside (a submission, a correction, an erasure). */
  requestedBy: z.object({ tenantId: z.string().min(1), tokenId: z.string().min(1) }).optional(),
  /** Tamper evidence, written by the appender (shared/audit/hash-chain.ts); absent on events written before it. */
  chain: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), previousHash: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;
