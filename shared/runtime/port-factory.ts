import path from 'node:path';
import type { AdaptersConfig } from '../config/adapters-config.js';
import { openFileCheckpointStore } from '../adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../adapters/embedded/file-event-store.js';
import { createInProcessBus } from '../adapters/embedded/in-process-bus.js';
import { openLocalBlobStore } from '../adapters/embedded/local-blob-store.js';
import { openCurrentSqliteReadModel } from '../adapters/embedded/sqlite-read-model-versions.js';
import { withDocumentPayloadEncryption } from '../document/document-payload-encryption.js';
import { openFileIdempotencyStore } from '../adapters/embedded/file-idempotency-store.js';
import { openFileKeyStore } from '../adapters/embedded/file-key-store.js';
import { openFileWebhookStore } from '../adapters/embedded/file-webhook-store.js';
import { withHashChain } from '../adapters/hash-chained-event-store.js';
import { createOpenedPayloads, forgettingOpenedPayloads } from '../adapters/opened-payloads.js';
import { apiRequests } from './foreground-work.js';
import type { Logger } from '../logging/logger.js';
import { withAppendLatencyMetric, withBacklogMetric } from '../telemetry/measured-ports.js';
import type { BlobStore } from '../ports/blob-store.js';
import type { CheckpointStore } from '../ports/checkpoint-store.js';
import type { DocumentKeyStore } from '../ports/document-key-store.js';
import type { DocumentReadModel } from '../ports/document-read-model.js';
import type { EventBus } from '../ports/event-bus.js';
import type { EventStore } from '../ports/event-store.js';
import type { IdempotencyStore } from '../ports/idempotency-store.js';
import type { WebhookStore } from '../ports/webhook-store.js';

export interface PortFactory {
  /** The event store services read and write: payloads encrypted per document, in a hash chain. */
  store(): Promise<EventStore>;
  /** The same log as stored (payloads encrypted): what the hash chain seals, for audits and exports. */
  storedLog(): Promise<EventStore>;
  keys(): Promise<DocumentKeyStore>;
  bus(): Promise<EventBus>;
  blobs(): Promise<BlobStore>;
  checkpoints(): Promise<CheckpointStore>;
  readModel(): Promise<DocumentReadModel>;
  /** Clients' Idempotency-Keys of document creation, per tenant. */
  idempotencyKeys(): Promise<IdempotencyStore>;
  /** Tenants' webhook subscriptions and their deliveries. */
  webhooks(): Promise<WebhookStore>;
  /** Closes every port that was opened, the bus first so no handler writes to a closed store. */
  close(): Promise<void>;
}

type Closable = { close(): Promise<void> };

const distributedAdapters = () => import('./distributed-adapters.js');

/**
 * Opens the adapters a process asks for, once each, as KONTOR_MODE says: embedded adapters under
 * DATA_DIR, or the servers of the distributed mode. The one place that knows every adapter.
 */
