import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { BusMessage, EventBus, MessageHandler } from '../../shared/ports/event-bus.js';
import { eventually } from '../support/eventually.js';

/** Retry settings the suite opens every bus with, so redelivery and dead-lettering happen fast. */
export interface EventBusTestOptions {
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
}

export interface EventBusUnderTest {
  bus: EventBus;
  /** Closes the bus and removes what the test created. */
  cleanup(): Promise<void>;
}

const MAX_ATTEMPTS = 3;

/** The behaviour every EventBus adapter shares. Publish may resolve before handling, so the suite waits for effects. */
export const eventBusContract = (adapterName: string, open: (options: EventBusTestOptions) => Promise<EventBusUnderTest>) =>
  describe(`EventBus contract: ${adapterName}`, () => {
    let subject: EventBusUnderTest;
    let bus: EventBus;
    /** Keys are unique per test, so a broker's leftovers from earlier tests are recognised and ignored. */
    let run: string;

    const messageFor = (key: string, n: number): BusMessage => ({
      key: `${run}-${key}`,
      headers: {},
      event: {
        eventId: randomUUID(),
        type: 'ContractTested',
        schemaVersion: 1,
        data: { n },
        metadata: { tenantId: 'tenant-a', documentId: key, producer: 'contract-test' },
        streamName: `document-${key}`,
        revision: n,
        position: n + 1,
        recordedAt: new Date().toISOString(),
      },
    });
    const label = (message: BusMessage) => `${message.event.metadata.documentId}${(message.event.data as { n: number }).n}`;

    const subscribe = (handler: MessageHandler, options: { concurrency?: number; onDeadLetter?: (entry: string) => void } = {}) =>
      bus.subscribe({
        group: `contract-${randomUUID()}`,
        concurrency: options.concurrency,
        handler: async (message) => {
          if (message.key.startsWith(run)) await handler(message);
        },
        onDeadLetter: async (message, error) => {
          options.onDeadLetter?.(`${label(message)}: ${(error as Error).message}`);
        },
      });

    beforeEach(async () => {
      run = randomUUID();
      subject = await open({ maxAttempts: MAX_ATTEMPTS, backoffMs: () => 10 });
      bus = subject.bus;
    });
    afterEach(() => subject.cleanup());

    it('delivers every published message to every subscribed group', async () => {
      const first: string[] = [];
      const second: string[] = [];
      await subscribe(async (message) => void first.push(label(message)));
      await subscribe(async (message) => void second.push(label(message)));
      const messages = [messageFor('a', 0), messageFor('b', 0), messageFor('a', 1), messageFor('c', 0)];

      await bus.publish(messages);

      const published = messages.map(label);
      await eventually(() => expect(new Set(first)).to.have.keys(published));
      await eventually(() => expect(new Set(second)).to.have.keys(published));
    });

    it('handles the messages of one key in publish order, while keys run side by side', async () => {
      const handled: Record<string, number[]> = { a: [], b: [], c: [] };
      await subscribe(
        async (message) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          handled[message.event.metadata.documentId]!.push((message.event.data as { n: number }).n);
        },
        { concurrency: 3 },
      );
      const order = [0, 1, 2, 3, 4];

      await bus.publish(order.flatMap((n) => ['a', 'b', 'c'].map((key) => messageFor(key, n))));

      await eventually(() => expect(handled).to.deep.equal({ a: order, b: order, c: order }));
    });

    it('gives a message to a throwing handler again until it succeeds', async () => {
      const attempts: string[] = [];
      const deadLetters: string[] = [];
      await subscribe(
        async (message) => {
          attempts.push(label(message));
          if (attempts.length === 1) throw new Error('first attempt fails');
        },
        { onDeadLetter: (entry) => deadLetters.push(entry) },
      );

      await bus.publish([messageFor('a', 0)]);

      await eventually(() => expect(attempts).to.deep.equal(['a0', 'a0']));
      expect(deadLetters).to.deep.equal([]);
    });

    it(`dead-letters a message after ${MAX_ATTEMPTS} failed attempts and goes on with the next one of its key`, async () => {
      const outcomes: string[] = [];
      let poisonAttempts = 0;
      await subscribe(
        async (message) => {
          if (label(message) !== 'a0') return void outcomes.push(`handled ${label(message)}`);
          poisonAttempts += 1;
          throw new Error(`attempt ${poisonAttempts} failed`);
        },
        { onDeadLetter: (entry) => outcomes.push(`dead-lettered ${entry}`) },
      );

      await bus.publish([messageFor('a', 0), messageFor('a', 1)]);

      await eventually(() => expect(outcomes).to.deep.equal([`dead-lettered a0: attempt ${MAX_ATTEMPTS} failed`, 'handled a1']));
      expect(poisonAttempts).to.equal(MAX_ATTEMPTS);
    });

    it('counts what a group has not handled yet as its backlog, down to 0 once it is handled', async () => {
      const group = `contract-${randomUUID()}`;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await bus.subscribe({
        group,
        handler: async (message) => {
          if (message.key.startsWith(run)) await held;
        },
        onDeadLetter: async () => undefined,
      });
      const backlogOf = async () => (await bus.backlog()).find((entry) => entry.group === group)?.messages;

      const published = bus.publish([messageFor('a', 0), messageFor('a', 1), messageFor('b', 0)]);

      await eventually(async () => expect(await backlogOf()).to.be.at.least(3), 15_000, 100);
      release();
      await published;
      await eventually(async () => expect(await backlogOf()).to.equal(0), 15_000, 100);
    });

    it('waits on stop for the handlers in flight', async () => {
      const log: string[] = [];
      let started = false;
      const subscription = await subscribe(async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        log.push('handler finished');
      });
      const published = bus.publish([messageFor('a', 0)]);
      await eventually(() => expect(started).to.equal(true));

      await subscription.stop();
      log.push('stopped');

      expect(log).to.deep.equal(['handler finished', 'stopped']);
      await published;
    });
  });
