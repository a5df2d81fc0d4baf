import type { StoredFile } from '../../contracts/events/common.js';
import type { StepEvent } from '../../shared/document/document-decider.js';
import type { DocumentState } from '../../shared/document/document-state.js';

export interface DownloadTarget {
  index: number;
  url: string;
}

/** What happened when one source URL was fetched: its bytes are in the blob store, or it could not be had. */
export type DownloadOutcome =
  | { kind: 'stored'; index: number; url: string; finalUrl: string; file: StoredFile }
  | { kind: 'failed'; index: number; url: string; reason: string; detail: string; httpStatus: number | null };

/** URL sources with neither a stored file nor a recorded failure yet. */
export const urlsToDownload = (state: DocumentState): DownloadTarget[] =>
  state.sources.flatMap((source) =>
    source.kind === 'url' && source.outcome === 'pending' && source.url !== null ? [{ index: source.index, url: source.url }] : [],
  );

const toEvent = (outcome: DownloadOutcome): StepEvent =>
  outcome.kind === 'stored'
    ? {
        type: 'SourceFileStored',
        data: {
          sourceIndex: outcome.index,
          file: outcome.file,
          origin: { kind: 'download', url: outcome.url, finalUrl: outcome.finalUrl },
        },
      }
    : {
        type: 'DownloadFailed',
        data: {
          sourceIndex: outcome.index,
          url: outcome.url,
          reason: outcome.reason,
          detail: outcome.detail,
          httpStatus: outcome.httpStatus,
        },
      };

/**
 * One event per source that is still pending; outcomes for sources already resolved (a redelivered
 * message, a racing duplicate) or repeated for the same source yield nothing.
 */
export const decideDownloadOutcomes = (state: DocumentState, outcomes: DownloadOutcome[]): StepEvent[] => {
  const pending = new Set(urlsToDownload(state).map((target) => target.index));
  return outcomes.flatMap((outcome) => {
    if (!pending.delete(outcome.index)) return [];
    return [toEvent(outcome)];
  });
};
