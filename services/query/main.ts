import { tokenFilePath } from '../../shared/auth/token-file.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { processConfig } from '../../shared/config/adapters-config.js';
import { ApiConfig } from '../../shared/config/api-config.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ViewConfig, viewOptions } from '../projector/index.js';
import { createAsOfLookup, createFreshDocumentLookup } from './fresh-document-lookup.js';
import { createAuditRouter } from './audit-routes.js';
import { createExtractionsRouter } from './extractions-routes.js';
import { createHistoryRouter } from './history-routes.js';
import { createQueryRouter } from './query-routes.js';
import { createReviewPage } from './review-page.js';
import { createWebhookRouter } from '../webhooks/index.js';
import { SigningConfig } from '../../shared/signing/signing-config.js';
import { loadProcessSigningIdentity } from '../../shared/signing/signing-identity.js';

await runProcess({
  name: 'query',
  config: processConfig({ ...ApiConfig.shape, ...ViewConfig.shape, ...SigningConfig.shape }),
  build: async (config, ports, logger, isReady) => {
    const [store, storedLog, keys, blobs, readModel, webhooks] = await Promise.all([
      ports.store(),
      ports.storedLog(),
      ports.keys(),
      ports.blobs(),
      ports.readModel(),
      ports.webhooks(),
    ]);
    const lookup = createFreshDocumentLookup(readModel, store, viewOptions(config));
    const lookupAsOf = createAsOfLookup(store, viewOptions(config));
    const signingIdentity = await loadProcessSigningIdentity(config);
    const app = createApiApp({
      logger,
      tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(config.DATA_DIR) }),
      maxBodyBytes: config.MAX_BODY_BYTES,
      requestsPerSecondPerTenant: config.TENANT_REQUESTS_PER_SECOND,
      isReady,
      pages: [createReviewPage()],
      tenantRouters: [
        createQueryRouter({ readModel, blobs, lookup, lookupAsOf }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
        createAuditRouter({ store, storedLog, keys, blobs }, { publicBaseUrl: config.PUBLIC_BASE_URL, signingIdentity }),
        createExtractionsRouter({ store }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
        createHistoryRouter({ store, blobs }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
        // Reads of subscriptions and deliveries only: the gateway takes the writes, so no URL is checked here.
        createWebhookRouter(webhooks, { publicBaseUrl: config.PUBLIC_BASE_URL, allowlist: [] }),
      ],
    });
    return { services: [], app };
  },
});
