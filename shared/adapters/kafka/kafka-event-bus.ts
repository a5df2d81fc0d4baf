import kafkajs from 'kafkajs';
import type { Admin, Message } from 'kafkajs';
import { errors } from '../../errors/app-error.js';
import type { Logger } from '../../logging/logger.js';
import type { EventBus, Subscription } from '../../ports/event-bus.js';
import { toKafkaMessage } from './bus-message-codec.js';
import { consumerLag } from './consumer-lag.js';
import { ensureTopics } from './ensure-topics.js';
import { kafkaAppError } from './kafka-error.js';
import { kafkaLogCreator } from './kafka-log-creator.js';
import { startKafkaSubscription } from './kafka-subscription.js';
import { exponentialBackoffMs } from '../redelivery-backoff.js';

const { Kafka, Partitioners, logLevel } = kafkajs;

const DEFAULT_EVENTS_TOPIC = 'kontor.document-events';

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** Default `kontor.document-events`. */
  topic?: string;
  /** Default `<topic>.dead-letters`. */
  deadLetterTopic?: string;
  /** Partitions of both topics when this bus creates them; they bound how many consumers of a group (times their concurrency) share the work. Default 12. */
  partitions?: number;
  /** Attempts per message and group before the message is dead-lettered. Default 5. */
  maxAttempts?: number;
  /** Delay before the next attempt, after attempt number `attempt` (1-based) failed. */
  backoffMs?: (attempt: number) => number;
  /** A consumer that sends no heartbeat for this long loses its partitions. Default 30000. */
  sessionTimeoutMs?: number;
  logger: Logger;
}

/**
 * The event bus on Kafka. Messages are keyed by document id, so one document's events share a partition and
 * stay in order; `publish` resolves once every in-sync replica has them. Each group is a Kafka consumer group.
 */
export const createKafkaEventBus = async (options: KafkaEventBusOptions): Promise<EventBus> => {
  const topic = options.topic ?? DEFAULT_EVENTS_TOPIC;
  const deadLetterTopic = options.deadLetterTopic ?? `${topic}.dead-letters`;
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.INFO,
    logCreator: kafkaLogCreator(options.logger),
  });
  const producer = kafka.producer({
    idempotent: true,
    // kafkajs keeps a partition's order across retries only with one request in flight.
    maxInFlightRequests: 1,
    // Named, so kafkajs does not warn about its default; it hashes keys as the Java client does.
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    await ensureTopics(admin, [topic, deadLetterTopic], options.partitions ?? 12);
    await producer.connect();
  } catch (error) {
    await producer.disconnect().catch(() => undefined);
    throw kafkaAppError(error, `could not set up the event bus on Kafka at ${options.brokers.join(',')}`);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }

  const send = async (target: string, messages: Message[]) => {
    try {
      await producer.send({ topic: target, acks: -1, messages });
    } catch (error) {
      throw kafkaAppError(error, `could not publish ${messages.length} message(s) to ${target}`);
    }
  };

  const context = {
    kafka,
    logger: options.logger,
    publishDeadLetter: (record: Message) => send(deadLetterTopic, [record]),
    policy: {
      topic,
      maxAttempts: options.maxAttempts ?? 5,
      backoffMs: options.backoffMs ?? exponentialBackoffMs,
      sessionTimeoutMs: options.sessionTimeoutMs ?? 30000,
    },
  };
  const subscriptions = new Set<Subscription>();
  const groups = new Set<string>();
  /** Connected on the first backlog question (a scrape), kept for the next. */
  let lagAdmin: Promise<Admin> | null = null;
  const connectedAdmin = () => {
    lagAdmin ??= (async () => {
      const client = kafka.admin();
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      lagAdmin = null;
      throw kafkaAppError(error, 'could not connect to Kafka to read consumer lag');
    });
    return lagAdmin;
  };
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw errors.unavailable('event bus is closed');
  };

  return {
    async publish(messages) {
      ensureOpen();
      if (messages.length > 0) await send(topic, messages.map(toKafkaMessage));
    },
    async subscribe(subscriptionOptions) {
      ensureOpen();
      const subscription = await startKafkaSubscription(context, subscriptionOptions);
      subscriptions.add(subscription);
      groups.add(subscriptionOptions.group);
      const stop = async () => {
        subscriptions.delete(subscription);
        groups.delete(subscriptionOptions.group);
        await subscription.stop();
      };
      if (closed) {
        await stop();
        ensureOpen();
      }
      return { stop };
    },
    async backlog() {
      if (closed || groups.size === 0) return [];
      const client = await connectedAdmin();
      return Promise.all([...groups].map(async (group) => ({ group, messages: await consumerLag(client, group, topic) })));
    },
    async close() {
      closed = true;
      const open = [...subscriptions];
      subscriptions.clear();
      groups.clear();
      await Promise.all(open.map((subscription) => subscription.stop()));
      await (await lagAdmin?.catch(() => null))?.disconnect().catch(() => undefined);
      try {
        await producer.disconnect();
      } catch (error) {
        throw kafkaAppError(error, 'could not disconnect from Kafka');
      }
    },
  };
};
