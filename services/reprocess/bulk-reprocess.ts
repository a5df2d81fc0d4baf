/** What asking for one document's reprocessing came to. */
export type RequestOutcome = 'accepted' | 'already_processing' | 'nothing_to_reprocess';

/** The API as the bulk run uses it. */
export interface ReprocessTarget {
  request(documentId: string): Promise<RequestOutcome>;
  /** Whether the document has left `processing` (done or failed). */
  isFinished(documentId: string): Promise<boolean>;
}

/** The checkpoint: what was asked for, and what has finished, so a run that crashed resumes where it stood. */
export interface ReprocessJournal {
  requested: ReadonlySet<string>;
  done: ReadonlySet<string>;
  markRequested(documentId: string): Promise<void>;
  markDone(documentId: string): Promise<void>;
}

export interface BulkProgress {
  total: number;
  /** Finished reprocessing in this run or an earlier one. */
  done: number;
  skipped: number;
  failed: number;
  inFlight: number;
}

export interface BulkOptions {
  /** At most this many documents reprocess at once, so new submissions keep their share of the pipeline. */
  maxInFlight: number;
  pollIntervalMs: number;
  onProgress(progress: BulkProgress): void;
  onFailure(documentId: string, error: unknown): void;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reprocesses the documents one window at a time: keeps up to `maxInFlight` of them processing, asks
 * for the next as one finishes. A document asked for before a crash is not asked for again, only
 * waited for; one already processing is waited for; one with nothing to redo is skipped. A document
 * whose request fails is reported and left out of the checkpoint, so a later run tries it again.
 */
export const runBulkReprocess = async (
  documentIds: string[],
  target: ReprocessTarget,
  journal: ReprocessJournal,
  options: BulkOptions,
): Promise<BulkProgress> => {
  const sleep = options.sleep ?? defaultSleep;
  const queue = documentIds.filter((id) => !journal.done.has(id));
  const inFlight = new Set<string>();
  const progress = () => ({ ...counts, inFlight: inFlight.size });
  const counts = { total: documentIds.length, done: documentIds.length - queue.length, skipped: 0, failed: 0 };
  options.onProgress(progress());

  const start = async (documentId: string) => {
    if (journal.requested.has(documentId)) {
      inFlight.add(documentId);
      return;
    }
    try {
      const outcome = await target.request(documentId);
      if (outcome === 'nothing_to_reprocess') {
        await journal.markDone(documentId);
        counts.skipped += 1;
        counts.done += 1;
        return;
      }
      await journal.markRequested(documentId);
      inFlight.add(documentId);
    } catch (error) {
      counts.failed += 1;
      options.onFailure(documentId, error);
    }
  };

  const collectFinished = async (): Promise<number> => {
    let finished = 0;
    for (const documentId of [...inFlight]) {
      const isFinished = await target.isFinished(documentId).catch((error: unknown) => {
        options.onFailure(documentId, error);
        return false;
      });
      if (!isFinished) continue;
      inFlight.delete(documentId);
      await journal.markDone(documentId);
      counts.done += 1;
      finished += 1;
    }
    return finished;
  };

  while (queue.length > 0 || inFlight.size > 0) {
    while (queue.length > 0 && inFlight.size < options.maxInFlight) await start(queue.shift()!);
    options.onProgress(progress());
    if (inFlight.size === 0) continue;
    if ((await collectFinished()) === 0) await sleep(options.pollIntervalMs);
    options.onProgress(progress());
  }
  return progress();
};
