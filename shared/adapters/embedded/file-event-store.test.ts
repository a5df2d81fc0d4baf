import { spawnSync } from 'node:child_process';
import { appendFile, copyFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { AppError } from '../../errors/app-error.js';
import type { EventStore, NewEvent } from '../../ports/event-store.js';
import { eventually } from '../../../test/support/eventually.js';
import { openFileEventStore } from './file-event-store.js';

const event = (n: number): NewEvent => ({
  type: 'Tested',
  schemaVersion: 1,
  data: { n },
  metadata: { tenantId: 'tenant-a', documentId: 'doc-1', producer: 'test' },
});

const dataOf = async (store: EventStore) => (await store.readAll(0, 100)).map((recorded) => recorded.data);

const openFailure = async (directory: string): Promise<AppError> => {
  try {
    const store = await openFileEventStore(directory);
    await store.close();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the open to fail');
};

describe('file event store', () => {
  let directory: string;
  const logFile = () => join(directory, 'events.ndjson');

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'kontor-event-log-'));
  });
  afterEach(() => rm(directory, { recursive: true, force: true }));

  describe('recovery from a crash mid-write', () => {
    const tornTails = {
      'a last line without its newline': '{"position":3,"streamName":"doc',
      'an unparsable last line': '{"position":3,"stream\u0000\u0000\n',
    };
    for (const [tail, bytes] of Object.entries(tornTails)) {
      it(`drops ${tail} on open, and appends after the events before it`, async () => {
        const first = await openFileEventStore(directory);
        await first.append('doc-1', [event(0), event(1)], 'noStream');
        await first.close();
        await appendFile(logFile(), bytes);

        const reopened = await openFileEventStore(directory);
        const appended = await reopened.append('doc-1', [event(2)], 1);
        await reopened.close();
        const again = await openFileEventStore(directory);

        expect(appended).to.deep.equal({ revision: 2, position: 3 });
        expect(await dataOf(again)).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }]);
        await again.close();
      });
    }

    it('drops the lines of an append whose last line never reached the disk', async () => {
      const first = await openFileEventStore(directory);
      await first.append('doc-1', [event(0)], 'noStream');
      await first.append('doc-1', [event(1), event(2), event(3)], 0);
      await first.close();
      const lines = (await readFile(logFile(), 'utf8')).split('\n');
      await writeFile(logFile(), `${lines.slice(0, 3).join('\n')}\n`);

      const reopened = await openFileEventStore(directory);

      expect(await dataOf(reopened)).to.deep.equal([{ n: 0 }]);
      expect(await reopened.append('doc-1', [event(4)], 0)).to.deep.equal({ revision: 1, position: 2 });
      await reopened.close();
    });

    it('refuses to open a log that is damaged before its end', async () => {
      const first = await openFileEventStore(directory);
      await first.append('doc-1', [event(0)], 'noStream');
      await first.append('doc-1', [event(1)], 0);
      await first.close();
      const lines = (await readFile(logFile(), 'utf8')).split('\n');
      await writeFile(logFile(), [lines[0], 'not json', lines[1], ''].join('\n'));

      expect((await openFailure(directory)).code).to.equal('event_log_corrupt');
    });
  });

  describe('single owner', () => {
    it('refuses a second open while the first is open, and opens again after close', async () => {
      const owner = await openFileEventStore(directory);
      await owner.append('doc-1', [event(0)], 'noStream');

      const refusal = await openFailure(directory);
      await owner.close();
      const next = await openFileEventStore(directory);

      expect(refusal.code).to.equal('service_unavailable');
      expect(await dataOf(next)).to.deep.equal([{ n: 0 }]);
      await next.close();
    });

    it('takes over a lock left behind by a process that is gone', async () => {
      const { pid: gone } = spawnSync(process.execPath, ['-e', '']);
      await writeFile(join(directory, 'events.lock'), `${gone}\n`);

      const store = await openFileEventStore(directory);

      expect(await readFile(join(directory, 'events.lock'), 'utf8')).to.equal(`${process.pid}\n`);
      await store.close();
    });
  });

  describe('appends arriving together (group commit)', () => {
    it('writes them in arrival order, judges each against the ones before it, and keeps all of them across a reopen', async () => {
      const store = await openFileEventStore(directory);
      const results = await Promise.allSettled([
        store.append('doc-1', [event(0)], 'noStream'),
        store.append('doc-2', [event(1), event(2)], 'noStream'),
        store.append('doc-1', [event(3)], 'noStream'),
        store.append('doc-1', [event(4)], 0),
      ]);
      await store.close();
      const reopened = await openFileEventStore(directory);

      expect(results.map((result) => (result.status === 'fulfilled' ? result.value : (result.reason as AppError).code))).to.deep.equal([
        { revision: 0, position: 1 },
        { revision: 1, position: 3 },
        'wrong_expected_revision',
        { revision: 1, position: 4 },
      ]);
      expect(await dataOf(reopened)).to.deep.equal([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 4 }]);
      await reopened.close();
    });
  });

  describe('index snapshot (an open reads only the log after it)', () => {
    const snapshotFile = () => join(directory, 'events.index');
    /** Every event of the log in global order, as [position, stream, revision, n]. */
    const everyEvent = async (store: EventStore) =>
      (await store.readAll(0, 100_000)).map(({ position, streamName, revision, data }) => [
        position,
        streamName,
        revision,
        (data as { n: number }).n,
      ]);
    const appendEach = async (store: EventStore, streams: Record<string, number[]>) => {
      for (const [stream, ns] of Object.entries(streams)) {
        await store.append(stream, ns.map(event), 'any');
      }
    };

    it('writes a snapshot on close, and a reopen reads every event exactly once and continues after them', async () => {
      const first = await openFileEventStore(directory);
      await appendEach(first, { 'doc-1': [0, 1], 'doc-2': [2] });
      await first.close();

      const reopened = await openFileEventStore(directory);
      const appended = await reopened.append('doc-1', [event(3)], 1);

      expect((await stat(snapshotFile())).size).to.be.greaterThan(0);
      expect(appended).to.deep.equal({ revision: 2, position: 4 });
      expect(await everyEvent(reopened)).to.deep.equal([
        [1, 'doc-1', 0, 0],
        [2, 'doc-1', 1, 1],
        [3, 'doc-2', 0, 2],
        [4, 'doc-1', 2, 3],
      ]);
      await reopened.close();
    });

    it('given no snapshot (a log written before snapshots), open indexes the whole log', async () => {
      const first = await openFileEventStore(directory);
      await appendEach(first, { 'doc-1': [0, 1], 'doc-2': [2] });
      await first.close();
      await rm(snapshotFile());

      const reopened = await openFileEventStore(directory);

      expect(await everyEvent(reopened)).to.deep.equal([
        [1, 'doc-1', 0, 0],
        [2, 'doc-1', 1, 1],
        [3, 'doc-2', 0, 2],
      ]);
      expect(await reopened.append('doc-2', [event(3)], 0)).to.deep.equal({ revision: 1, position: 4 });
      await reopened.close();
    });

    it('given a stale snapshot (the process died before writing the next one), open indexes the lines after it', async () => {
      const first = await openFileEventStore(directory);
      await appendEach(first, { 'doc-1': [0] });
      await first.close();
      await copyFile(snapshotFile(), `${snapshotFile()}.old`);
      const second = await openFileEventStore(directory);
      await appendEach(second, { 'doc-1': [1], 'doc-2': [2, 3] });
      await second.close();
      await copyFile(`${snapshotFile()}.old`, snapshotFile());

      const reopened = await openFileEventStore(directory);

      expect(await everyEvent(reopened)).to.deep.equal([
        [1, 'doc-1', 0, 0],
        [2, 'doc-1', 1, 1],
        [3, 'doc-2', 0, 2],
        [4, 'doc-2', 1, 3],
      ]);
      expect(await reopened.append('doc-2', [event(4)], 1)).to.deep.equal({ revision: 2, position: 5 });
      await reopened.close();
    });

    it('given a damaged snapshot, open ignores it and indexes the whole log', async () => {
      const first = await openFileEventStore(directory);
      await appendEach(first, { 'doc-1': [0, 1], 'doc-2': [2] });
      await first.close();
      const bytes = await readFile(snapshotFile());
      bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 0xff;
      await writeFile(snapshotFile(), bytes);

      const reopened = await openFileEventStore(directory);

      expect(await everyEvent(reopened)).to.deep.equal([
        [1, 'doc-1', 0, 0],
        [2, 'doc-1', 1, 1],
        [3, 'doc-2', 0, 2],
      ]);
      await reopened.close();
    });

    it('given a snapshot that covers more than the log (the log cut back), open ignores it', async () => {
      const first = await openFileEventStore(directory);
      await appendEach(first, { 'doc-1': [0], 'doc-2': [1] });
      await first.close();
      const [firstLine] = (await readFile(logFile(), 'utf8')).split('\n');
      await truncate(logFile(), Buffer.byteLength(`${firstLine}\n`));

      const reopened = await openFileEventStore(directory);

      expect(await everyEvent(reopened)).to.deep.equal([[1, 'doc-1', 0, 0]]);
      expect(await reopened.append('doc-2', [event(2)], 'noStream')).to.deep.equal({ revision: 0, position: 2 });
      await reopened.close();
    });

    it('given the snapshot of another log of the same length, open ignores it', async () => {
      const other = await mkdtemp(join(tmpdir(), 'kontor-event-log-other-'));
      try {
        const elsewhere = await openFileEventStore(other);
        await appendEach(elsewhere, { 'doc-1': [0], 'doc-2': [1] });
        await elsewhere.close();
        const here = await openFileEventStore(directory);
        await appendEach(here, { 'doc-3': [0], 'doc-4': [1] });
        await here.close();
        await copyFile(join(other, 'events.index'), snapshotFile());

        const reopened = await openFileEventStore(directory);

        expect(await everyEvent(reopened)).to.deep.equal([
          [1, 'doc-3', 0, 0],
          [2, 'doc-4', 0, 1],
        ]);
        expect(await reopened.readStream('doc-1')).to.deep.equal([]);
        await reopened.close();
      } finally {
        await rm(other, { recursive: true, force: true });
      }
    });

    it('writes a snapshot while the log grows, so a process that dies without closing leaves one', async () => {
      const store = await openFileEventStore(directory);
      await store.append(
        'doc-1',
        Array.from({ length: 20_000 }, (_, n) => event(n)),
        'noStream',
      );

      await eventually(async () => expect((await stat(snapshotFile())).size).to.be.greaterThan(20_000 * 8));
      await store.close();
    });
  });
});
