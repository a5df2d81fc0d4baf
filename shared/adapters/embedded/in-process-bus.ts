import { AppError, errors } from '../../errors/app-error.js';
import type { BusMessage, EventBus, Subscription, SubscriptionOptions } from '../../ports/event-bus.js';
import { LRUCache } from 'lru-cache';
import type { ForegroundWork } from '../../runtime/foreground-work.js';
import { TenantFairQueue } from '../../runtime/tenant-fair-queue.js';
import { exponentialBackoffMs } from '../redelivery-backoff.js';

export interface InProcessBusOptions {
  /** Attempts per message and group before the message is dead-lettered. */
  maxAttempts?: number;
  /** Delay before the next attempt, after attempt number `attempt` (1-based) failed. */
  backoffMs?: (attempt: number) => number;
  /**
   * Messages handled at once by all groups together (each group also keeps to its own concurrency);
   * default: no limit. The groups share one event loop, so more at once only makes each take longer.
   */
  maxHandling?: number;
  /**
   * A message still handled after this long gives its place under `maxHandling` back: it waits on something
   * else by then (the OCR workers, a server), and must not hold up other documents for all of it.
   */
  handlingTurnMs?: number;
  /** Groups outside `maxHandling` (and the foreground's turn): their messages mostly wait on other machines (downloads). */
  unlimitedGroups?: readonly string[];
  /** While this is busy (clients waiting for answers), only one message is handled at a time. */
  foreground?: ForegroundWork;
}

interface RetryPolicy {
  maxAttempts: number;
  backoffMs: (attempt: number) => number;
}