export const createPortFactory = (config: AdaptersConfig, logger: Logger): PortFactory => {
  const opened: Array<{ name: string; port: Promise<Closable> }> = [];
  const once = <T extends Closable>(name: string, open: () => Promise<T>) => {
    let port: Promise<T> | null = null;
    return () => {
      if (!port) {
        port = open();
        opened.push({ name, port });
      }
      return port;
    };
  };
  const distributed = config.KONTOR_MODE === 'distributed';
  const dataDir = path.resolve(config.DATA_DIR);
  const mongo = { url: config.MONGO_URL ?? '', database: config.MONGO_DATABASE };

  // Every adapter is wrapped by the appender that seals each event into its stream's hash chain, and,
  // outside the chain (which so seals what is stored), by the encryption of payloads under each
  // document's key: destroying the key erases the payloads and leaves the chain verifiable.
  const storedLog = once('store', async () => {
    if (!distributed) return withHashChain(await openFileEventStore(path.join(dataDir, 'events')));
    const { openEventStoreDbEventStore, openPostgresEventStore } = await distributedAdapters();
    return withHashChain(
      config.EVENT_STORE === 'eventstoredb'
        ? await openEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL! })
        : await openPostgresEventStore({ connectionString: config.POSTGRES_URL!, schema: config.POSTGRES_SCHEMA }),
    );
  });
  // Payloads the services' store decrypted are kept for its next readers (each step reads its document's whole
  // stream) and forgotten with the document's key: the key store given out forgets them when it destroys one.
  const openedPayloads = createOpenedPayloads();
  const keys = once('keys', async () =>
    forgettingOpenedPayloads(
      distributed ? await (await distributedAdapters()).openMongoKeyStore(mongo) : await openFileKeyStore(path.join(dataDir, 'keys')),
      openedPayloads,
    ),
  );

  return {
    storedLog,
    keys,
    store: async () => withAppendLatencyMetric(withDocumentPayloadEncryption(await storedLog(), await keys(), { opened: openedPayloads })),
    bus: once('bus', async () =>
      distributed
        ? withBacklogMetric(
            await (
              await distributedAdapters()
            ).createKafkaEventBus({
              brokers: config.KAFKA_BROKERS!,
              clientId: config.KAFKA_CLIENT_ID,
              topic: config.KAFKA_TOPIC,
              partitions: config.KAFKA_PARTITIONS,
              maxAttempts: config.BUS_MAX_ATTEMPTS,
              logger: logger.child({ adapter: 'kafka' }),
            }),
            'kafka_lag',
          )
        : withBacklogMetric(
            createInProcessBus({
              maxAttempts: config.BUS_MAX_ATTEMPTS,
              maxHandling: config.BUS_MAX_HANDLING || undefined,
              // Downloads wait on other servers (up to DOWNLOAD_TIMEOUT_MS): they must not hold the pipeline's turns.
              // OCR waits on its workers; it gives its turn back after handlingTurnMs (see the bus).
              unlimitedGroups: ['downloader'],
              // The pipeline shares the API's event loop here: clients' requests go first.
              foreground: apiRequests,
            }),
            'in_process_queue',
          ),
    ),
    blobs: once('blobs', async () =>
      distributed ? (await distributedAdapters()).openGridFsBlobStore(mongo) : openLocalBlobStore(path.join(dataDir, 'blobs')),
    ),
    // A feed follower's position belongs with the feed it follows: in PostgreSQL's own database when the
    // events are there; EventStoreDB keeps no other data, so its followers keep theirs in MongoDB.
    checkpoints: once('checkpoints', async () => {
      if (!distributed) return openFileCheckpointStore(path.join(dataDir, 'checkpoints'));
      const { openPostgresCheckpointStore, openMongoCheckpointStore } = await distributedAdapters();
      return config.EVENT_STORE === 'postgres'
        ? openPostgresCheckpointStore({ connectionString: config.POSTGRES_URL!, schema: config.POSTGRES_SCHEMA })
        : openMongoCheckpointStore(mongo);
    }),
    readModel: once('readModel', async () =>
      distributed ? (await distributedAdapters()).openMongoReadModel(mongo) : openCurrentSqliteReadModel(dataDir),
    ),
    idempotencyKeys: once('idempotencyKeys', async () =>
      distributed
        ? (await distributedAdapters()).openMongoIdempotencyStore(mongo)
        : openFileIdempotencyStore(path.join(dataDir, 'idempotency-keys')),
    ),
    webhooks: once('webhooks', async () =>
      distributed ? (await distributedAdapters()).openMongoWebhookStore(mongo) : openFileWebhookStore(path.join(dataDir, 'webhooks')),
    ),
    async close() {
      const byName = new Map(opened.map((entry) => [entry.name, entry.port]));
      for (const name of ['bus', 'store', 'keys', 'blobs', 'checkpoints', 'readModel', 'idempotencyKeys', 'webhooks']) {
        const port = byName.get(name);
        if (port) await (await port).close();
      }
    },
  };
};
