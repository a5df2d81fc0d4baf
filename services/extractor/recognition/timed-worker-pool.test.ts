import { expect } from 'chai';
import { startTimedWorkerPool, WorkerTimeLimitExceeded, type TimedWorkerPoolOptions } from './timed-worker-pool.js';

interface FakeWorker {
  id: number;
  ended: boolean;
}

const never = () => new Promise<never>(() => {});
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Fake workers numbered as they start; `failFrom` makes every start from that number on fail. */
const fakeWorkers = (size: number, failFrom = Infinity) => {
  const made: FakeWorker[] = [];
  const replacementFailures: unknown[] = [];
  const options: TimedWorkerPoolOptions<FakeWorker> = {
    size,
    create: async () => {
      const id = made.length + 1;
      if (id >= failFrom) throw new Error(`worker ${id} failed to start`);
      const worker = { id, ended: false };
      made.push(worker);
      return worker;
    },
    terminate: async (worker) => {
      worker.ended = true;
    },
    replacementFailed: (error) => replacementFailures.push(error),
  };
  return { made, replacementFailures, options };
};

describe('timed worker pool', () => {
  it('given one worker, when two jobs are run, then the second waits for the first and both run on it', async () => {
    const { options } = fakeWorkers(1);
    const pool = await startTimedWorkerPool(options);
    const order: string[] = [];
    let finishFirst: () => void = () => {};
    const first = pool.run(async (worker) => {
      order.push(`first on ${worker.id}`);
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first done');
    }, 1000);
    const second = pool.run(async (worker) => order.push(`second on ${worker.id}`), 1000);
    await settle();
    expect(order).to.deep.equal(['first on 1']);
    finishFirst();
    await Promise.all([first, second]);
    expect(order).to.deep.equal(['first on 1', 'first done', 'second on 1']);
  });

  it('given a job that runs past its limit, then it rejects, its worker is ended and the next job runs on a new worker', async () => {
    const { options, made } = fakeWorkers(1);
    const pool = await startTimedWorkerPool(options);
    const error = await pool.run(never, 20).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(WorkerTimeLimitExceeded);
    expect(made[0]!.ended).to.equal(true);
    expect(await pool.run(async (worker) => worker.id, 1000)).to.equal(2);
  });

  it('given a job that fails on its own, then its worker stays in the pool', async () => {
    const { options, made } = fakeWorkers(1);
    const pool = await startTimedWorkerPool(options);
    const error = await pool
      .run(async () => {
        throw new Error('unreadable image');
      }, 1000)
      .catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('unreadable image');
    expect(await pool.run(async (worker) => worker.id, 1000)).to.equal(1);
    expect(made.map((worker) => worker.ended)).to.deep.equal([false]);
  });

  it('given a worker that fails to start, then the pool does not start and the workers that did are ended', async () => {
    const { options, made } = fakeWorkers(3, 3);
    const error = await startTimedWorkerPool(options).catch((caught: unknown) => caught);
    expect((error as Error).message).to.equal('worker 3 failed to start');
    expect(made.map((worker) => worker.ended)).to.deep.equal([true, true]);
  });

  it('given the last worker ended and its replacement failing to start, then waiting and later jobs reject with why', async () => {
    const { options, replacementFailures } = fakeWorkers(1, 2);
    const pool = await startTimedWorkerPool(options);
    const runaway = pool.run(never, 20).catch((caught: unknown) => caught);
    const waiting = pool.run(async () => 'never run', 1000).catch((caught: unknown) => caught);
    expect(await runaway).to.be.instanceOf(WorkerTimeLimitExceeded);
    expect(((await waiting) as Error).message).to.equal('worker 2 failed to start');
    expect(((await pool.run(async () => 'never run', 1000).catch((caught: unknown) => caught)) as Error).message).to.equal(
      'worker 2 failed to start',
    );
    expect(replacementFailures).to.have.length(1);
  });

  it('when the pool is ended, then every worker is ended and jobs still waiting reject', async () => {
    const { options, made } = fakeWorkers(1);
    const pool = await startTimedWorkerPool(options);
    void pool.run(never, 60_000).catch(() => undefined);
    const waiting = pool.run(async () => 'never run', 1000).catch((caught: unknown) => caught);
    await pool.terminate();
    expect(((await waiting) as Error).message).to.equal('the worker pool was stopped');
    expect(made.map((worker) => worker.ended)).to.deep.equal([true]);
  });
});