/** One message on its way through one group; settles the group's share of the publish promise. */
interface Delivery {
  message: BusMessage;
  attempts: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** The bus's handling slots, shared by its groups. */
interface HandlingSlots {
  /** Whether one more message may be handled now. */
  free(): boolean;
  /**
   * Whether a message of `tenant` may start beyond the shared limit: the tenant has nothing being handled
   * anywhere on the bus (its document waits behind another tenant's burst), and few such extras run.
   */
  freeForIdle(tenant: string): boolean;
  take(tenant: string): void;
  /** Gives a slot back; every group may then start what fits, the groups after `group` first. */
  release(group: ConsumerGroup, tenant: string): void;
}

interface ConsumerGroup {
  deliver(message: BusMessage): Promise<void>;
  /** Starts as many ready messages as the group's concurrency and the shared slots allow. */
  pump(): void;
  /** Messages waiting, being handled or backing off. */
  depth(): number;
  stop(): Promise<void>;
}

/** Longer than a step's own work on the event loop takes for a page; shorter than a page's OCR. */
const DEFAULT_HANDLING_TURN_MS = 5000;

const UNLIMITED: HandlingSlots = { free: () => true, freeForIdle: () => false, take: () => undefined, release: () => undefined };

/** How many documents' ages the bus remembers; an older document met again counts as new. */
const REMEMBERED_KEYS = 100_000;

/**
 * Each key has a lane of deliveries handled head first, so one key's messages stay in order.
 * A key with a lane is always in exactly one place: waiting in `ready`, being attempted, or backing off.
 * Backing off frees the slot, so other keys go on while one waits. Ready keys take turns by tenant and,
 * within a tenant, by the age of their document (`rankOf`): a document's next step goes before a newer
 * document's first, so documents finish one after another instead of all advancing stage by stage.
 */
const startConsumerGroup = (
  options: SubscriptionOptions,
  retry: RetryPolicy,
  rankOf: (key: string) => number,
  slots: HandlingSlots,
  handlingTurnMs: number,
): ConsumerGroup => {
  const concurrency = options.concurrency ?? 1;
  const lanes = new Map<string, Delivery[]>();
  const ready = new TenantFairQueue<string>();
  const tenantOf = (key: string) => lanes.get(key)![0]!.message.event.metadata.tenantId;
  const markReady = (key: string) => ready.push(tenantOf(key), rankOf(key), key);
  const attempts = new Set<Promise<void>>();
  const backoffs = new Set<NodeJS.Timeout>();
  let stopping = false;

  const finishHead = (key: string): Delivery => {
    const lane = lanes.get(key)!;
    const delivery = lane.shift()!;
    if (lane.length > 0) markReady(key);
    else lanes.delete(key);
    return delivery;
  };

  const retryLater = (key: string, attempt: number) => {
    const timer = setTimeout(() => {
      backoffs.delete(timer);
      markReady(key);
      pump();
    }, retry.backoffMs(attempt));
    backoffs.add(timer);
  };

  const deadLetter = async (key: string, delivery: Delivery, error: unknown) => {
    try {
      await options.onDeadLetter(delivery.message, error);
      finishHead(key).resolve();
    } catch (deadLetterError) {
      // Not handled and not parked: the publisher must not count it as done, and may send it again.
      finishHead(key).reject(errors.unavailable(`group ${options.group} could not dead-letter a message`, deadLetterError));
    }
  };

  const attemptHead = async (key: string) => {
    const delivery = lanes.get(key)![0]!;
    delivery.attempts += 1;
    try {
      await options.handler(delivery.message);
      finishHead(key).resolve();
    } catch (error) {
      if (delivery.attempts >= retry.maxAttempts) await deadLetter(key, delivery, error);
      // While stopping the delivery stays in its lane, and `stop` rejects it.
      else if (!stopping) retryLater(key, delivery.attempts);
    }
  };

  /**
   * The next ready key within the group's concurrency and the shared slots; beyond both, the next of a tenant
   * with nothing being handled (see `HandlingSlots.freeForIdle`), so one document of a quiet tenant does not
   * wait at every step for a slot another tenant's burst holds.
   */
  const nextKey = (): string | undefined => {
    if (stopping || ready.size === 0) return undefined;
    if (attempts.size < concurrency && slots.free()) return ready.shift();
    return ready.shiftOf(slots.freeForIdle);
  };

  const pump = () => {
    for (let key = nextKey(); key !== undefined; key = nextKey()) {
      const tenant = tenantOf(key);
      slots.take(tenant);
      let holding = true;
      const giveBack = () => {
        if (!holding) return;
        holding = false;
        slots.release(group, tenant);
      };
      const turn = setTimeout(giveBack, handlingTurnMs);
      // A turn of the event loop first, so requests that arrived meanwhile are read (and counted) first.
      const attempt = new Promise((resolve) => setImmediate(resolve))
        .then(() => attemptHead(key))
        .finally(() => {
          clearTimeout(turn);
          attempts.delete(attempt);
          giveBack();
          pump();
        });
      attempts.add(attempt);
    }
  };

  const group: ConsumerGroup = {
    pump,
    deliver: (message) =>
      new Promise<void>((resolve, reject) => {
        const delivery = { message, attempts: 0, resolve, reject };
        const lane = lanes.get(message.key);
        if (lane) lane.push(delivery);
        else {
          lanes.set(message.key, [delivery]);
          markReady(message.key);
        }
        pump();
      }),
    depth: () => [...lanes.values()].reduce((sum, lane) => sum + lane.length, 0),
    async stop() {
      stopping = true;
      for (const timer of backoffs) clearTimeout(timer);
      backoffs.clear();
      await Promise.all(attempts);
      const unfinished = errors.unavailable(`group ${options.group} stopped before handling the message`);
      for (const lane of lanes.values()) for (const delivery of lane) delivery.reject(unfinished);
      lanes.clear();
      ready.clear();
    },
  };
  return group;
};

/**
 * The embedded event bus. `publish` resolves only when every group subscribed at that moment has handled
 * or dead-lettered every message, so a relay that checkpoints what `publish` resolved never skips work.
 */
export const createInProcessBus = (options: InProcessBusOptions = {}): EventBus => {
  const retry: RetryPolicy = {
    maxAttempts: options.maxAttempts ?? 5,
    backoffMs: options.backoffMs ?? exponentialBackoffMs,
  };
  const groups = new Map<string, ConsumerGroup>();
  const maxHandling = options.maxHandling ?? Number.POSITIVE_INFINITY;
  const handlingTurnMs = options.handlingTurnMs ?? DEFAULT_HANDLING_TURN_MS;
  let handling = 0;
  /** Messages being handled per tenant, for `freeForIdle`. */
  const handlingOf = new Map<string, number>();
  const pumpAll = (after?: ConsumerGroup) => {
    const all = [...groups.values()];
    const start = after ? all.indexOf(after) + 1 : 0;
    for (let offset = 0; offset < all.length; offset++) all[(start + offset) % all.length]!.pump();
  };
  const slots: HandlingSlots = {
    free: () => handling < (options.foreground?.busy() ? 1 : maxHandling),
    // At most as many extras as the limit itself: many quiet tenants at once are a load like any other.
    freeForIdle: (tenant) => !handlingOf.has(tenant) && handling < 2 * maxHandling,
    take(tenant) {
      handling += 1;
      handlingOf.set(tenant, (handlingOf.get(tenant) ?? 0) + 1);
    },
    release(group, tenant) {
      handling -= 1;
      const left = handlingOf.get(tenant)! - 1;
      if (left === 0) handlingOf.delete(tenant);
      else handlingOf.set(tenant, left);
      pumpAll(group);
    },
  };
  // What waited for the foreground starts once it is done.
  const unsubscribeForeground = options.foreground?.onIdle(() => pumpAll());
  let closed = false;
  const ranks = new LRUCache<string, number>({ max: REMEMBERED_KEYS });
  let nextRank = 0;
  const rankOf = (key: string): number => {
    let rank = ranks.get(key);
    if (rank === undefined) {
      rank = nextRank++;
      ranks.set(key, rank);
    }
    return rank;
  };

  const ensureOpen = () => {
    if (closed) throw errors.unavailable('event bus is closed');
  };

  return {
    async publish(messages) {
      ensureOpen();
      // Nothing is kept for groups that subscribe later, so with no group subscribed there is nobody to
      // deliver to and publish resolves at once: services must subscribe before the relay starts.
      const current = [...groups.values()];
      for (const message of messages) rankOf(message.key);
      await Promise.all(current.flatMap((group) => messages.map((message) => group.deliver(message))));
    },
    async subscribe(subscription): Promise<Subscription> {
      ensureOpen();
      if (groups.has(subscription.group)) {
        throw new AppError({
          code: 'group_already_subscribed',
          status: 500,
          title: 'Group already subscribed',
          detail: `group ${subscription.group} already has a subscription on this bus`,
        });
      }
      const unlimited = options.unlimitedGroups?.includes(subscription.group) ?? false;
      const group = startConsumerGroup(subscription, retry, rankOf, unlimited ? UNLIMITED : slots, handlingTurnMs);
      groups.set(subscription.group, group);
      return {
        stop() {
          if (groups.get(subscription.group) === group) groups.delete(subscription.group);
          return group.stop();
        },
      };
    },
    async backlog() {
      return [...groups.entries()].map(([group, consumers]) => ({ group, messages: consumers.depth() }));
    },
    async close() {
      closed = true;
      unsubscribeForeground?.();
      const all = [...groups.values()];
      groups.clear();
      await Promise.all(all.map((group) => group.stop()));
    },
  };
};
