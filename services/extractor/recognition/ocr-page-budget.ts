import { AppError } from '../../../shared/errors/app-error.js';
import { WorkerTimeLimitExceeded, type TimedWorkerPool } from './timed-worker-pool.js';

/**
 * A page's first reading ran past its OCR time: the document fails with `ocr_failed`, and trying it again as
 * it is would only take the time again.
 */
export class OcrPageBudgetSpent extends AppError {
  constructor(
    readonly budgetMs: number,
    pageNumber?: number,
  ) {
    const page = pageNumber === undefined ? 'a page' : `page ${pageNumber}`;
    super({
      code: 'ocr_failed',
      status: 422,
      title: 'OCR took too long',
      detail:
        `reading ${page} took longer than its OCR time of ${Math.round(budgetMs / 1000)} s (OCR_PAGE_BUDGET_SECONDS); ` +
        'a scan cut to its paper, at about 300 dpi, reads in seconds',
      retriable: false,
    });
  }

  /** The same error, naming the page. */
  onPage(pageNumber: number): OcrPageBudgetSpent {
    return new OcrPageBudgetSpent(this.budgetMs, pageNumber);
  }
}

export interface OcrPageBudget {
  /**
   * Runs a recognition job on one of the pool's workers with the page's time left as its limit, and counts
   * its time; throws `OcrPageBudgetSpent` once the page has none left, or when the job runs past it (its
   * worker is ended then, so a runaway page holds no worker from the next pages).
   */
  timed<W, T>(pool: TimedWorkerPool<W>, job: (worker: W) => Promise<T>): Promise<T>;
  /**
   * Runs a job of another engine on the page (its second reader's line) while time is left; null once spent. Its
   * jobs count by the time any of them is out, as its thread reads them one at a time.
   */
  whileLeft<T>(job: () => Promise<T>): Promise<T | null>;
  /** Runs the page's further looks at its words in turn while time is left; once spent, the words read so far stand. */
  passes<T>(words: T, ...passes: ((words: T) => Promise<T>)[]): Promise<T>;
  isSpent(): boolean;
}

/**
 * The OCR time one page may take: its jobs' time on the engine's workers, added as each ends (parts read at
 * once count each), so a queue of other pages' jobs before it does not count. A normal 300-dpi A4 scan takes
 * a tenth of the default; a runaway one (a huge photo, a grey ground the clean-up turned into specks) takes
 * minutes and would hold a worker from every other tenant's pages.
 */
export const createOcrPageBudget = (budgetMs: number, now: () => number = () => performance.now()): OcrPageBudget => {
  let spent = 0;
  // Another engine's jobs run one at a time in its thread, however many wait there: their time is the time any is out.
  let othersOut = 0;
  let othersSince = 0;
  const used = () => spent + (othersOut > 0 ? now() - othersSince : 0);
  const isSpent = () => used() >= budgetMs;
  return {
    isSpent,
    async timed(pool, job) {
      if (isSpent()) throw new OcrPageBudgetSpent(budgetMs);
      try {
        return await pool.run(async (worker) => {
          const began = now();
          try {
            return await job(worker);
          } finally {
            spent += now() - began;
          }
        }, budgetMs - used());
      } catch (error) {
        if (!(error instanceof WorkerTimeLimitExceeded)) throw error;
        spent = budgetMs;
        throw new OcrPageBudgetSpent(budgetMs);
      }
    },
    async whileLeft(job) {
      if (isSpent()) return null;
      if (othersOut++ === 0) othersSince = now();
      try {
        return await job();
      } finally {
        if (--othersOut === 0) spent += now() - othersSince;
      }
    },
    async passes(words, ...passes) {
      let current = words;
      for (const pass of passes) {
        try {
          current = await pass(current);
        } catch (error) {
          if (error instanceof OcrPageBudgetSpent) return current;
          throw error;
        }
      }
      return current;
    },
  };
};
