import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { EventStore, NewEvent, RecordedEvent } from '../../ports/event-store.js';
import { openEventLogPartition, readEventLogHead } from './event-log-partition.js';
import { openFileEventStore } from './file-event-store.js';

const event = (n: number): NewEvent => ({
  type: 'Tested',
  schemaVersion: 1,
  data: { n },
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
});

const readWhole = async (store: EventStore): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (let batch = await store.readAll(0, 2); batch.length > 0; batch = await store.readAll(batch[batch.length - 1]!.position, 2)) {
    events.push(...batch);
  }
  return events;
};

describe('event log partitions (a replay reading the embedded log in parallel parts)', () => {
  let directory: string;
  let owner: EventStore;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-log-parts-'));
    owner = await openFileEventStore(directory);
    // Five streams, their events interleaved in the log.
    for (let round = 0; round < 2; round++) {
      for (let stream = 1; stream <= 5; stream++)
        await owner.append(`doc-${stream}`, [event(round * 10 + stream)], round === 0 ? 'noStream' : 0);
    }
  });
  afterEach(async () => {
    await owner.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('given a log of five streams, when read in two parts, then each stream is whole in exactly one part, in log order', async () => {
    const upTo = await readEventLogHead(directory);
    const parts = await Promise.all([0, 1].map((part) => openEventLogPartition(directory, { part, parts: 2, upTo })));
    const read = await Promise.all(parts.map(readWhole));

    expect(upTo).to.equal(10);
    const streamsOf = (events: RecordedEvent[]) => new Set(events.map((recorded) => recorded.streamName));
    expect([...streamsOf(read[0]!)].filter((stream) => streamsOf(read[1]!).has(stream))).to.deep.equal([]);
    for (const events of read) {
      expect(events.map((recorded) => recorded.position)).to.deep.equal(
        [...events.map((recorded) => recorded.position)].sort((a, b) => a - b),
      );
      for (const stream of streamsOf(events)) expect(events.filter((recorded) => recorded.streamName === stream)).to.have.length(2);
    }
    expect(read[0]!.length + read[1]!.length).to.equal(10);
    expect((await parts[0]!.readStream('doc-1')).map((recorded) => recorded.data)).to.deep.equal([{ n: 1 }, { n: 11 }]);
    await Promise.all(parts.map((part) => part.close()));
  });

  it('given events appended after the head was taken, when a part is read up to that head, then it holds none of them', async () => {
    const upTo = await readEventLogHead(directory);
    await owner.append('doc-6', [event(60)], 'noStream');
    await owner.append('doc-1', [event(21)], 1);
    const part = await openEventLogPartition(directory, { part: 0, parts: 1, upTo });

    expect((await readWhole(part)).map((recorded) => recorded.position)).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await part.close();
  });

  it('given an append still being written (its last line not yet there), then the head is the end of the append before it', async () => {
    const lines = (await readFile(join(directory, 'events.ndjson'), 'utf8')).trim().split('\n');
    // The first line of a two-event append whose second line is not written yet: no mark of an append's end.
    const unfinished = lines[lines.length - 1]!.replace('"position":10,', '"position":11,').replace(',"lastOfAppend":true}', '}');
    await appendFile(join(directory, 'events.ndjson'), `${unfinished}\n{"position":12,"streamN`);

    expect(await readEventLogHead(directory)).to.equal(10);
  });

  it('given no log yet, then its head is 0', async () => {
    expect(await readEventLogHead(join(directory, 'elsewhere'))).to.equal(0);
  });

  it('given a head past the end of the log, then opening a part is refused', async () => {
    let refusal: unknown = null;
    await openEventLogPartition(directory, { part: 0, parts: 2, upTo: 11 }).catch((error: unknown) => (refusal = error));

    expect(String(refusal)).to.contain('ends at position 10, before 11');
  });

  it('refuses appends', async () => {
    const part = await openEventLogPartition(directory, { part: 0, parts: 2, upTo: 10 });
    let refusal: unknown = null;
    await part.append('doc-7', [event(70)], 'noStream').catch((error: unknown) => (refusal = error));

    expect(String(refusal)).to.contain('read-only');
    await part.close();
  });
});
