import type { WebhookDelivery, WebhookStore, WebhookSubscription } from '../../ports/webhook-store.js';
import { connectToDatabase } from './connect-to-database.js';

type Stored<T extends { id: string }> = Omit<T, 'id'> & { _id: string };

const toStored = <T extends { id: string }>({ id, ...rest }: T): Stored<T> => ({ _id: id, ...rest }) as Stored<T>;
const fromStored = <T extends { id: string }>({ _id, ...rest }: Stored<T>): T => ({ id: _id, ...rest }) as unknown as T;

/**
 * Subscriptions and deliveries in two collections. Deliveries are keyed by message id, so enqueueing
 * is an insert-if-absent; indexes serve the dispatcher's scan of pending deliveries and the tenant's
 * list of a subscription's deliveries.
 */
export const openMongoWebhookStore = async (options: { url: string; database: string }): Promise<WebhookStore> => {
  const { client, db } = await connectToDatabase(options.url, options.database);
  const subscriptions = db.collection<Stored<WebhookSubscription>>('webhook_subscriptions');
  const deliveries = db.collection<Stored<WebhookDelivery>>('webhook_deliveries');
  await subscriptions.createIndex({ tenantId: 1, createdAt: 1 });
  await deliveries.createIndex({ status: 1, position: 1, _id: 1 });
  await deliveries.createIndex({ tenantId: 1, subscriptionId: 1, position: -1 });

  return {
    async addSubscription(subscription) {
      await subscriptions.insertOne(toStored(subscription));
    },
    async subscriptions(tenantId) {
      const found = await subscriptions.find({ tenantId }).sort({ createdAt: 1, _id: 1 }).toArray();
      return found.map((stored) => fromStored<WebhookSubscription>(stored));
    },
    async subscription(tenantId, id) {
      const stored = await subscriptions.findOne({ _id: id, tenantId });
      return stored ? fromStored<WebhookSubscription>(stored) : null;
    },
    async removeSubscription(tenantId, id) {
      const { deletedCount } = await subscriptions.deleteOne({ _id: id, tenantId });
      if (deletedCount === 0) return false;
      await deliveries.deleteMany({ tenantId, subscriptionId: id });
      return true;
    },
    async enqueue(candidates) {
      if (candidates.length === 0) return;
      await deliveries.bulkWrite(
        candidates.map((delivery) => {
          const { _id, ...fields } = toStored(delivery);
          return { updateOne: { filter: { _id }, update: { $setOnInsert: fields }, upsert: true } };
        }),
        { ordered: false },
      );
    },
    async pending(limit) {
      const found = await deliveries.find({ status: 'pending' }).sort({ position: 1, _id: 1 }).limit(limit).toArray();
      return found.map((stored) => fromStored<WebhookDelivery>(stored));
    },
    async recordAttempt(id, attempt, next) {
      await deliveries.updateOne({ _id: id }, { $push: { attempts: attempt }, $set: next });
    },
    async deliveries(tenantId, subscriptionId, limit) {
      const found = await deliveries.find({ tenantId, subscriptionId }).sort({ position: -1, _id: -1 }).limit(limit).toArray();
      return found.map((stored) => fromStored<WebhookDelivery>(stored));
    },
    close: () => client.close(),
  };
};
