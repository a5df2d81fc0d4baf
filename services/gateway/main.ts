import { z } from 'zod';
import { tokenFilePath } from '../../shared/auth/token-file.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { processConfig } from '../../shared/config/adapters-config.js';
import { ApiConfig } from '../../shared/config/api-config.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ViewConfig, viewOptions } from '../projector/index.js';
import { forwardReads } from './forward-reads.js';
import { createWebhookRouter, WebhooksConfig } from '../webhooks/index.js';
import { GatewayLimitsConfig } from './gateway-config.js';
import { createGatewayRouter } from './gateway-router.js';

const GatewayConfig = processConfig({
  ...ApiConfig.shape,
  ...ViewConfig.shape,
  ...GatewayLimitsConfig.shape,
  WEBHOOK_ALLOWLIST: WebhooksConfig.shape.WEBHOOK_ALLOWLIST,
  /** Where reads go; unset, the gateway serves writes only. */
  QUERY_URL: z.url().optional(),
});

await runProcess({
  name: 'gateway',
  config: GatewayConfig,
  build: async (config, ports, logger, isReady) => {
    const [store, blobs, keys, idempotencyKeys, readModel, webhooks] = await Promise.all([
      ports.store(),
      ports.blobs(),
      ports.keys(),
      ports.idempotencyKeys(),
      ports.readModel(),
      ports.webhooks(),
    ]);
    const gateway = createGatewayRouter(
      { store, blobs, keys, idempotencyKeys, readModel, logger },
      { publicBaseUrl: config.PUBLIC_BASE_URL, maxDocumentsInFlight: config.TENANT_DOCUMENTS_IN_FLIGHT, ...viewOptions(config) },
    );
    const routers = [
      gateway.router,
      // Subscriptions are written here; with QUERY_URL set, their reads are the query service's.
      createWebhookRouter(webhooks, { publicBaseUrl: config.PUBLIC_BASE_URL, allowlist: config.WEBHOOK_ALLOWLIST }),
    ];
    const app = createApiApp({
      logger,
      tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(config.DATA_DIR) }),
      maxBodyBytes: config.MAX_BODY_BYTES,
      requestsPerSecondPerTenant: config.TENANT_REQUESTS_PER_SECOND,
      isReady,
      tenantRouters: routers,
      directRoutes: gateway.directRoutes,
      ...(config.QUERY_URL ? { forward: forwardReads(config.QUERY_URL) } : {}),
    });
    return { services: [], app };
  },
});
