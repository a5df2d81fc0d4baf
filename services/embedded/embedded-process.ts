import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { tokenFilePath } from '../../shared/auth/token-file.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import type { ProcessDefinition } from '../../shared/runtime/run-process.js';
import type { Service } from '../../shared/runtime/service.js';
import { createConverter } from '../converter/converter-service.js';
import { loadSigningIdentity } from '../../shared/signing/signing-identity.js';
import { createDownloader } from '../downloader/downloader-service.js';
import { createExtractor } from '../extractor/extractor-service.js';
import { createGatewayRouter } from '../gateway/gateway-router.js';
import { viewOptions } from '../projector/projector-config.js';
import { createProjector } from '../projector/projector-service.js';
import { createFreshDocumentLookup } from '../query/fresh-document-lookup.js';
import { createAuditRouter } from '../query/audit-routes.js';
import { createExtractionsRouter } from '../query/extractions-routes.js';
import { createQueryRouter } from '../query/query-routes.js';
import { relayOptions } from '../relay/relay-config.js';
import { createRelay } from '../relay/relay-service.js';
import { EmbeddedConfig } from './embedded-config.js';

/**
 * Every service in one process. On the embedded adapters (the default) that is the whole product with
 * no server: a durable event log, blobs and checkpoints under DATA_DIR, an in-process bus and an
 * in-memory read model rebuilt from the log before the API opens.
 */
export const embeddedProcess: ProcessDefinition<EmbeddedConfig> = {
  name: 'kontor',
  config: EmbeddedConfig,
  build: async (config, ports, logger, isReady) => {
    const dataDir = path.resolve(config.DATA_DIR);
    await mkdir(dataDir, { recursive: true });
    const [store, storedLog, keys, bus, blobs, checkpoints, readModel] = await Promise.all([
      ports.store(),
      ports.storedLog(),
      ports.keys(),
      ports.bus(),
      ports.blobs(),
      ports.checkpoints(),
      ports.readModel(),
    ]);
    const signingIdentity = await loadSigningIdentity(config, dataDir);
    const child = (name: string) => logger.child({ service: name });
    const views = viewOptions(config);
    const projector = createProjector({ store, readModel, logger: child('projector') }, views);
    const projectorCaughtUp: Service = {
      name: 'projector',
      start: async () => {
        await projector.start();
        await projector.caughtUp();
      },
      stop: () => projector.stop(),
    };
    const app = createApiApp({
      logger: child('http'),
      tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(dataDir) }),
      maxBodyBytes: config.MAX_BODY_BYTES,
      isReady,
      tenantRouters: [
        createGatewayRouter({ store, blobs, logger: child('gateway') }, { publicBaseUrl: config.PUBLIC_BASE_URL, ...views }),
        createQueryRouter(
          { readModel, blobs, lookup: createFreshDocumentLookup(readModel, store, views) },
          { publicBaseUrl: config.PUBLIC_BASE_URL },
        ),
        createAuditRouter({ store, storedLog, keys, blobs }, { publicBaseUrl: config.PUBLIC_BASE_URL, signingIdentity }),
        createExtractionsRouter({ store }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
      ],
    });
    return {
      // The read model is rebuilt first; consumers subscribe before the relay publishes, because the
      // in-process bus keeps nothing for groups that are not there yet.
      services: [
        projectorCaughtUp,
        createDownloader({ store, bus, blobs, logger: child('downloader') }, config),
        createConverter({ store, bus, blobs, logger: child('converter') }, { ...config, signingIdentity, concurrency: config.SERVICE_CONCURRENCY }),
        createExtractor({ store, bus, blobs, logger: child('extractor') }, { ...config, concurrency: config.SERVICE_CONCURRENCY }),
        createRelay({ store, bus, checkpoints, logger: child('relay') }, relayOptions(config)),
      ],
      app,
    };
  },
};
