import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WebhookDelivery, WebhookStore, WebhookSubscription } from '../../ports/webhook-store.js';
import { writeFileAtomically } from './atomic-write-file.js';

type Change =
  | { op: 'subscription'; subscription: WebhookSubscription }
  | { op: 'remove'; tenantId: string; id: string }
  | { op: 'delivery'; delivery: WebhookDelivery };

const byPositionThenId = (a: WebhookDelivery, b: WebhookDelivery) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Subscriptions and deliveries in memory, made durable as a log of changes (`webhooks.jsonl`, one JSON
 * line per change, synced before the call returns). Opening replays the log and writes it back compacted.
 */
export const openFileWebhookStore = async (directory: string): Promise<WebhookStore> => {
  await mkdir(directory, { recursive: true });
  const file = join(directory, 'webhooks.jsonl');
  const subscriptions = new Map<string, WebhookSubscription>();
  const deliveries = new Map<string, WebhookDelivery>();

  const apply = (change: Change) => {
    if (change.op === 'subscription') subscriptions.set(change.subscription.id, change.subscription);
    else if (change.op === 'delivery') deliveries.set(change.delivery.id, change.delivery);
    else {
      subscriptions.delete(change.id);
      for (const [id, delivery] of deliveries) if (delivery.subscriptionId === change.id) deliveries.delete(id);
    }
  };

  let existing = '';
  try {
    existing = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // A crash can cut the last line short; what was not fully written was never acknowledged.
  for (const line of existing.split('\n').filter(Boolean)) {
    try {
      apply(JSON.parse(line) as Change);
    } catch {
      break;
    }
  }
  const compacted: Change[] = [
    ...[...subscriptions.values()].map((subscription): Change => ({ op: 'subscription', subscription })),
    ...[...deliveries.values()].map((delivery): Change => ({ op: 'delivery', delivery })),
  ];
  await writeFileAtomically(file, compacted.map((change) => `${JSON.stringify(change)}\n`).join(''));

  const log = await open(file, 'a');
  let writing: Promise<unknown> = Promise.resolve();
  const record = (...changes: Change[]): Promise<void> => {
    for (const change of changes) apply(change);
    const written = writing.then(async () => {
      await log.write(changes.map((change) => `${JSON.stringify(change)}\n`).join(''));
      await log.datasync();
    });
    writing = written.catch(() => undefined);
    return written;
  };

  const ownedBy = (tenantId: string, id: string) => {
    const subscription = subscriptions.get(id);
    return subscription?.tenantId === tenantId ? subscription : null;
  };

  return {
    addSubscription: (subscription) => record({ op: 'subscription', subscription }),
    async subscriptions(tenantId) {
      return [...subscriptions.values()]
        .filter((subscription) => subscription.tenantId === tenantId)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async subscription(tenantId, id) {
      return ownedBy(tenantId, id);
    },
    async removeSubscription(tenantId, id) {
      if (!ownedBy(tenantId, id)) return false;
      await record({ op: 'remove', tenantId, id });
      return true;
    },
    async enqueue(candidates) {
      const fresh = candidates.filter((delivery) => !deliveries.has(delivery.id));
      if (fresh.length > 0) await record(...fresh.map((delivery): Change => ({ op: 'delivery', delivery })));
    },
    async pending(limit) {
      return [...deliveries.values()]
        .filter((delivery) => delivery.status === 'pending')
        .sort(byPositionThenId)
        .slice(0, limit);
    },
    async recordAttempt(id, attempt, next) {
      const delivery = deliveries.get(id);
      if (!delivery) return;
      await record({ op: 'delivery', delivery: { ...delivery, ...next, attempts: [...delivery.attempts, attempt] } });
    },
    async deliveries(tenantId, subscriptionId, limit) {
      return [...deliveries.values()]
        .filter((delivery) => delivery.tenantId === tenantId && delivery.subscriptionId === subscriptionId)
        .sort((a, b) => byPositionThenId(b, a))
        .slice(0, limit);
    },
    async close() {
      await writing;
      await log.close();
    },
  };
};
