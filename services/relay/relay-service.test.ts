import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { openFileCheckpointStore } from '../../shared/adapters/embedded/file-checkpoint-store.js';
import { openFileEventStore } from '../../shared/adapters/embedded/file-event-store.js';
import { createLogger } from '../../shared/logging/logger.js';
import type { BusMessage, EventBus } from '../../shared/ports/event-bus.js';
import type { CheckpointStore } from '../../shared/ports/checkpoint-store.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import { eventually } from '../../test/support/eventually.js';
import { createRelay } from './relay-service.js';

/** A bus whose acknowledgements the test releases by hand, to see what the relay checkpoints meanwhile. */
const heldBus = () => {
  const published: BusMessage[] = [];
  const pending = new Map<number, () => void>();
  const bus: EventBus = {
    publish: async (messages) => {
      published.push(...messages);
      await Promise.all(messages.map((message) => new Promise<void>((resolve) => pending.set(message.event.position, resolve))));
    },
    subscribe: async () => ({ stop: async () => undefined }),
    backlog: async () => [],
    close: async () => undefined,
  };
  return { bus, published, acknowledge: (position: number) => pending.get(position)?.() };
};

describe('relay: from the event store to the bus', () => {
  let directory: string;
  let store: EventStore;
  let checkpoints: CheckpointStore;
  const logger = createLogger('test', 'silent');

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-relay-'));
    store = await openFileEventStore(path.join(directory, 'events'));
    checkpoints = await openFileCheckpointStore(path.join(directory, 'checkpoints'));
    for (const documentId of ['a', 'b', 'c']) {
      await store.append(
        `document-${documentId}`,
        [
          {
            type: 'Noted',
            schemaVersion: 1,
            data: {},
            metadata: {
              tenantId: 't',
              documentId,
              producer: 'test',
              traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
            },
          },
        ],
        'noStream',
      );
    }
  });

  afterEach(async () => {
    await store.close();
    await checkpoints.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('publishes every event keyed by its document, with its trace context', async () => {
    const { bus, published } = heldBus();
    const relay = createRelay({ store, bus, checkpoints, logger }, { maxInFlight: 10, retryDelayMs: 10 });
    await relay.start();

    await eventually(() => expect(published.map((message) => message.key)).to.deep.equal(['a', 'b', 'c']));
    expect(published[0]!.headers).to.deep.equal({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
    await relay.stop();
  });

  it('checkpoints only the gap-free prefix the bus acknowledged, so a restart repeats but never loses', async () => {
    const { bus, acknowledge, published } = heldBus();
    const relay = createRelay({ store, bus, checkpoints, logger }, { maxInFlight: 10, retryDelayMs: 10 });
    await relay.start();
    await eventually(() => expect(published).to.have.length(3));

    acknowledge(2);
    acknowledge(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await checkpoints.load('relay')).to.equal(0);
    acknowledge(1);
    await eventually(async () => expect(await checkpoints.load('relay')).to.equal(3));
    await relay.stop();
  });

  it('given a saved checkpoint, when it starts again, then it continues after it', async () => {
    await checkpoints.save('relay', 2);
    const { bus, published } = heldBus();
    const relay = createRelay({ store, bus, checkpoints, logger }, { maxInFlight: 10, retryDelayMs: 10 });
    await relay.start();

    await eventually(() => expect(published.map((message) => message.key)).to.deep.equal(['c']));
    await relay.stop();
  });

  it('when the bus refuses a publish, then it tries again until it is acknowledged', async () => {
    let refusals = 1;
    const delivered: string[] = [];
    const bus: EventBus = {
      publish: async (messages) => {
        if (refusals-- > 0) throw new Error('broker unavailable');
        delivered.push(...messages.map((message) => message.key));
      },
      subscribe: async () => ({ stop: async () => undefined }),
      backlog: async () => [],
      close: async () => undefined,
    };
    const relay = createRelay({ store, bus, checkpoints, logger }, { maxInFlight: 1, retryDelayMs: 10 });
    await relay.start();

    await eventually(async () => expect(await checkpoints.load('relay')).to.equal(3));
    expect(delivered).to.deep.equal(['a', 'b', 'c']);
    await relay.stop();
  });

  it('given a full window, publishes later steps of documents already in at once, and lets new documents in tenant by tenant', async () => {
    const { bus, published, acknowledge } = heldBus();
    const noted = (documentId: string, tenantId = 't') => [
      { type: 'Noted', schemaVersion: 1, data: {}, metadata: { tenantId, documentId, producer: 'test' } },
    ];
    const keys = () => published.map((message) => message.key);
    const relay = createRelay({ store, bus, checkpoints, logger }, { maxInFlight: 1, retryDelayMs: 10 });
    await relay.start();
    await eventually(() => expect(keys()).to.deep.equal(['a']));

    // Tenant u has nothing in flight: its first document goes in at once, its second waits its turn.
    await store.append('document-d', noted('d', 'u'), 'noStream');
    await eventually(() => expect(keys()).to.deep.equal(['a', 'd']));
    await store.append('document-e', noted('e', 'u'), 'noStream');
    await store.append('document-a', noted('a'), 0);
    await eventually(() => expect(keys()).to.deep.equal(['a', 'd', 'a']));
    acknowledge(1);
    acknowledge(6);
    acknowledge(4);
    await eventually(() => expect(keys()).to.deep.equal(['a', 'd', 'a', 'b']));
    acknowledge(2);
    await eventually(() => expect(keys()).to.deep.equal(['a', 'd', 'a', 'b', 'e']));
    acknowledge(5);
    await eventually(() => expect(keys()).to.deep.equal(['a', 'd', 'a', 'b', 'e', 'c']));
    acknowledge(3);
    await eventually(async () => expect(await checkpoints.load('relay')).to.equal(6));
    await relay.stop();
  });
});
