import type { Logger } from '../logging/logger.js';
import type { EventStore, RecordedEvent } from '../ports/event-store.js';
import type { ForegroundWork } from './foreground-work.js';
import type { Service } from './service.js';

export interface FeedFollowerOptions {
  name: string;
  store: EventStore;
  logger: Logger;
  /** Where to resume: events after this position are read. */
  loadCheckpoint(): Promise<number>;
  /**
   * Handles events in global order. It owns checkpointing, because a follower that hands work on
   * (the relay) may only save a position once that work is safe.
   */
  handleBatch(events: RecordedEvent[]): Promise<void>;
  batchSize?: number;
  /**
   * Work a client waits for (the embedded API's requests): while it is under way, each read waits until it is
   * done or `maxWaitMs` passed. A burst of creates wakes a follower for nearly every append, and each batch
   * has a cost of its own (the projector's transaction and checkpoint) on the thread the requests share.
   */
  giveWay?: { to: ForegroundWork; maxWaitMs: number };
  pollIntervalMs?: number;
  retryDelayMs?: number;
}

/**
 * Waits `ms`, or until stopped, or until woken early through the function handed to `onWakeUp`. However it
 * ends, its timer and its stop listener go with it: a follower woken by every append of a burst would
 * otherwise leave one of each behind per wake-up until their poll interval ran out.
 */
const sleep = (ms: number, signal: AbortSignal, onWakeUp?: (wakeUp: () => void) => void) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const wakeUp = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', wakeUp);
      resolve();
    };
    const timer = setTimeout(wakeUp, ms);
    signal.addEventListener('abort', wakeUp, { once: true });
    onWakeUp?.(wakeUp);
  });

/** Resolves once `work` is idle, `ms` passed or the follower is stopped, whichever comes first. */
const untilIdle = (work: ForegroundWork, ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = work.onIdle(done);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Follows the event store's global feed from a saved checkpoint (the relay and the projector).
 * Wakes on the store's append hint and polls as a fallback; a failing batch is retried, never skipped.
 */
export const createFeedFollower = (options: FeedFollowerOptions): Service & { caughtUp(): Promise<void> } => {
  const batchSize = options.batchSize ?? 200;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  let controller: AbortController | null = null;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let idleWaiters: Array<() => void> = [];

  const run = async (signal: AbortSignal) => {
    let position = await options.loadCheckpoint();
    const unsubscribe = options.store.onAppended(() => wake?.());
    try {
      while (!signal.aborted) {
        try {
          if (options.giveWay?.to.busy()) await untilIdle(options.giveWay.to, options.giveWay.maxWaitMs, signal);
          const events = await options.store.readAll(position, batchSize);
          if (events.length === 0) {
            for (const resolve of idleWaiters) resolve();
            idleWaiters = [];
            await sleep(pollIntervalMs, signal, (wakeUp) => (wake = wakeUp));
            wake = null;
            continue;
          }
          await options.handleBatch(events);
          position = events[events.length - 1]!.position;
        } catch (error) {
          options.logger.error({ err: error, position }, `${options.name} failed; retrying`);
          await sleep(retryDelayMs, signal);
        }
      }
    } finally {
      unsubscribe();
    }
  };

  return {
    name: options.name,
    async start() {
      controller = new AbortController();
      loop = run(controller.signal);
    },
    async stop() {
      controller?.abort();
      wake?.();
      await loop;
      loop = null;
    },
    /** Resolves the next time the follower has nothing left to read. */
    caughtUp() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        wake?.();
      });
    },
  };
};
