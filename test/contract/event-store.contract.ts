import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { AppError } from '../../shared/errors/app-error.js';
import type { EventStore, NewEvent, RecordedEvent } from '../../shared/ports/event-store.js';
import { eventually } from '../support/eventually.js';

export interface EventStoreUnderTest {
  store: EventStore;
  /** Opens the same store again once `store` is closed; given by durable adapters. */
  reopen?: () => Promise<EventStore>;
  /** Closes whatever is still open and removes what the test created. */
  cleanup(): Promise<void>;
}

const newStream = () => `contract-${randomUUID()}`;

const newEvent = (data: unknown = { n: 1 }, overrides: Partial<NewEvent> = {}): NewEvent => ({
  type: 'ContractTested',
  schemaVersion: 1,
  data,
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'contract-test' },
  ...overrides,
});

/** Every event of `streams` after `after`, paging with `limit`; other writers' events are left out. */
const readAllOf = async (store: EventStore, streams: string[], after: number, limit = 100): Promise<RecordedEvent[]> => {
  const seen: RecordedEvent[] = [];
  for (let page = await store.readAll(after, limit); page.length > 0; page = await store.readAll(page.at(-1)!.position, limit)) {
    seen.push(...page);
  }
  return seen.filter((event) => streams.includes(event.streamName));
};

const rejectionOf = async (promise: Promise<unknown>): Promise<AppError> => {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
};

