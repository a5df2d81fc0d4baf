import { expect } from 'chai';
import { chainHead, eventHash, GENESIS_HASH, verifyChain, type ChainedContent } from './hash-chain.js';

const content = (revision: number, data: unknown = { n: revision }): ChainedContent => ({
  streamName: 'document-doc-1',
  revision,
  eventId: `event-${revision}`,
  type: 'Tested',
  schemaVersion: 1,
  data,
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
});

/** Seals events the way the appender does: each with its hash and the hash before it. */
const sealed = (events: ChainedContent[], previous = GENESIS_HASH): ChainedContent[] =>
  events.map((event) => {
    const hash = eventHash(event, previous);
    const result = { ...event, metadata: { ...event.metadata, chain: { hash, previousHash: previous } } };
    previous = hash;
    return result;
  });

describe('hash chain', () => {
  it('given sealed events, then the chain is intact and its head is the last hash', () => {
    const events = sealed([content(0), content(1), content(2)]);

    const report = verifyChain(events);

    expect(report).to.deep.equal({
      status: 'intact',
      events: 3,
      firstChainedRevision: 0,
      headHash: events[2]!.metadata.chain!.hash,
      breaks: [],
    });
  });

  it('given a payload changed after sealing, then the chain breaks at that event only', () => {
    const events = sealed([content(0), content(1), content(2)]);
    events[1] = { ...events[1]!, data: { n: 100 } };

    expect(verifyChain(events).breaks).to.deep.equal([
      { revision: 1, reason: 'payload_changed', detail: 'the event’s content differs from what was recorded' },
    ]);
  });

  it('given an event removed, then the chain breaks where it is missing', () => {
    const events = sealed([content(0), content(1), content(2)]);
    events.splice(1, 1);

    expect(verifyChain(events).breaks.map((found) => found.reason)).to.deep.equal(['event_missing', 'previous_hash_mismatch']);
  });

  it('given a blob reference pointed at other bytes, then the chain breaks there', () => {
    const file = (hash: string) => ({ blob: { hash, size: 10 }, fileName: 'a.pdf', mimeType: 'application/pdf' });
    const events = sealed([content(0, { file: file('a'.repeat(64)) })]);
    events[0] = { ...events[0]!, data: { file: file('b'.repeat(64)) } };

    expect(verifyChain(events).status).to.equal('broken');
  });

  it('given events written before chaining, then they are reported unchained, and the first sealed event seals them too', () => {
    const legacy = [content(0), content(1)];
    expect(verifyChain(legacy)).to.include({ status: 'unchained', firstChainedRevision: null });

    const events = [...legacy, ...sealed([content(2)], chainHead(legacy))];
    expect(verifyChain(events)).to.include({ status: 'intact', firstChainedRevision: 2 });

    events[0] = { ...events[0]!, data: { n: 'changed' } };
    expect(verifyChain(events).breaks).to.deep.equal([
      { revision: 2, reason: 'previous_hash_mismatch', detail: 'the event does not follow the events before it as recorded' },
    ]);
  });

  it('hashes content canonically: the order of keys does not matter', () => {
    expect(eventHash(content(0, { a: 1, b: 2 }), GENESIS_HASH)).to.equal(eventHash(content(0, { b: 2, a: 1 }), GENESIS_HASH));
  });
});
