import { processConfig } from '../../shared/config/adapters-config.js';
import { ProcessBasics } from '../../shared/config/process-basics.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { createWebhookSender } from './send-webhook.js';
import { createWebhookDispatcher } from './webhook-dispatcher.js';
import { WebhooksConfig } from './webhooks-config.js';

await runProcess({
  name: 'webhooks',
  config: processConfig({ ...ProcessBasics.shape, ...WebhooksConfig.shape }),
  build: async (config, ports, logger) => {
    const [store, checkpoints, webhooks] = await Promise.all([ports.store(), ports.checkpoints(), ports.webhooks()]);
    const send = createWebhookSender({ allowlist: config.WEBHOOK_ALLOWLIST, timeoutMs: config.WEBHOOK_TIMEOUT_MS });
    return {
      services: [
        createWebhookDispatcher({ store, checkpoints, webhooks, send, logger }, { retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS }),
      ],
    };
  },
});
