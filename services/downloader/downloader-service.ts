import type { Logger } from '../../shared/logging/logger.js';
import type { BlobStore } from '../../shared/ports/blob-store.js';
import type { EventBus } from '../../shared/ports/event-bus.js';
import type { EventStore } from '../../shared/ports/event-store.js';
import type { Service } from '../../shared/runtime/service.js';
import { createStepService, type Step } from '../../shared/runtime/step-service.js';
import type { DownloaderConfig } from './downloader-config.js';
import { decideDownloadOutcomes, urlsToDownload, type DownloadOutcome, type DownloadTarget } from './downloader-core.js';
import { createGuardedFetcher, DownloadError, type FetchedFile, type GuardedFetcher } from './guarded-fetch.js';

export interface DownloaderPorts {
  store: EventStore;
  bus: EventBus;
  blobs: BlobStore;
  logger: Logger;
}

export interface DownloaderTuning {
  /** URLs of one document fetched at once. */
  parallelDownloads: number;
  /** Pause before each further attempt after a transient failure; its length is the number of retries. */
  retryDelaysMs: number[];
}

/** A flaky server gets two more chances within the step; after that the failure is recorded, so no document waits forever. */
const defaultDownloaderTuning: DownloaderTuning = { parallelDownloads: 4, retryDelaysMs: [500, 2000] };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const mapWithConcurrency = async <T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

/** Only the host is logged: paths and query strings of download links often carry access tokens. */
const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid url)';
  }
};

/**
 * Fetches every pending source URL, keeps the bytes in the blob store and returns what the core
 * decides. Download failures become DownloadFailed events; a failing blob store throws, so the bus retries.
 */
const createDownloadStep = (blobs: BlobStore, fetchFile: GuardedFetcher, tuning: DownloaderTuning): Step => {
  const fetchWithRetries = async (target: DownloadTarget, logger: Logger): Promise<FetchedFile | DownloadError> => {
    const log = logger.child({ source_index: target.index, url_host: hostOf(target.url) });
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        const file = await fetchFile(target.url);
        log.info({ outcome: 'downloaded', bytes: file.bytes.length, ms: Date.now() - started, attempt }, 'source downloaded');
        return file;
      } catch (error) {
        if (!(error instanceof DownloadError)) throw error;
        const retryDelay = error.retriable ? tuning.retryDelaysMs[attempt - 1] : undefined;
        log.warn(
          {
            outcome: error.reason,
            http_status: error.httpStatus,
            ms: Date.now() - started,
            attempt,
            will_retry: retryDelay !== undefined,
            detail: error.detail,
          },
          'source download failed',
        );
        if (retryDelay === undefined) return error;
        await sleep(retryDelay);
      }
    }
  };

  const download = async (target: DownloadTarget, logger: Logger): Promise<DownloadOutcome> => {
    const result = await fetchWithRetries(target, logger);
    if (result instanceof DownloadError) {
      return {
        kind: 'failed',
        index: target.index,
        url: target.url,
        reason: result.reason,
        detail: result.detail ?? result.message,
        httpStatus: result.httpStatus,
      };
    }
    const blob = await blobs.put(result.bytes);
    return {
      kind: 'stored',
      index: target.index,
      url: target.url,
      finalUrl: result.finalUrl,
      file: { blob, fileName: result.fileName, mimeType: result.mimeType },
    };
  };

  return async ({ state, logger }) => {
    const targets = urlsToDownload(state);
    if (targets.length === 0) return [];
    const outcomes = await mapWithConcurrency(targets, tuning.parallelDownloads, (target) => download(target, logger));
    return decideDownloadOutcomes(state, outcomes);
  };
};

export const createDownloader = (
  ports: DownloaderPorts,
  config: DownloaderConfig,
  tuning: DownloaderTuning = defaultDownloaderTuning,
): Service =>
  createStepService({
    name: 'downloader',
    stage: 'download',
    store: ports.store,
    bus: ports.bus,
    logger: ports.logger,
    triggers: ['DocumentSubmitted'],
    step: createDownloadStep(ports.blobs, createGuardedFetcher(config), tuning),
  });
