import { z } from 'zod';
import { HostAllowlist } from '../downloader/index.js';

const DEFAULT_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];

/** The environment of the webhook dispatcher; composed into each process that runs it. */
export const WebhooksConfig = z.object({
  /** Hosts webhook URLs may name although they are loopback or private (tests, an internal receiver); as DOWNLOAD_ALLOWLIST. */
  WEBHOOK_ALLOWLIST: HostAllowlist,
  /** Budget for one attempt: connect, send, answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Waits after each failed attempt, comma-separated milliseconds; when they are spent the message is
   * given up. The default (5 s, 5 min, 30 min, 2 h, 5 h, 10 h) follows the Standard Webhooks advice and
   * retries for about 18 hours.
   */
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().positive()).min(1))
    .default(DEFAULT_RETRY_DELAYS_MS),
});
export type WebhooksConfig = z.infer<typeof WebhooksConfig>;
