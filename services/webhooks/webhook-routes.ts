import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import { CreateWebhookBody } from '../../contracts/requests/create-webhook.js';
import { AppError, errors } from '../../shared/errors/app-error.js';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import { requestValidationError } from '../../shared/http/zod-errors.js';
import type { WebhookDelivery, WebhookStore, WebhookSubscription } from '../../shared/ports/webhook-store.js';
import { type AllowlistEntry, createAddressCheck } from '../downloader/index.js';

export interface WebhookRouteOptions {
  publicBaseUrl: string | null;
  /** Hosts a webhook URL may name although they are not public (WEBHOOK_ALLOWLIST). */
  allowlist: AllowlistEntry[];
}

/** The newest deliveries a subscription lists; older ones stay stored. */
const LISTED_DELIVERIES = 100;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const renderSubscription = (subscription: WebhookSubscription, baseUrl: string, withSecret: boolean) => {
  const self = `${baseUrl}/webhooks/${subscription.id}`;
  return {
    type: 'webhooks',
    id: subscription.id,
    attributes: {
      url: subscription.url,
      events: subscription.events,
      created_at: subscription.createdAt,
      ...(withSecret ? { secret: subscription.secret } : {}),
    },
    links: { self, deliveries: `${self}/deliveries` },
  };
};

const renderDelivery = (delivery: WebhookDelivery) => ({
  type: 'webhook-deliveries',
  id: delivery.id,
  attributes: {
    event_type: delivery.eventType,
    document_id: delivery.documentId,
    status: delivery.status,
    created_at: delivery.createdAt,
    next_attempt_at: delivery.nextAttemptAt,
    attempts: delivery.attempts.map((attempt) => ({
      at: attempt.at,
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
    })),
  },
});

/** These collections take no query parameters; one sent is refused rather than ignored. */
const refuseQueryParameters: RequestHandler = (request, _response, next) => {
  const [name] = Object.keys(request.query as Record<string, unknown>);
  next(
    name === undefined
      ? undefined
      : errors.badRequest('unknown_parameter', `${name} is not a parameter of this resource`, { parameter: name }),
  );
};

/**
 * The tenant's webhook subscriptions as JSON:API resources (`webhooks`: create, list, read, delete)
 * and each subscription's delivery attempts (`webhook-deliveries`). The secret is shown once, on create.
 */
export const createWebhookRouter = (webhooks: WebhookStore, options: WebhookRouteOptions): Router => {
  const router = Router({ mergeParams: true });
  const checkAddress = createAddressCheck(options.allowlist);
  const tenantOf = (request: Request) => String(request.res!.locals.tenantId);
  const loadSubscription = async (request: Request) => {
    const subscription = await webhooks.subscription(tenantOf(request), String(request.params.webhookId));
    if (!subscription) throw errors.notFound(`no webhook ${String(request.params.webhookId)} for this tenant`);
    return subscription;
  };

  router.post('/webhooks', async (request, response) => {
    const parsed = CreateWebhookBody.safeParse(request.body);
    if (!parsed.success) throw requestValidationError(parsed.error);
    const { url, events } = parsed.data.data.attributes;
    try {
      await checkAddress(new URL(url));
    } catch (error) {
      throw new AppError({
        code: 'invalid_attribute',
        status: 422,
        title: 'Invalid request document',
        detail: `/data/attributes/url: ${(error as Error).message}`,
        source: { pointer: '/data/attributes/url' },
      });
    }
    const subscription: WebhookSubscription = {
      id: randomUUID(),
      tenantId: tenantOf(request),
      url,
      events,
      secret: newSecret(),
      createdAt: new Date().toISOString(),
    };
    await webhooks.addSubscription(subscription);
    const resource = renderSubscription(subscription, tenantBaseUrl(request, options.publicBaseUrl), true);
    response.setHeader('Location', resource.links.self);
    sendDocument(response, 201, { data: resource });
  });
  router.get('/webhooks', refuseQueryParameters, async (request, response) => {
    const baseUrl = tenantBaseUrl(request, options.publicBaseUrl);
    const subscriptions = await webhooks.subscriptions(tenantOf(request));
    sendDocument(response, 200, { data: subscriptions.map((subscription) => renderSubscription(subscription, baseUrl, false)) });
  });
  router.all('/webhooks', methodNotAllowed(['GET', 'POST']));

  router.get('/webhooks/:webhookId', refuseQueryParameters, async (request, response) => {
    const resource = renderSubscription(await loadSubscription(request), tenantBaseUrl(request, options.publicBaseUrl), false);
    sendDocument(response, 200, { data: resource, links: { self: resource.links.self } });
  });
  router.delete('/webhooks/:webhookId', async (request, response) => {
    if (!(await webhooks.removeSubscription(tenantOf(request), String(request.params.webhookId)))) {
      throw errors.notFound(`no webhook ${String(request.params.webhookId)} for this tenant`);
    }
    response.status(204).end();
  });
  router.all('/webhooks/:webhookId', methodNotAllowed(['GET', 'DELETE']));

  router.get('/webhooks/:webhookId/deliveries', refuseQueryParameters, async (request, response) => {
    const subscription = await loadSubscription(request);
    const deliveries = await webhooks.deliveries(subscription.tenantId, subscription.id, LISTED_DELIVERIES);
    sendDocument(response, 200, {
      data: deliveries.map(renderDelivery),
      links: { self: `${tenantBaseUrl(request, options.publicBaseUrl)}/webhooks/${subscription.id}/deliveries` },
    });
  });
  router.all('/webhooks/:webhookId/deliveries', methodNotAllowed(['GET']));

  return router;
};
