import { randomUUID } from 'node:crypto';
import { chainHead, eventHash } from '../audit/hash-chain.js';
import { errors, isAppError } from '../errors/app-error.js';
import type { EventStore, ExpectedRevision, NewEvent } from '../ports/event-store.js';

const MAX_ANY_RETRIES = 5;

const describeExpected = (expected: ExpectedRevision) => (expected === 'noStream' ? 'noStream' : String(expected));

/**
 * Any event store, with every appended event sealed into its stream's hash chain (see hash-chain.ts).
 * The appender reads the stream's head and appends with exactly that revision, so the chain cannot
 * fork: an append that expected `any` is retried on the new head when another one got in first.
 */
export const withHashChain = (store: EventStore): EventStore => {
  const appendOnce = async (streamName: string, events: NewEvent[], expected: ExpectedRevision) => {
    if (events.length === 0) throw errors.emptyAppend(streamName);
    const history = await store.readStream(streamName);
    const head = history.length - 1;
    if (expected !== 'any' && (expected === 'noStream' ? head !== -1 : expected !== head)) {
      throw errors.wrongExpectedRevision(streamName, describeExpected(expected), head === -1 ? 'noStream' : String(head));
    }
    let previousHash = chainHead(history);
    const chained = events.map((event, offset): NewEvent => {
      const eventId = event.eventId ?? randomUUID();
      const { chain: _unsealed, ...metadata } = event.metadata;
      const hash = eventHash({ ...event, eventId, metadata, streamName, revision: head + 1 + offset }, previousHash);
      const sealed = { ...event, eventId, metadata: { ...metadata, chain: { hash, previousHash } } };
      previousHash = hash;
      return sealed;
    });
    return store.append(streamName, chained, head === -1 ? 'noStream' : head);
  };

  return {
    readStream: (streamName) => store.readStream(streamName),
    readAll: (after, limit) => store.readAll(after, limit),
    onAppended: (listener) => store.onAppended(listener),
    close: () => store.close(),
    async append(streamName, events, expected) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await appendOnce(streamName, events, expected);
        } catch (error) {
          const raced = isAppError(error) && error.code === 'wrong_expected_revision';
          if (!raced || expected !== 'any' || attempt >= MAX_ANY_RETRIES) throw error;
        }
      }
    },
  };
};
