import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { tokenFilePath } from '../../shared/auth/token-file.js';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import type { ProcessDefinition } from '../../shared/runtime/run-process.js';
import type { Service } from '../../shared/runtime/service.js';
import { apiRequests } from '../../shared/runtime/foreground-work.js';
import { createConverter } from '../converter/index.js';
import { loadSigningIdentity } from '../../shared/signing/signing-identity.js';
import { createDownloader } from '../downloader/index.js';
import { createEraser } from '../eraser/index.js';
import { createExtractor } from '../extractor/index.js';
import { createGatewayRouter } from '../gateway/index.js';
import { createProjector, createRebuildableProjection, rebuildOnSignal, replayLogInParts, viewOptions } from '../projector/index.js';
import { sqliteReadModelVersions } from '../../shared/adapters/embedded/sqlite-read-model-versions.js';
import {
  createAsOfLookup,
  createAuditRouter,
  createExtractionsRouter,
  createFreshDocumentLookup,
  createHistoryRouter,
  createQueryRouter,
  createReviewPage,
} from '../query/index.js';
import { createRelay, relayOptions } from '../relay/index.js';
import { createWebhookDispatcher, createWebhookRouter, createWebhookSender } from '../webhooks/index.js';
import { EmbeddedConfig } from './embedded-config.js';

/**
 * Every service in one process. On the embedded adapters (the default) that is the whole product with
 * no server: a durable event log, blobs, checkpoints and an indexed read model (SQLite) under DATA_DIR and an
 * in-process bus; the read model catches up from its checkpoint before the API opens.
 */
export const embeddedProcess: ProcessDefinition<EmbeddedConfig> = {
  name: 'kontor',
  config: EmbeddedConfig,
  build: async (config, ports, logger, isReady) => {
    const dataDir = path.resolve(config.DATA_DIR);
    await mkdir(dataDir, { recursive: true });
    const [store, storedLog, keys, bus, blobs, checkpoints, idempotencyKeys, webhooks] = await Promise.all([
      ports.store(),
      ports.storedLog(),
      ports.keys(),
      ports.bus(),
      ports.blobs(),
      ports.checkpoints(),
      ports.idempotencyKeys(),
      ports.webhooks(),
    ]);
    const signingIdentity = await loadSigningIdentity(config, dataDir);
    // (A child's own key: pino writes a repeated key twice, which log stores such as Elasticsearch reject.)
    const child = (name: string) => logger.child({ component: name });
    const views = viewOptions(config);
    // Embedded, the read model is SQLite under DATA_DIR, caught up from its checkpoint at start and rebuilt
    // on REBUILD_SIGNAL into a new version beside the live one while the API answers. Distributed, it is
    // MongoDB's (see read-model-cli.ts).
    const embedded = config.KONTOR_MODE === 'embedded';
    const versions = sqliteReadModelVersions(dataDir);
    const projection = embedded
      ? createRebuildableProjection(
          {
            store,
            logger: child('projector'),
            openReadModel: versions.openCurrent,
            openNextReadModel: versions.openNext,
            prefillNextReadModel: (next) => replayLogInParts(dataDir, next, { view: views, workDirectory: versions.scratchDirectory() }),
            promote: versions.promote,
          },
          // The projector shares the API's thread: a burst of creates is projected in batches, not one by one.
          { ...views, foreground: apiRequests },
        )
      : null;
    const readModel = projection ? projection.readModel : await ports.readModel();
    const projector = projection ? projection.service : createProjector({ store, readModel, logger: child('projector') }, views);
    const projectorCaughtUp: Service = {
      name: 'projector',
      start: async () => {
        await projector.start();
        await projector.caughtUp();
      },
      stop: () => projector.stop(),
    };
    const gateway = createGatewayRouter(
      { store, blobs, keys, idempotencyKeys, readModel, logger: child('gateway') },
      { publicBaseUrl: config.PUBLIC_BASE_URL, maxDocumentsInFlight: config.TENANT_DOCUMENTS_IN_FLIGHT, ...views },
    );
    const app = createApiApp({
      logger: child('http'),
      tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(dataDir) }),
      maxBodyBytes: config.MAX_BODY_BYTES,
      requestsPerSecondPerTenant: config.TENANT_REQUESTS_PER_SECOND,
      isReady,
      pages: [createReviewPage()],
      directRoutes: gateway.directRoutes,
      tenantRouters: [
        gateway.router,
        createQueryRouter(
          { readModel, blobs, lookup: createFreshDocumentLookup(readModel, store, views), lookupAsOf: createAsOfLookup(store, views) },
          { publicBaseUrl: config.PUBLIC_BASE_URL },
        ),
        createAuditRouter({ store, storedLog, keys, blobs }, { publicBaseUrl: config.PUBLIC_BASE_URL, signingIdentity }),
        createExtractionsRouter({ store }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
        createHistoryRouter({ store, blobs }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
        createWebhookRouter(webhooks, { publicBaseUrl: config.PUBLIC_BASE_URL, allowlist: config.WEBHOOK_ALLOWLIST }),
      ],
    });
    return {
      // The read model catches up first; consumers subscribe before the relay publishes, because the
      // in-process bus keeps nothing for groups that are not there yet.
      services: [
        projectorCaughtUp,
        ...(projection ? [rebuildOnSignal((onProgress) => projection.rebuild(onProgress), { dataDir, logger: child('projector') })] : []),
        createDownloader({ store, bus, blobs, logger: child('downloader') }, config),
        createConverter(
          { store, bus, blobs, logger: child('converter') },
          { ...config, signingIdentity, concurrency: config.SERVICE_CONCURRENCY },
        ),
        createExtractor({ store, bus, blobs, logger: child('extractor') }, { ...config, concurrency: config.SERVICE_CONCURRENCY }),
        createRelay({ store, bus, checkpoints, logger: child('relay') }, relayOptions(config)),
        createEraser({ store, keys, blobs, checkpoints, logger: child('eraser') }),
        createWebhookDispatcher(
          {
            store,
            checkpoints,
            webhooks,
            send: createWebhookSender({ allowlist: config.WEBHOOK_ALLOWLIST, timeoutMs: config.WEBHOOK_TIMEOUT_MS }),
            logger: child('webhooks'),
          },
          { retryDelaysMs: config.WEBHOOK_RETRY_DELAYS_MS },
        ),
      ],
      app,
    };
  },
};
