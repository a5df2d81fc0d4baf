import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { WebhookDelivery, WebhookSubscription } from '../../shared/ports/webhook-store.js';
import { type AllowlistEntry, createAddressGuard } from '../downloader/index.js';

/** What came of one attempt: the receiver's status (2xx is success), or why there was none. */
export interface SendOutcome {
  statusCode: number | null;
  error: string | null;
}

export type WebhookSender = (subscription: WebhookSubscription, delivery: WebhookDelivery, at: Date) => Promise<SendOutcome>;

/**
 * Sends one message as Standard Webhooks says: POST of the JSON payload with `webhook-id`,
 * `webhook-timestamp` (seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`
 * under the subscription's secret). Through the downloads' SSRF guard; redirects are not followed.
 */
export const createWebhookSender = (options: { allowlist: AllowlistEntry[]; timeoutMs: number }): WebhookSender => {
  const guard = createAddressGuard(options.allowlist);

  return async (subscription, delivery, at) => {
    const url = new URL(subscription.url);
    let guarded: ReturnType<typeof guard>;
    try {
      guarded = guard(url);
    } catch (error) {
      return { statusCode: null, error: (error as Error).message };
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Kontor-Webhooks/1',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(subscription.secret).sign(delivery.id, at, delivery.payload),
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SendOutcome>((resolve) => {
      const outgoing = client.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(delivery.payload)) },
        agent: false,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...guarded,
      });
      outgoing.on('response', (response) => {
        // The answer's body means nothing to us; it is read away so the connection closes cleanly.
        response.resume();
        const statusCode = response.statusCode ?? null;
        const passed = statusCode !== null && statusCode >= 200 && statusCode <= 299;
        resolve({ statusCode, error: passed ? null : `the receiver answered ${statusCode}` });
      });
      outgoing.on('error', (error) => {
        const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
        resolve({ statusCode: null, error: timedOut ? `no answer within ${options.timeoutMs} ms` : error.message });
      });
      outgoing.end(delivery.payload);
    });
  };
};
