/** A job ran on its worker past its time limit: the worker was ended and another is started in its place. */
export class WorkerTimeLimitExceeded extends Error {
  constructor(readonly limitMs: number) {
    super(`the job ran longer than its limit of ${Math.round(limitMs)} ms; its worker was ended`);
    this.name = 'WorkerTimeLimitExceeded';
  }
}

export interface TimedWorkerPoolOptions<W> {
  size: number;
  create: () => Promise<W>;
  terminate: (worker: W) => Promise<unknown>;
  /** A worker started in place of an ended one failed to start: the pool has one worker fewer. */
  replacementFailed: (error: unknown) => void;
}

export interface TimedWorkerPool<W> {
  /**
   * Runs `job` on the first free worker, its turn awaited; should it run longer than `limitMs` once begun, its
   * worker is ended, another started in its place, and the promise rejects with `WorkerTimeLimitExceeded`.
   */
  run<T>(job: (worker: W) => Promise<T>, limitMs: number): Promise<T>;
  /** Ends every worker; jobs still waiting for one reject. */
  terminate(): Promise<void>;
}

interface Waiting<W> {
  resolve: (worker: W) => void;
  reject: (error: unknown) => void;
}

/**
 * Long-lived workers that take jobs in turn, where a job that runs away costs its worker rather than the
 * pool: a worker busy in native or WebAssembly code cannot be interrupted, only ended (tesseract.js's own
 * scheduler has no time limit, and pools such as generic-pool do not end a resource in use). The workers are
 * started side by side and the pool fails to start if any of them does.
 */
export const startTimedWorkerPool = async <W>(options: TimedWorkerPoolOptions<W>): Promise<TimedWorkerPool<W>> => {
  const starting = await Promise.allSettled(Array.from({ length: options.size }, () => options.create()));
  const started = starting.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = starting.find((outcome) => outcome.status === 'rejected');
  if (failed !== undefined) {
    await Promise.allSettled(started.map(options.terminate));
    throw failed.reason;
  }

  const idle: W[] = [...started];
  const busy = new Set<W>();
  const waiting: Waiting<W>[] = [];
  let live = started.length;
  let unusable: unknown = null;

  const give = (worker: W) => {
    if (unusable !== null) return void options.terminate(worker).catch(() => undefined);
    const next = waiting.shift();
    if (!next) return void idle.push(worker);
    busy.add(worker);
    next.resolve(worker);
  };
  const take = (): Promise<W> => {
    if (unusable !== null) return Promise.reject(unusable);
    const worker = idle.pop();
    if (worker === undefined) return new Promise<W>((resolve, reject) => waiting.push({ resolve, reject }));
    busy.add(worker);
    return Promise.resolve(worker);
  };
  const becomeUnusable = (reason: unknown) => {
    unusable = reason;
    for (const next of waiting.splice(0)) next.reject(reason);
  };
  const replace = async () => {
    try {
      const worker = await options.create();
      give(worker);
    } catch (error) {
      live -= 1;
      options.replacementFailed(error);
      if (live === 0) becomeUnusable(error);
    }
  };

  return {
    async run(job, limitMs) {
      const worker = await take();
      let timer: NodeJS.Timeout | undefined;
      const overrun = new Promise<never>((_, reject) => {
        // Unreferenced: a job whose worker the pool's stop ended must not keep the process alive until its limit.
        timer = setTimeout(() => reject(new WorkerTimeLimitExceeded(limitMs)), Math.max(0, limitMs)).unref();
      });
      try {
        const result = await Promise.race([job(worker), overrun]);
        busy.delete(worker);
        give(worker);
        return result;
      } catch (error) {
        busy.delete(worker);
        if (error instanceof WorkerTimeLimitExceeded) {
          void options.terminate(worker).catch(() => undefined);
          void replace();
        } else give(worker);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    async terminate() {
      becomeUnusable(new Error('the worker pool was stopped'));
      await Promise.allSettled([...idle.splice(0), ...busy].map(options.terminate));
      busy.clear();
    },
  };
};
