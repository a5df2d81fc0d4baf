/**
 * The adapters of the distributed mode, loaded by the port factory only when KONTOR_MODE is `distributed`:
 * the embedded default so never loads the MongoDB, Kafka, PostgreSQL and EventStoreDB clients (a second
 * of start-up on two cores, most of it module loading).
 */
export { openEventStoreDbEventStore } from '../adapters/eventstoredb/eventstoredb-event-store.js';
export { createKafkaEventBus } from '../adapters/kafka/kafka-event-bus.js';
export { openGridFsBlobStore } from '../adapters/mongo/gridfs-blob-store.js';
export { openMongoCheckpointStore } from '../adapters/mongo/mongo-checkpoint-store.js';
export { openMongoIdempotencyStore } from '../adapters/mongo/mongo-idempotency-store.js';
export { openMongoKeyStore } from '../adapters/mongo/mongo-key-store.js';
export { openMongoReadModel } from '../adapters/mongo/mongo-read-model.js';
export { openMongoWebhookStore } from '../adapters/mongo/mongo-webhook-store.js';
export { openPostgresCheckpointStore } from '../adapters/postgres/postgres-checkpoint-store.js';
export { openPostgresEventStore } from '../adapters/postgres/postgres-event-store.js';
