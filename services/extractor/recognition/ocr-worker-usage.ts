import type { ObservableResult } from '@opentelemetry/api';
import { kontorMetrics } from '../../../shared/telemetry/kontor-metrics.js';

/**
 * Measures how busy the OCR workers are: jobs in flight, and worker-seconds spent (the time integral of
 * min(jobs, workers)), so rate(kontor_ocr_worker_busy_seconds_total) / kontor_ocr_workers is their
 * utilisation between 0 and 1. `now` is in milliseconds.
 */
export const createOcrWorkerUsage = (workers: number, now: () => number = () => performance.now()) => {
  const instruments = kontorMetrics();
  const observeWorkers = (result: ObservableResult) => result.observe(workers);
  let jobs = 0;
  let since = now();

  const account = () => {
    const at = now();
    instruments.ocrBusy.add((Math.min(jobs, workers) * (at - since)) / 1000);
    since = at;
  };

  return {
    /** Runs one OCR job, counted while it waits for a worker and while it runs. */
    async measure<T>(job: () => Promise<T>): Promise<T> {
      account();
      jobs += 1;
      instruments.ocrJobsInFlight.add(1);
      try {
        return await job();
      } finally {
        account();
        jobs -= 1;
        instruments.ocrJobsInFlight.add(-1);
      }
    },
    /** The number of workers is reported while they run. */
    started: () => instruments.ocrWorkers.addCallback(observeWorkers),
    stopped: () => instruments.ocrWorkers.removeCallback(observeWorkers),
  };
};
