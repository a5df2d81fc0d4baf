import { randomBytes } from 'node:crypto';
import { describeOneDocumentTrace } from '../support/one-document-trace.js';
import { serverUrl } from './server-urls.js';

describeOneDocumentTrace('distributed: one document, one trace across Kafka', (context) => {
  const run = randomBytes(4).toString('hex');
  return {
    KONTOR_MODE: 'distributed',
    POSTGRES_URL: serverUrl(context, 'POSTGRES_URL', 'start PostgreSQL with scripts/servers/postgres.sh'),
    POSTGRES_SCHEMA: `trace_${run}`,
    KAFKA_BROKERS: serverUrl(context, 'KAFKA_BROKERS', 'start Kafka with scripts/servers/kafka.sh'),
    KAFKA_TOPIC: `kontor.trace-${run}`,
    KAFKA_CLIENT_ID: `trace-${run}`,
    MONGO_URL: serverUrl(context, 'MONGO_URL', 'start FerretDB with scripts/servers/ferretdb.sh'),
    MONGO_DATABASE: `trace_${run}`,
  };
});
