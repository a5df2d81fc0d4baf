import { z } from 'zod';
import { tokenFilePath } from '../../shared/auth/token-file.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { processConfig } from '../../shared/config/adapters-config.js';
import { ApiConfig } from '../../shared/config/api-config.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import { runProcess } from '../../shared/runtime/run-process.js';
import { ViewConfig, viewOptions } from '../projector/projector-config.js';
import { forwardReads } from './forward-reads.js';
import { createGatewayRouter } from './gateway-router.js';

const GatewayConfig = processConfig({
  ...ApiConfig.shape,
  ...ViewConfig.shape,
  /** Where reads go; unset, the gateway serves writes only. */
  QUERY_URL: z.url().optional(),
});

await runProcess({
  name: 'gateway',
  config: GatewayConfig,
  build: async (config, ports, logger, isReady) => {
    const [store, blobs, keys] = await Promise.all([ports.store(), ports.blobs(), ports.keys()]);
    const routers = [createGatewayRouter({ store, blobs, keys, logger }, { publicBaseUrl: config.PUBLIC_BASE_URL, ...viewOptions(config) })];
    const app = createApiApp({
      logger,
      tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(config.DATA_DIR) }),
      maxBodyBytes: config.MAX_BODY_BYTES,
      isReady,
      tenantRouters: routers,
      ...(config.QUERY_URL ? { forward: forwardReads(config.QUERY_URL) } : {}),
    });
    return { services: [], app };
  },
});
