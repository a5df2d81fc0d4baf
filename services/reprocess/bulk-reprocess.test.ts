import { expect } from 'chai';
import { runBulkReprocess, type RequestOutcome, type ReprocessJournal } from './bulk-reprocess.js';

/** A pipeline that finishes each document after it was polled `pollsToFinish` times. */
const fakeApi = (outcomes: Record<string, RequestOutcome | Error> = {}, pollsToFinish = 2) => {
  const polls = new Map<string, number>();
  const requested: string[] = [];
  let inFlight = 0;
  let maxSeen = 0;
  return {
    requested,
    maxSeen: () => maxSeen,
    target: {
      request: async (id: string) => {
        const outcome = outcomes[id] ?? 'accepted';
        if (outcome instanceof Error) throw outcome;
        requested.push(id);
        if (outcome !== 'nothing_to_reprocess') maxSeen = Math.max(maxSeen, ++inFlight);
        return outcome;
      },
      isFinished: async (id: string) => {
        const count = (polls.get(id) ?? 0) + 1;
        polls.set(id, count);
        if (count < pollsToFinish) return false;
        inFlight -= 1;
        return true;
      },
    },
  };
};

const memoryJournal = (requested: string[] = [], done: string[] = []) => {
  const journal = {
    requested: new Set(requested),
    done: new Set(done),
    markRequested: async (id: string) => void journal.requested.add(id),
    markDone: async (id: string) => void journal.done.add(id),
  };
  return journal satisfies ReprocessJournal;
};

const options = {
  maxInFlight: 2,
  pollIntervalMs: 0,
  onProgress: () => undefined,
  onFailure: () => undefined,
  sleep: async () => undefined,
};
const ids = ['a', 'b', 'c', 'd', 'e'];

describe('bulk reprocessing', () => {
  it('given five documents and room for two, then all are reprocessed, never more than two at once', async () => {
    const api = fakeApi();
    const journal = memoryJournal();

    const result = await runBulkReprocess(ids, api.target, journal, options);

    expect(result).to.deep.equal({ total: 5, done: 5, skipped: 0, failed: 0, inFlight: 0 });
    expect(api.requested).to.deep.equal(ids);
    expect(api.maxSeen()).to.equal(2);
    expect([...journal.done].sort()).to.deep.equal(ids);
  });

  it('given a checkpoint of a crashed run, then finished documents are left alone and requested ones only waited for', async () => {
    const api = fakeApi();

    const result = await runBulkReprocess(ids, api.target, memoryJournal(['a', 'b', 'c'], ['a', 'b']), options);

    expect(api.requested).to.deep.equal(['d', 'e']);
    expect(result).to.include({ done: 5, failed: 0 });
  });

  it('given one with nothing to redo and one whose request fails, then the first is skipped and the second left for a later run', async () => {
    const api = fakeApi({ b: 'nothing_to_reprocess', c: new Error('HTTP 503') });
    const failures: string[] = [];
    const journal = memoryJournal();

    const result = await runBulkReprocess(ids, api.target, journal, { ...options, onFailure: (id) => failures.push(id) });

    expect(result).to.deep.equal({ total: 5, done: 4, skipped: 1, failed: 1, inFlight: 0 });
    expect(failures).to.deep.equal(['c']);
    expect(journal.done.has('c')).to.equal(false);
  });
});
