import { expect } from 'chai';
import { createLogger } from '../logging/logger.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import { createFeedFollower } from './feed-follower.js';
import { createForegroundWork } from './foreground-work.js';

/** A store with an empty feed that tells its append listener whenever the test says so. */
const storeWithHints = () => {
  let notify = () => {};
  const store: EventStore = {
    append: () => Promise.reject(new Error('not used')),
    readStream: () => Promise.resolve([]),
    readAll: () => Promise.resolve([]),
    onAppended(listener) {
      notify = listener;
      return () => (notify = () => {});
    },
    close: () => Promise.resolve(),
  };
  return { store, hint: () => notify() };
};

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A follower of an empty feed that counts its reads, giving way to foreground work for at most `maxWaitMs` if given. */
const countingFollower = (maxWaitMs?: number) => {
  const { store, hint } = storeWithHints();
  const foreground = createForegroundWork();
  let reads = 0;
  const counted: EventStore = { ...store, readAll: (after, limit) => ((reads += 1), store.readAll(after, limit)) };
  const follower = createFeedFollower({
    name: 'test',
    store: counted,
    logger: createLogger('test', 'silent'),
    loadCheckpoint: () => Promise.resolve(0),
    handleBatch: (_events: RecordedEvent[]) => Promise.resolve(),
    ...(maxWaitMs === undefined ? {} : { giveWay: { to: foreground, maxWaitMs } }),
    pollIntervalMs: 60_000,
  });
  return { follower, foreground, hint, reads: () => reads };
};

describe('feed follower', () => {
  it('given an idle follower, when append hints wake it many times within one poll interval, then it leaves no waiting timer or stop listener behind', async () => {
    const { follower, hint, reads } = countingFollower();
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      await follower.start();
      await turn();
      for (let index = 0; index < 30; index++) {
        hint();
        await turn();
      }
      await turn();
      expect(reads()).to.be.greaterThan(30);
      expect(warnings.map((warning) => warning.name)).not.to.include('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
      await follower.stop();
    }
  });

  it('given foreground work under way, when appends wake it, then it reads once the work is done, not before', async () => {
    const { follower, foreground, hint, reads } = countingFollower(60_000);
    try {
      await follower.start();
      await turn();
      const readsWhenIdle = reads();
      const finish = foreground.begin();
      for (let index = 0; index < 5; index++) {
        hint();
        await turn();
      }
      expect(reads()).to.equal(readsWhenIdle);
      finish();
      await turn();
      expect(reads()).to.equal(readsWhenIdle + 1);
    } finally {
      await follower.stop();
    }
  });

  it('given foreground work that goes on, then it reads after the longest wait it was given', async () => {
    const { follower, foreground, hint, reads } = countingFollower(20);
    let finish = () => {};
    try {
      await follower.start();
      await turn();
      finish = foreground.begin();
      const readsBefore = reads();
      hint();
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(reads()).to.equal(readsBefore + 1);
    } finally {
      finish();
      await follower.stop();
    }
  });
});