/** The behaviour every EventStore adapter shares, so the embedded log cannot drift from the servers. */
export const eventStoreContract = (adapterName: string, open: () => Promise<EventStoreUnderTest>) =>
  describe(`EventStore contract: ${adapterName}`, () => {
    let subject: EventStoreUnderTest;
    let store: EventStore;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
    });
    afterEach(() => subject.cleanup());

    describe('appending and reading a stream', () => {
      it('reads back the events of several appends in revision order, numbered from 0', async () => {
        const stream = newStream();
        const first = await store.append(stream, [newEvent({ n: 0 }), newEvent({ n: 1 }), newEvent({ n: 2 })], 'noStream');
        const second = await store.append(stream, [newEvent({ n: 3 })], 2);

        const events = await store.readStream(stream);

        expect(events.map((event) => event.data)).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
        expect(events.map((event) => event.revision)).to.deep.equal([0, 1, 2, 3]);
        expect(events.every((event) => event.streamName === stream)).to.equal(true);
        expect(first).to.deep.equal({ revision: 2, position: events[2]!.position });
        expect(second).to.deep.equal({ revision: 3, position: events[3]!.position });
      });

      it('reads an empty list for a stream that does not exist', async () => {
        expect(await store.readStream(newStream())).to.deep.equal([]);
      });

      it('round-trips type, schema version, data and metadata exactly', async () => {
        const stream = newStream();
        const data = {
          text: 'Grüße, 請求書 🧾\nline two "quoted"',
          amount: 1234.56,
          zero: 0,
          none: null,
          flags: [true, false],
          nested: { list: [{ a: 1 }] },
        };
        const metadata = {
          tenantId: 'tenant-b',
          documentId: 'doc-42',
          producer: 'gateway',
          traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
          causationId: randomUUID(),
        };
        await store.append(stream, [newEvent(data, { type: 'DocumentSubmitted', schemaVersion: 3, metadata })], 'noStream');

        const [event] = await store.readStream(stream);

        expect(event).to.include({ type: 'DocumentSubmitted', schemaVersion: 3 });
        expect(event!.data).to.deep.equal(data);
        expect(event!.metadata).to.deep.equal(metadata);
      });

      it("hands every reader the events as appended: what one reader does to its events leaves the next reader's unchanged", async () => {
        const stream = newStream();
        await store.append(stream, [newEvent({ nested: { list: [1, 2] } })], 'noStream');

        for (const read of [await store.readStream(stream), await store.readAll(0, 10_000)]) {
          const event = read.find((candidate) => candidate.streamName === stream)!;
          // Adapters may hand out fresh copies or shared, frozen ones: a change fails or stays the reader's own.
          try {
            (event.data as { nested: { list: number[] } }).nested.list.push(3);
          } catch {
            // frozen
          }
        }

        expect((await store.readStream(stream))[0]!.data).to.deep.equal({ nested: { list: [1, 2] } });
      });

      it('keeps a given event id and generates distinct ones when none is given', async () => {
        const stream = newStream();
        const given = randomUUID();
        await store.append(stream, [newEvent({}, { eventId: given }), newEvent(), newEvent()], 'noStream');

        const ids = (await store.readStream(stream)).map((event) => event.eventId);

        expect(ids[0]).to.equal(given);
        expect(ids[1]).to.be.a('string').and.not.empty;
        expect(new Set(ids).size).to.equal(3);
      });

      it('records when each event was appended as an ISO timestamp with milliseconds', async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], 'noStream');

        const [event] = await store.readStream(stream);

        expect(new Date(event!.recordedAt).toISOString()).to.equal(event!.recordedAt);
      });

      it('rejects an append of no events and writes nothing', async () => {
        const stream = newStream();

        await rejectionOf(store.append(stream, [], 'any'));

        expect(await store.readStream(stream)).to.deep.equal([]);
      });
    });

    describe('expected revision', () => {
      const expectWrongRevision = (error: AppError) => {
        expect(error.code).to.equal('wrong_expected_revision');
        expect(error.retriable).to.equal(true);
      };

      it("'noStream' creates a stream but fails on one that exists", async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], 'noStream');

        expectWrongRevision(await rejectionOf(store.append(stream, [newEvent()], 'noStream')));
        expect(await store.readStream(stream)).to.have.length(1);
      });

      it('a wrong number fails as retriable wrong_expected_revision and writes nothing anywhere', async () => {
        const stream = newStream();
        const missing = newStream();
        const { position } = await store.append(stream, [newEvent(), newEvent()], 'noStream');

        expectWrongRevision(await rejectionOf(store.append(stream, [newEvent(), newEvent()], 0)));
        expectWrongRevision(await rejectionOf(store.append(stream, [newEvent()], 2)));
        expectWrongRevision(await rejectionOf(store.append(missing, [newEvent()], 0)));

        expect(await store.readStream(stream)).to.have.length(2);
        expect(await readAllOf(store, [stream, missing], position)).to.deep.equal([]);
      });

      it("'any' appends to a new stream and to an existing one", async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], 'any');
        const result = await store.append(stream, [newEvent()], 'any');

        expect(result.revision).to.equal(1);
      });

      it('lets exactly one of several concurrent appends with the same expectation win', async () => {
        const stream = newStream();
        await store.append(stream, [newEvent()], 'noStream');

        const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => store.append(stream, [newEvent({ n })], 0)));

        const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).to.have.length(1);
        for (const outcome of rejected) expectWrongRevision(outcome.reason as AppError);
        expect(await store.readStream(stream)).to.have.length(2);
      });
    });

    describe('global order', () => {
      it('gives strictly increasing positions across streams, and readAll pages through each event exactly once', async () => {
        const [a, b, c] = [newStream(), newStream(), newStream()];
        const { position: marker } = await store.append(newStream(), [newEvent()], 'noStream');
        await store.append(a, [newEvent({ n: 0 })], 'noStream');
        await store.append(b, [newEvent({ n: 1 }), newEvent({ n: 2 })], 'noStream');
        await store.append(a, [newEvent({ n: 3 })], 0);
        await store.append(c, [newEvent({ n: 4 })], 'noStream');
        await store.append(b, [newEvent({ n: 5 }), newEvent({ n: 6 })], 1);

        const paged = await readAllOf(store, [a, b, c], marker, 3);

        expect(paged.map((event) => event.data)).to.deep.equal([0, 1, 2, 3, 4, 5, 6].map((n) => ({ n })));
        const positions = paged.map((event) => event.position);
        expect(positions.every((position, index) => index === 0 || position > positions[index - 1]!)).to.equal(true);
        expect(new Set(paged.map((event) => event.eventId)).size).to.equal(7);
      });

      it('reads nothing after the last position', async () => {
        const { position } = await store.append(newStream(), [newEvent()], 'noStream');

        expect(await store.readAll(position, 10)).to.deep.equal([]);
      });

      it('reads at most limit events', async () => {
        const { position: marker } = await store.append(newStream(), [newEvent()], 'noStream');
        await store.append(newStream(), [newEvent(), newEvent(), newEvent()], 'noStream');

        expect(await store.readAll(marker, 2)).to.have.length(2);
      });
    });

    describe('append notifications', () => {
      it('calls a listener after an append, and no longer once it unsubscribed', async () => {
        const calls: string[] = [];
        const unsubscribe = store.onAppended(() => calls.push('first'));
        await store.append(newStream(), [newEvent()], 'noStream');
        await eventually(() => expect(calls).to.include('first'));

        unsubscribe();
        const callsBefore = calls.length;
        store.onAppended(() => calls.push('second'));
        await store.append(newStream(), [newEvent()], 'noStream');

        await eventually(() => expect(calls).to.include('second'));
        expect(calls.filter((call) => call === 'first')).to.have.length(callsBefore);
      });
    });

    describe('durability', () => {
      it('keeps events across close and reopen, and continues positions and revisions after them', async function () {
        if (!subject.reopen) return this.skip();
        const stream = newStream();
        const before = await store.append(stream, [newEvent({ n: 0 }), newEvent({ n: 1 })], 'noStream');
        const written = await store.readStream(stream);
        await store.close();

        const reopened = await subject.reopen();
        const after = await reopened.append(stream, [newEvent({ n: 2 })], 1);

        expect((await reopened.readStream(stream)).slice(0, 2)).to.deep.equal(written);
        expect(after.revision).to.equal(2);
        expect(after.position).to.be.greaterThan(before.position);
      });
    });
  });
