import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../shared/ports/webhook-store.js';
import { HttpUrl } from './create-document.js';

export const CreateWebhookBody = z
  .object({
    data: z
      .object({
        type: z.literal('webhooks'),
        attributes: z
          .object({
            url: HttpUrl,
            events: z
              .array(z.enum(WEBHOOK_EVENT_TYPES))
              .min(1)
              .refine((events) => new Set(events).size === events.length, 'each event at most once'),
          })
          .strict(),
      })
      .strict(),
    meta: z.record(z.string(), z.unknown()).optional(),
    jsonapi: z.object({ version: z.string().optional() }).optional(),
  })
  .strict();
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;
