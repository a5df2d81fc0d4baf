import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import { appendedChannel } from '../../shared/adapters/postgres/event-store-migration.js';
import { openPostgresEventStore } from '../../shared/adapters/postgres/postgres-event-store.js';
import type { AppError } from '../../shared/errors/app-error.js';
import type { EventStore, NewEvent, RecordedEvent } from '../../shared/ports/event-store.js';
import { eventStoreContract } from '../contract/event-store.contract.js';
import { hashChainContract } from '../contract/hash-chain.contract.js';
import { eventually } from '../support/eventually.js';
import { POSTGRES_HOW_TO, freshSchema, inFreshSchema } from './postgres-test-schema.js';
import { serverUrl } from './server-urls.js';

const newEvent = (n: number): NewEvent => ({
  eventId: randomUUID(),
  type: 'ConcurrencyTested',
  schemaVersion: 1,
  data: { n },
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'postgres-test' },
});

describe('PostgreSQL event store', () => {
  let url: string;
  before(function () {
    url = serverUrl(this, 'POSTGRES_URL', POSTGRES_HOW_TO);
  });

  eventStoreContract('postgres event store', () => inFreshSchema(url, openPostgresEventStore));

  hashChainContract('postgres event store', () => inFreshSchema(url, openPostgresEventStore));

  describe('beyond the contract', () => {
    let schema: ReturnType<typeof freshSchema>;
    const opened: EventStore[] = [];
    const open = async () => {
      const store = await openPostgresEventStore(schema.options);
      opened.push(store);
      return store;
    };

    beforeEach(() => {
      schema = freshSchema(url);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
      await schema.drop();
    });

    it('lets followers polling readAll see every event of concurrent appenders exactly once, in position order', async function () {
      this.timeout(120_000);
      // Several processes (each store has its own pool), each with several appenders on their own streams;
      // several followers, each of which could catch a transaction committing behind a later position.
      const PROCESSES = 3;
      const APPENDERS_PER_PROCESS = 6;
      const APPENDS_EACH = 15;
      const FOLLOWERS = 3;
      const writers = await Promise.all(Array.from({ length: PROCESSES }, open));
      const followers = await Promise.all(Array.from({ length: FOLLOWERS }, open));
      const appendedIds: string[] = [];
      let writing = true;

      const appendMany = async (store: EventStore) => {
        const stream = `concurrency-${randomUUID()}`;
        let revision = -1;
        for (let append = 0; append < APPENDS_EACH; append++) {
          const events = Array.from({ length: 1 + (append % 3) }, (_, n) => newEvent(n));
          ({ revision } = await store.append(stream, events, revision === -1 ? 'noStream' : revision));
          appendedIds.push(...events.map((event) => event.eventId!));
        }
      };
      const follow = async (follower: EventStore) => {
        const seen: RecordedEvent[] = [];
        let pagesWhileWriting = 0;
        for (;;) {
          const stillWriting = writing;
          const page = await follower.readAll(seen.at(-1)?.position ?? 0, 25);
          seen.push(...page);
          if (stillWriting && page.length > 0) pagesWhileWriting++;
          // Only a read that started after the last append finished proves nothing is left.
          if (!stillWriting && page.length === 0) return { seen, pagesWhileWriting };
        }
      };

      const following = Promise.all(followers.map(follow));
      await Promise.all(writers.flatMap((store) => Array.from({ length: APPENDERS_PER_PROCESS }, () => appendMany(store))));
      writing = false;

      for (const { seen, pagesWhileWriting } of await following) {
        const positions = seen.map((event) => event.position);
        expect(positions.every((position, index) => index === 0 || position > positions[index - 1]!)).to.equal(true);
        expect(seen.map((event) => event.eventId)).to.have.members(appendedIds);
        expect(pagesWhileWriting, 'the follower read while appends were under way').to.be.greaterThan(1);
      }
    });

    it('keeps notifying appends after its listening connection was terminated', async () => {
      const store = await open();
      let calls = 0;
      store.onAppended(() => calls++);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1', [
          `LISTEN ${pg.escapeIdentifier(appendedChannel(schema.options.schema!))}`,
        ]);
        expect(rowCount).to.equal(1);
      } finally {
        await admin.end();
      }

      // The listener reconnects and, having possibly missed notifications, calls once on its own.
      await eventually(() => expect(calls).to.be.greaterThan(0), 10_000);
      calls = 0;
      await store.append(`listener-${randomUUID()}`, [newEvent(0)], 'noStream');
      await eventually(() => expect(calls).to.be.greaterThan(0));
    });
  });
});

describe('PostgreSQL event store without a server', () => {
  it('fails to open with the retriable service_unavailable error', async () => {
    const failure = await openPostgresEventStore({ connectionString: 'postgres://kontor:kontor@127.0.0.1:1/kontor' }).then(
      () => expect.fail('opened without a server'),
      (error: AppError) => error,
    );

    expect(failure).to.include({ code: 'service_unavailable', retriable: true });
  });
});
