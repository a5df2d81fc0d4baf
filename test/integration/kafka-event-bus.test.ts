import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import kafkajs from 'kafkajs';
import type { KafkaMessage } from 'kafkajs';
import { createKafkaEventBus, type KafkaEventBusOptions } from '../../shared/adapters/kafka/kafka-event-bus.js';
import { deadLetterHeaders } from '../../shared/adapters/kafka/dead-letter-record.js';
import { AppError } from '../../shared/errors/app-error.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BusMessage } from '../../shared/ports/event-bus.js';
import { eventBusContract } from '../contract/event-bus.contract.js';
import { eventually } from '../support/eventually.js';

const brokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean) ?? [];
const logger = createLogger('kafka-event-bus-test', process.env.LOG_LEVEL ?? 'error');
const kafka = new kafkajs.Kafka({ clientId: 'kontor-kafka-test', brokers, logLevel: kafkajs.logLevel.NOTHING });

/** Every bus gets topics of its own, so records of earlier runs and tests never reach it; they are deleted afterwards. */
const openBus = async (options: Partial<KafkaEventBusOptions> = {}) => {
  const topic = `kontor-test-${randomUUID()}`;
  const deadLetterTopic = `${topic}.dead-letters`;
  const bus = await createKafkaEventBus({ brokers, clientId: 'kontor-test', topic, deadLetterTopic, partitions: 3, logger, ...options });
  return {
    bus,
    topic,
    deadLetterTopic,
    async cleanup() {
      await bus.close();
      const admin = kafka.admin();
      await admin.connect();
      await admin.deleteTopics({ topics: [topic, deadLetterTopic] });
      await admin.disconnect();
    },
  };
};

const messageFor = (key: string, n: number, headers: Record<string, string> = {}): BusMessage => ({
  key,
  headers,
  event: {
    eventId: randomUUID(),
    type: 'KafkaTested',
    schemaVersion: 1,
    data: { n },
    metadata: { tenantId: 'tenant-a', documentId: key, producer: 'kafka-test' },
    streamName: `document-${key}`,
    revision: n,
    position: n + 1,
    recordedAt: new Date().toISOString(),
  },
});
const label = (message: BusMessage) => `${message.key}:${(message.event.data as { n: number }).n}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The offsets `group` has committed on `topic`, summed over partitions: how many messages it has finished with. */
const committedCount = async (group: string, topic: string) => {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    return (offsets?.partitions ?? []).reduce((sum, { offset }) => sum + Math.max(Number(offset), 0), 0);
  } finally {
    await admin.disconnect();
  }
};

/** Every record on `topic`, read by a throwaway group from the beginning. */
const readTopic = async (topic: string, count: number): Promise<KafkaMessage[]> => {
  const records: KafkaMessage[] = [];
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}`, maxWaitTimeInMs: 500 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => void records.push(message) });
  try {
    await eventually(() => expect(records).to.have.length(count), 15000);
    return records;
  } finally {
    await consumer.disconnect();
  }
};

const suite = brokers.length > 0 ? describe : describe.skip;
if (brokers.length === 0) {
  console.log(
    'Kafka event bus tests skipped: KAFKA_BROKERS is not set (start a broker with scripts/servers/kafka.sh and export what it prints)',
  );
}

