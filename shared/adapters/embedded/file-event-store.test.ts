import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { AppError } from '../../errors/app-error.js';
import type { EventStore, NewEvent } from '../../ports/event-store.js';
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
});
