import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { createTokenRegistry } from '../../shared/auth/token-registry.js';
import { tokenFilePath } from '../../shared/auth/token-file.js';
import { openFileCheckpointStore } from '../../shared/adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { createInProcessBus } from '../../shared/adapters/embedded/in-process-bus.js';
import { openLocalBlobStore } from '../../shared/adapters/embedded/local-blob-store.js';
import { createMemoryReadModel } from '../../shared/adapters/embedded/memory-read-model.js';
import { createApiApp } from '../../shared/http/create-api-app.js';
import type { Logger } from '../../shared/logging/logger.js';
import type { Service } from '../../shared/runtime/service.js';
import { createConverter } from '../converter/converter-service.js';
import { createDownloader } from '../downloader/downloader-service.js';
import { createExtractor } from '../extractor/extractor-service.js';
import { createGatewayRouter } from '../gateway/gateway-router.js';
import { createProjector } from '../projector/projector-service.js';
import { createFreshDocumentLookup } from '../query/fresh-document-lookup.js';
import { createQueryRouter } from '../query/query-routes.js';
import { createRelay } from '../relay/relay-service.js';
import type { EmbeddedConfig } from './embedded-config.js';

export interface RunningKontor {
  server: Server;
  stop(): Promise<void>;
}

const listen = (app: ReturnType<typeof createApiApp>, port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = app.listen(port, () => resolve(server));
    server.once('error', reject);
  });

/**
 * Every service in one process on embedded adapters: a durable event log, blobs and checkpoints
 * under DATA_DIR, an in-process bus, and an in-memory read model rebuilt from the log at start.
 */
export const startEmbedded = async (config: EmbeddedConfig, logger: Logger): Promise<RunningKontor> => {
  const dataDir = path.resolve(config.DATA_DIR);
  await mkdir(dataDir, { recursive: true });
  const store = await openFileEventStore(path.join(dataDir, 'events'));
  const blobs = await openLocalBlobStore(path.join(dataDir, 'blobs'));
  const checkpoints = await openFileCheckpointStore(path.join(dataDir, 'checkpoints'));
  const readModel = createMemoryReadModel();
  const bus = createInProcessBus({ maxAttempts: config.BUS_MAX_ATTEMPTS });
  const child = (name: string) => logger.child({ service: name });
  const concurrency = config.SERVICE_CONCURRENCY;

  const viewOptions = { estimatedSecondsPerFile: config.ESTIMATED_SECONDS_PER_FILE };
  const projector = createProjector({ store, readModel, logger: child('projector') }, viewOptions);
  const workers: Service[] = [
    createDownloader({ store, bus, blobs, logger: child('downloader') }, config),
    createConverter({ store, bus, blobs, logger: child('converter') }, config),
    createExtractor({ store, bus, blobs, logger: child('extractor') }, { ...config, concurrency }),
  ];
  const relay = createRelay({ store, bus, checkpoints, logger: child('relay') }, { maxInFlight: config.RELAY_MAX_IN_FLIGHT, retryDelayMs: 1000 });

  await projector.start();
  await projector.caughtUp();
  // Consumers subscribe before the relay publishes: the in-process bus keeps nothing for absent groups.
  for (const worker of workers) await worker.start();
  await relay.start();

  let accepting = true;
  const app = createApiApp({
    logger: child('http'),
    tokens: createTokenRegistry({ authTokens: config.AUTH_TOKENS, tokenFile: tokenFilePath(dataDir) }),
    maxBodyBytes: config.MAX_BODY_BYTES,
    isReady: () => accepting,
    tenantRouters: [
      createGatewayRouter({ store, blobs, logger: child('gateway') }, { publicBaseUrl: config.PUBLIC_BASE_URL, ...viewOptions }),
      createQueryRouter({ readModel, blobs, lookup: createFreshDocumentLookup(readModel, store, viewOptions) }, { publicBaseUrl: config.PUBLIC_BASE_URL }),
    ],
  });
  const server = await listen(app, config.PORT);

  return {
    server,
    async stop() {
      accepting = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await relay.stop();
      for (const worker of workers) await worker.stop();
      await projector.stop();
      await bus.close();
      await Promise.all([store.close(), blobs.close(), checkpoints.close(), readModel.close()]);
    },
  };
};