suite('Kafka event bus', function () {
  this.timeout(60000);

  eventBusContract('Kafka event bus', openBus);

  describe('on a real broker', () => {
    let subject: Awaited<ReturnType<typeof openBus>>;
    let group: string;
    const ignoreDeadLetters = async () => {};
    const open = async (options: Partial<KafkaEventBusOptions> = {}) => {
      subject = await openBus(options);
      return subject.bus;
    };

    afterEach(() => subject.cleanup());
    beforeEach(() => {
      group = `group-${randomUUID()}`;
    });

    it('keeps the partitions of a handler slower than the session timeout and handles its message once', async () => {
      const bus = await open({ sessionTimeoutMs: 6000 });
      const started: string[] = [];
      const finished: string[] = [];
      await bus.subscribe({
        group,
        onDeadLetter: ignoreDeadLetters,
        handler: async (message) => {
          started.push(label(message));
          await sleep(15000);
          finished.push(label(message));
        },
      });

      await bus.publish([messageFor('slow', 0)]);

      // Had the session expired, the commit would fail and the message would be handled a second time first.
      await eventually(async () => expect(await committedCount(group, subject.topic)).to.equal(1), 40000, 500);
      expect(started).to.deep.equal(['slow:0']);
      expect(finished).to.deep.equal(['slow:0']);
    });

    it('given a consumer working on several partitions at once, a slow message holds only its own partition', async () => {
      const bus = await open();
      let releaseSlow!: () => void;
      const slowReleased = new Promise<void>((resolve) => (releaseSlow = resolve));
      const handled: string[] = [];
      await bus.subscribe({
        group,
        concurrency: 3,
        onDeadLetter: ignoreDeadLetters,
        handler: async (message) => {
          if (message.key === 'slow') await slowReleased;
          handled.push(label(message));
        },
      });

      await bus.publish([messageFor('slow', 0)]);
      // Twelve keys over three partitions: some of them hash to a partition the slow message is not on.
      await bus.publish(Array.from({ length: 12 }, (_, n) => messageFor(`quick-${n}`, 0)));

      await eventually(() => expect(handled.length).to.be.greaterThan(0), 20000, 200);
      expect(handled).to.not.include('slow:0');
      releaseSlow();
      await eventually(() => expect(handled).to.have.length(13), 20000, 200);
    });

    it('puts a message that keeps failing on the dead-letter topic, with its headers and why', async () => {
      const bus = await open({ maxAttempts: 2, backoffMs: () => 10 });
      const deadLettered: string[] = [];
      await bus.subscribe({
        group,
        handler: async () => {
          throw new Error('cannot handle this');
        },
        onDeadLetter: async (message, error) => void deadLettered.push(`${label(message)} ${(error as Error).message}`),
      });
      const poison = messageFor('poison', 0, { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });

      await bus.publish([poison]);

      await eventually(() => expect(deadLettered).to.deep.equal(['poison:0 cannot handle this']), 15000);
      const [record] = await readTopic(subject.deadLetterTopic, 1);
      expect(record!.key?.toString()).to.equal('poison');
      expect(JSON.parse(record!.value!.toString())).to.deep.equal(poison.event);
      const headers = Object.fromEntries(Object.entries(record!.headers ?? {}).map(([name, value]) => [name, value?.toString()]));
      expect(headers).to.include({
        traceparent: poison.headers.traceparent,
        [deadLetterHeaders.reason]: 'cannot handle this',
        [deadLetterHeaders.group]: group,
        [deadLetterHeaders.attempts]: '2',
      });
      expect(headers[deadLetterHeaders.source]).to.match(new RegExp(`^${subject.topic}/\\d+@0$`));
      await eventually(async () => expect(await committedCount(group, subject.topic)).to.equal(1), 15000, 200);
    });

    it('gives a message again, not losing it, when onDeadLetter fails, even with a non-retriable error', async () => {
      const bus = await open({ maxAttempts: 2, backoffMs: () => 10 });
      const deadLetterCalls: string[] = [];
      await bus.subscribe({
        group,
        handler: async () => {
          throw new Error('cannot handle this');
        },
        onDeadLetter: async (message) => {
          deadLetterCalls.push(label(message));
          if (deadLetterCalls.length === 1) throw new AppError({ code: 'broken', status: 500, title: 'Broken', retriable: false });
        },
      });

      await bus.publish([messageFor('poison', 0)]);

      await eventually(() => expect(deadLetterCalls).to.deep.equal(['poison:0', 'poison:0']), 20000);
      await eventually(async () => expect(await committedCount(group, subject.topic)).to.equal(1), 15000, 200);
    });

    it('continues after the last committed offset when the group restarts: nothing lost, nothing handled twice', async () => {
      const bus = await open();
      const handled: string[] = [];
      let slowOneStarted = false;
      const subscribe = () =>
        bus.subscribe({
          group,
          concurrency: 3,
          onDeadLetter: ignoreDeadLetters,
          handler: async (message) => {
            if (label(message) === 'c:1') {
              slowOneStarted = true;
              await sleep(500);
            }
            handled.push(label(message));
          },
        });
      const toMessages = (...names: string[]) => names.map((name) => messageFor(name.split(':')[0]!, Number(name.split(':')[1])));
      const beforeStop = ['a:0', 'b:0', 'c:0', 'a:1', 'b:1', 'c:1'];
      const afterRestart = ['a:2', 'b:2', 'c:2'];

      const subscription = await subscribe();
      await bus.publish(toMessages('a:0', 'b:0', 'c:0', 'a:1', 'b:1'));
      await eventually(() => expect(handled).to.have.length(5), 15000);
      await bus.publish(toMessages('c:1'));
      await eventually(() => expect(slowOneStarted).to.equal(true), 15000);
      // Stopped while c:1 is being handled: stop waits for it and commits it.
      await subscription.stop();
      expect(handled).to.have.members(beforeStop);
      await bus.publish(toMessages(...afterRestart));
      await subscribe();

      await eventually(() => expect(handled).to.have.length(beforeStop.length + afterRestart.length), 15000);
      expect(handled).to.have.members([...beforeStop, ...afterRestart]);
      await sleep(1000);
      expect(handled).to.have.length(beforeStop.length + afterRestart.length);
    });

    it('stops without waiting out a retry backoff, leaving the message uncommitted for the next start', async () => {
      const bus = await open({ maxAttempts: 5, backoffMs: () => 60000 });
      const attempts: string[] = [];
      const subscribe = (handler: (message: BusMessage) => Promise<void>) =>
        bus.subscribe({ group, onDeadLetter: ignoreDeadLetters, handler });
      const subscription = await subscribe(async (message) => {
        attempts.push(`failed ${label(message)}`);
        throw new Error('not yet');
      });
      await bus.publish([messageFor('a', 0)]);
      await eventually(() => expect(attempts).to.deep.equal(['failed a:0']), 15000);

      const stopStarted = Date.now();
      await subscription.stop();

      expect(Date.now() - stopStarted).to.be.below(10000);
      expect(await committedCount(group, subject.topic)).to.equal(0);
      await subscribe(async (message) => void attempts.push(`handled ${label(message)}`));
      await eventually(() => expect(attempts).to.deep.equal(['failed a:0', 'handled a:0']), 15000);
    });
  });
});
