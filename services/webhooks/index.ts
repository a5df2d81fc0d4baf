/** The webhooks' public entry point, for the processes that serve the API and the one that sends deliveries. */
export { WebhooksConfig } from './webhooks-config.js';
export { createWebhookSender } from './send-webhook.js';
export { createWebhookDispatcher, WEBHOOKS_CHECKPOINT } from './webhook-dispatcher.js';
export { createWebhookRouter } from './webhook-routes.js';
