import { expect } from 'chai';
import type { AppError } from '../../errors/app-error.js';
import type { BusMessage, EventBus, MessageHandler } from '../../ports/event-bus.js';
import { createForegroundWork } from '../../runtime/foreground-work.js';
import { createInProcessBus } from './in-process-bus.js';

const messageFor = (key: string, n: number, tenantId = 'tenant-a'): BusMessage => ({
  key,
  headers: {},
  event: {
    eventId: `${key}-${n}`,
    type: 'Tested',
    schemaVersion: 1,
    data: { n },
    metadata: { tenantId, documentId: key, producer: 'test' },
    streamName: `document-${key}`,
    revision: n,
    position: n + 1,
    recordedAt: new Date().toISOString(),
  },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits until `done()` holds, or `ms` have passed: on a loaded machine a timer fires late, so a fixed sleep would not be enough. */
const eventually = async (done: () => boolean, ms = 2_000) => {
  for (const deadline = Date.now() + ms; !done() && Date.now() < deadline;) await sleep(5);
};

/** A promise the test settles by hand, to hold a handler in flight. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('in-process bus', () => {
  let bus: EventBus;
  const subscribe = (group: string, handler: MessageHandler, concurrency?: number) =>
    bus.subscribe({ group, handler, concurrency, onDeadLetter: async () => {} });

  beforeEach(() => {
    bus = createInProcessBus({ maxAttempts: 2, backoffMs: () => 5 });
  });
  afterEach(() => bus.close());

  it('resolves publish only once every group has handled every message', async () => {
    const handled: string[] = [];
    await subscribe('slow', async (message) => {
      await sleep(20);
      handled.push(`slow ${message.event.eventId}`);
    });
    await subscribe('failing once', async (message) => {
      if (!handled.includes(`retried ${message.event.eventId}`)) {
        handled.push(`retried ${message.event.eventId}`);
        throw new Error('first attempt fails');
      }
      handled.push(`failing once ${message.event.eventId}`);
    });

    await bus.publish([messageFor('a', 0), messageFor('b', 0)]);

    expect(handled).to.have.members(['slow a-0', 'slow b-0', 'retried a-0', 'retried b-0', 'failing once a-0', 'failing once b-0']);
  });

  it('resolves publish once a message that kept failing is dead-lettered', async () => {
    const deadLettered: string[] = [];
    await bus.subscribe({
      group: 'failing',
      handler: async () => {
        throw new Error('always fails');
      },
      onDeadLetter: async (message) => {
        await sleep(10);
        deadLettered.push(message.event.eventId);
      },
    });

    await bus.publish([messageFor('a', 0)]);

    expect(deadLettered).to.deep.equal(['a-0']);
  });

  it('given no group subscribed, when a message is published, then publish resolves before any I/O turn and keeps nothing for later groups', async () => {
    const outcome = await Promise.race([
      bus.publish([messageFor('a', 0)]).then(() => 'resolved'),
      new Promise<string>((resolve) => setImmediate(() => resolve('still waiting'))),
    ]);
    const handled: string[] = [];
    await subscribe('late', async (message) => void handled.push(message.event.eventId));
    await bus.publish([messageFor('a', 1)]);

    expect(outcome).to.equal('resolved');
    expect(handled).to.deep.equal(['a-1']);
  });

  it('rejects the publish of messages a stopped group did not handle, as retriable', async () => {
    const handled: string[] = [];
    const { open, opened } = gate();
    const subscription = await subscribe('stopping', async (message) => {
      await opened;
      handled.push(message.event.eventId);
    });
    const published = bus.publish([messageFor('a', 0), messageFor('a', 1)]);

    const stopped = subscription.stop();
    open();
    await stopped;

    const error = await published.then(
      () => null,
      (reason: AppError) => reason,
    );
    expect(handled).to.deep.equal(['a-0']);
    expect(error).to.include({ code: 'service_unavailable', retriable: true });
  });

  it('delivers nothing more to a stopped group', async () => {
    const handled: string[] = [];
    const subscription = await subscribe('stopped', async (message) => void handled.push(message.event.eventId));
    await subscription.stop();

    await bus.publish([messageFor('a', 0)]);

    expect(handled).to.deep.equal([]);
  });

  it('handles up to `concurrency` keys at once', async () => {
    let running = 0;
    let mostAtOnce = 0;
    await subscribe(
      'parallel',
      async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await sleep(10);
        running -= 1;
      },
      2,
    );

    await bus.publish(['a', 'b', 'c', 'd'].flatMap((key) => [messageFor(key, 0), messageFor(key, 1)]));

    expect(mostAtOnce).to.equal(2);
  });

  describe('sharing the event loop', () => {
    /** Subscribes groups of concurrency 2 that count how many messages are handled at once, by all of them. */
    const countingGroups = async (on: EventBus, groups: string[]) => {
      const counts = { running: 0, mostAtOnce: 0 };
      for (const group of groups) {
        await on.subscribe({
          group,
          concurrency: 2,
          onDeadLetter: async () => {},
          handler: async () => {
            counts.running += 1;
            counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
            await sleep(5);
            counts.running -= 1;
          },
        });
      }
      return counts;
    };
    const burst = () => ['a', 'b', 'c', 'd'].map((key) => messageFor(key, 0));

    it('given a limit of messages handled at once, all groups together keep to it', async () => {
      const shared = createInProcessBus({ maxHandling: 2 });
      const counts = await countingGroups(shared, ['convert', 'extract']);

      await shared.publish(burst());
      await shared.close();

      expect(counts.mostAtOnce).to.equal(2);
    });

    it('given a message handled longer than its turn, it gives its place back and the next one starts', async () => {
      const shared = createInProcessBus({ maxHandling: 1, handlingTurnMs: 10 });
      const holding = gate();
      const handled: string[] = [];
      await shared.subscribe({
        group: 'ocr',
        concurrency: 2,
        onDeadLetter: async () => {},
        handler: async (message) => {
          handled.push(message.event.eventId);
          if (message.key === 'a') await holding.opened;
        },
      });

      const published = shared.publish([messageFor('a', 0), messageFor('b', 0)]);
      await eventually(() => handled.length === 2);
      const whileAWaits = [...handled];
      holding.open();
      await published;
      await shared.close();

      expect(whileAWaits).to.deep.equal(['a-0', 'b-0']);
    });

    it('given a group outside the limit, it keeps only to its own concurrency', async () => {
      const shared = createInProcessBus({ maxHandling: 1, unlimitedGroups: ['download'] });
      const counts = await countingGroups(shared, ['download']);

      await shared.publish(burst());
      await shared.close();

      expect(counts.mostAtOnce).to.equal(2);
    });

    it('given clients waiting for answers, handles one message at a time, and all again once they are answered', async () => {
      const foreground = createForegroundWork();
      const shared = createInProcessBus({ foreground });
      const counts = await countingGroups(shared, ['convert', 'extract']);
      const answered = foreground.begin();

      await shared.publish(burst());
      const whileBusy = counts.mostAtOnce;
      answered();
      counts.mostAtOnce = 0;
      await shared.publish(['e', 'f'].map((key) => messageFor(key, 0)));
      await shared.close();

      expect(whileBusy).to.equal(1);
      expect(counts.mostAtOnce).to.equal(4);
    });

    it('given clients waiting while a message is handled, starts the next once they are answered, not when that one ends', async () => {
      const foreground = createForegroundWork();
      const shared = createInProcessBus({ foreground });
      const holding = gate();
      const handled: string[] = [];
      await shared.subscribe({
        group: 'held',
        concurrency: 2,
        onDeadLetter: async () => {},
        handler: async (message) => {
          handled.push(message.event.eventId);
          await holding.opened;
        },
      });
      const first = shared.publish([messageFor('a', 0)]);
      await sleep(5);
      const answered = foreground.begin();
      const second = shared.publish([messageFor('b', 0)]);
      await sleep(5);
      const whileBusy = [...handled];
      answered();
      await sleep(5);
      const onceAnswered = [...handled];
      holding.open();
      await Promise.all([first, second]);
      await shared.close();

      expect(whileBusy).to.deep.equal(['a-0']);
      expect(onceAnswered).to.deep.equal(['a-0', 'b-0']);
    });
  });

  it('refuses a second subscription of the same group', async () => {
    await subscribe('once', async () => {});

    const error = await subscribe('once', async () => {}).then(
      () => null,
      (reason: AppError) => reason,
    );

    expect(error?.code).to.equal('group_already_subscribed');
  });

  describe('scheduling: per document and per tenant, not per stage', () => {
    /** A group of concurrency 1 whose first message is held until the test opens the gate. */
    const heldGroup = async () => {
      const first = gate();
      const handled: string[] = [];
      await subscribe('held', async (message) => {
        if (handled.length === 0) await first.opened;
        handled.push(message.event.eventId);
      });
      return { handled, release: first.open };
    };

    it("given documents waiting for their first step, an older document's next step goes first", async () => {
      const { handled, release } = await heldGroup();
      const published = [bus.publish([messageFor('a', 0)]), bus.publish([messageFor('b', 0)]), bus.publish([messageFor('c', 0)])];
      published.push(bus.publish([messageFor('a', 1)]));

      release();
      await Promise.all(published);

      expect(handled).to.deep.equal(['a-0', 'a-1', 'b-0', 'c-0']);
    });

    it("given a burst of one tenant holding the group, another tenant's document starts at once, beyond the group's concurrency", async () => {
      const { handled, release } = await heldGroup();
      const published = ['a', 'b', 'c', 'd'].map((key) => bus.publish([messageFor(key, 0)]));
      published.push(bus.publish([messageFor('other', 0, 'tenant-b')]));

      release();
      await Promise.all(published);

      // Started while a-0 was held, it is held by the same gate, and done right after it.
      expect(handled).to.deep.equal(['a-0', 'other-0', 'b-0', 'c-0', 'd-0']);
    });

    it("given the shared slots held by one tenant's burst, a tenant with nothing being handled starts one message beyond them, and its next waits its turn", async () => {
      const shared = createInProcessBus({ maxHandling: 1 });
      const holding = gate();
      const handled: string[] = [];
      await shared.subscribe({
        group: 'convert',
        concurrency: 1,
        onDeadLetter: async () => {},
        handler: async (message) => {
          handled.push(message.event.eventId);
          if (message.key === 'a' || message.key === 'other') await holding.opened;
        },
      });

      const published = [
        shared.publish([messageFor('a', 0)]),
        shared.publish([messageFor('b', 0)]),
        shared.publish([messageFor('other', 0, 'tenant-b')]),
        shared.publish([messageFor('second', 0, 'tenant-b')]),
      ];
      await sleep(20);
      const whileHeld = [...handled];
      holding.open();
      await Promise.all(published);
      await shared.close();

      expect(whileHeld).to.deep.equal(['a-0', 'other-0']);
      expect(handled.slice(2)).to.have.members(['b-0', 'second-0']);
    });
  });
});
