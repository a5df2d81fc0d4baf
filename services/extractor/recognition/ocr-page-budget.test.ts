import { expect } from 'chai';
import { createOcrPageBudget, OcrPageBudgetSpent } from './ocr-page-budget.js';
import { startTimedWorkerPool, type TimedWorkerPool } from './timed-worker-pool.js';

interface FakeWorker {
  ended: boolean;
}

/** A clock the jobs move on: each job says how long it took. */
const fakeClock = () => {
  let time = 0;
  return { now: () => time, pass: (ms: number) => (time += ms) };
};

const onePool = (): Promise<TimedWorkerPool<FakeWorker>> =>
  startTimedWorkerPool<FakeWorker>({
    size: 1,
    create: async () => ({ ended: false }),
    terminate: async (worker) => (worker.ended = true),
    replacementFailed: () => {},
  });

describe('OCR time of a page', () => {
  it("given jobs that used the page's time up, when another is asked for, then it fails without running", async () => {
    const clock = fakeClock();
    const budget = createOcrPageBudget(1000, clock.now);
    const pool = await onePool();

    await budget.timed(pool, async () => clock.pass(600));
    await budget.timed(pool, async () => clock.pass(400));
    let ran = false;
    const error = await budget.timed(pool, async () => (ran = true)).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(OcrPageBudgetSpent);
    expect(ran).to.equal(false);
    expect(budget.isSpent()).to.equal(true);
  });

  it("given a job that runs past the time the page has left, then its worker is ended and the page's time is spent", async () => {
    const clock = fakeClock();
    const budget = createOcrPageBudget(30, clock.now);
    const pool = await onePool();
    let worker: FakeWorker | null = null;

    const error = await budget
      .timed(pool, (given) => {
        worker = given;
        return new Promise<never>(() => {});
      })
      .catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(OcrPageBudgetSpent).and.include({ code: 'ocr_failed', status: 422, retriable: false });
    expect(worker!.ended).to.equal(true);
    expect(budget.isSpent()).to.equal(true);
  });

  it("given further looks at a page, when its time runs out in the second, then the first's words stand and the third is not run", async () => {
    const clock = fakeClock();
    const budget = createOcrPageBudget(1000, clock.now);
    const pool = await onePool();
    const run: string[] = [];

    const words = await budget.passes(
      ['first reading'],
      async (read) => {
        await budget.timed(pool, async () => clock.pass(900));
        run.push('doubtful regions');
        return [...read, 'reread'];
      },
      async (read) => {
        await budget.timed(pool, async () => clock.pass(200));
        run.push('large type');
        await budget.timed(pool, async () => clock.pass(1));
        return [...read, 'large type'];
      },
      async (read) => {
        run.push('filled areas');
        return read;
      },
    );

    expect(words).to.deep.equal(['first reading', 'reread']);
    expect(run).to.deep.equal(['doubtful regions', 'large type']);
  });

  it("given another engine's jobs out at once, then their time counts once, and once the page's time is spent none more is run", async () => {
    const clock = fakeClock();
    const budget = createOcrPageBudget(1000, clock.now);
    const finishes: (() => void)[] = [];
    const line = () => budget.whileLeft(() => new Promise<string>((resolve) => finishes.push(() => resolve('read'))));

    const [first, second] = [line(), line()];
    clock.pass(600);
    finishes.splice(0).forEach((finish) => finish());
    expect([await first, await second]).to.deep.equal(['read', 'read']);
    expect(budget.isSpent()).to.equal(false);

    const third = line();
    clock.pass(400);
    expect(budget.isSpent()).to.equal(true);
    finishes.splice(0).forEach((finish) => finish());
    expect(await third).to.equal('read');
    let ran = false;
    expect(await budget.whileLeft(async () => (ran = true))).to.equal(null);
    expect(ran).to.equal(false);
  });

  it('given a look failing for another reason, then the failure is not taken for spent time', async () => {
    const budget = createOcrPageBudget(1000);
    const error = await budget
      .passes([], async () => {
        throw new Error('unreadable image');
      })
      .catch((caught: unknown) => caught);

    expect((error as Error).message).to.equal('unreadable image');
  });

  it('names the page it was reading when told', () => {
    expect(new OcrPageBudgetSpent(90_000).onPage(3).detail).to.match(/^reading page 3 took longer than its OCR time of 90 s/);
  });
});
