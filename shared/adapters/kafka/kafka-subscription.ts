import { setTimeout as sleep } from 'node:timers/promises';
import kafkajs from 'kafkajs';
import type { Consumer, EachMessagePayload, Kafka, Message } from 'kafkajs';
import { errors } from '../../errors/app-error.js';
import type { Logger } from '../../logging/logger.js';
import type { BusMessage, Subscription, SubscriptionOptions } from '../../ports/event-bus.js';
import { fromKafkaMessage } from './bus-message-codec.js';
import { deadLetterRecord } from './dead-letter-record.js';
import { heartbeatWhile } from './heartbeat-while.js';
import { kafkaAppError } from './kafka-error.js';

export interface ConsumerPolicy {
  topic: string;
  maxAttempts: number;
  /** Delay before the next attempt, after attempt number `attempt` (1-based) failed. */
  backoffMs: (attempt: number) => number;
  sessionTimeoutMs: number;
}

export interface SubscriptionContext {
  kafka: Kafka;
  policy: ConsumerPolicy;
  publishDeadLetter: (record: Message) => Promise<void>;
  logger: Logger;
}

/** How long `subscribe` waits for the first join while kafkajs restarts the consumer after recoverable failures. */
const FIRST_JOIN_TIMEOUT_MS = 60000;

/**
 * Resolves once the consumer has joined its group, so it owns partitions when `subscribe` returns. A crash kafkajs
 * recovers from by restarting the consumer (a fresh broker's group coordinator still loading) is waited out.
 */
const firstJoin = (consumer: Consumer) =>
  new Promise<void>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      removeJoinListener();
      removeCrashListener();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(errors.unavailable(`the consumer did not join its group within ${FIRST_JOIN_TIMEOUT_MS} ms`))),
      FIRST_JOIN_TIMEOUT_MS,
    );
    const removeJoinListener = consumer.on(consumer.events.GROUP_JOIN, () => settle(resolve));
    const removeCrashListener = consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) settle(() => reject(payload.error));
    });
  });

/**
 * `options.concurrency` consumers (one by default) in the group `options.group`. Each is a member of its own,
 * so the partitions are shared out among them: kafkajs fetches again from a broker only once every message of
 * the last fetch was handled, so within one consumer a slow message would hold every partition it fetched;
 * across consumers it holds only its own consumer's partitions.
 */
export const startKafkaSubscription = async (context: SubscriptionContext, options: SubscriptionOptions): Promise<Subscription> => {
  const members: Subscription[] = [];
  try {
    for (let member = 0; member < (options.concurrency ?? 1); member++) members.push(await startGroupMember(context, options));
  } catch (error) {
    await Promise.allSettled(members.map((each) => each.stop()));
    throw error;
  }
  let stopped: Promise<void> | undefined;
  const stop = async () => {
    const results = await Promise.allSettled(members.map((each) => each.stop()));
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  };
  return { stop: () => (stopped ??= stop()) };
};

/**
 * One consumer in the group. kafkajs hands over the messages of a partition one at a time and commits a
 * message's offset only after `eachMessage` returned, so retries and dead-lettering happen inside it: the
 * offset moves on once the message was handled or dead-lettered, never before (at least once).
 */
const startGroupMember = async (context: SubscriptionContext, options: SubscriptionOptions): Promise<Subscription> => {
  const { policy } = context;
  const { group } = options;
  const log = context.logger.child({ group });
  // A tenth of the session timeout, as kafkajs's defaults: two missed beats still leave most of the session.
  const heartbeatIntervalMs = Math.floor(policy.sessionTimeoutMs / 10);
  const consumer = context.kafka.consumer({
    groupId: group,
    sessionTimeout: policy.sessionTimeoutMs,
    heartbeatInterval: heartbeatIntervalMs,
    // An idle fetch waits at most this long, and so does `stop`.
    maxWaitTimeInMs: 1000,
    allowAutoTopicCreation: false,
  });
  const stopping = new AbortController();

  const handle = async ({ topic, partition, message, heartbeat }: EachMessagePayload) => {
    const source = `${topic}/${partition}@${message.offset}`;
    /** Parks the record; when that fails the error is retriable, so kafkajs gives the message again instead of crashing for good. */
    const deadLetter = async (attempts: number, error: unknown, notify: () => Promise<void>) => {
      try {
        await context.publishDeadLetter(deadLetterRecord(message, { error, group, attempts, source }));
        await notify();
      } catch (deadLetterError) {
        throw errors.unavailable(`group ${group} could not dead-letter ${source}`, deadLetterError);
      }
    };
    const keepingSession = <T>(work: Promise<T>) =>
      heartbeatWhile(work, heartbeat, heartbeatIntervalMs, (error) =>
        log.warn({ err: error, source }, 'heartbeat failed while handling a message; the group may rebalance'),
      );

    let busMessage: BusMessage;
    try {
      busMessage = fromKafkaMessage(message);
    } catch (error) {
      log.error({ err: error, source }, 'dead-lettering a record that is not a bus message');
      return deadLetter(0, error, async () => {});
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await keepingSession(options.handler(busMessage));
      } catch (error) {
        if (attempt >= policy.maxAttempts) {
          log.warn({ err: error, source, attempts: attempt }, 'dead-lettering a message that kept failing');
          return deadLetter(attempt, error, () => options.onDeadLetter(busMessage, error));
        }
        await keepingSession(sleep(policy.backoffMs(attempt), undefined, { signal: stopping.signal })).catch(() => {
          // `stop` cut the wait short. Throwing leaves the offset uncommitted, so the message comes again after a
          // restart; a KafkaJSError, so that kafkajs does not log a normal shutdown as a failing handler.
          throw new kafkajs.KafkaJSError(`stopped before ${source} was handled`);
        });
      }
    }
  };

  try {
    await consumer.connect();
    // A group without committed offsets starts at the oldest record kept, so it misses nothing published before it joined.
    await consumer.subscribe({ topics: [policy.topic], fromBeginning: true });
    const joined = firstJoin(consumer);
    await consumer.run({ eachMessage: handle });
    await joined;
  } catch (error) {
    await consumer
      .disconnect()
      .catch((disconnectError: unknown) => log.warn({ err: disconnectError }, 'could not disconnect a consumer that failed to start'));
    throw kafkaAppError(error, `group ${group} could not start consuming ${policy.topic}`);
  }

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    // kafkajs stops fetching at once, waits for the messages being handled, commits their offsets and leaves the group.
    const disconnected = consumer.disconnect();
    stopping.abort();
    try {
      await disconnected;
    } catch (error) {
      throw kafkaAppError(error, `group ${group} could not stop cleanly`);
    }
  };
  return { stop: () => (stopped ??= stop()) };
};
